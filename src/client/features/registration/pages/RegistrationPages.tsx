/**
 * /register (SPEC §2): the class code (default; also /register/code and /register/email) and what it
 * leads to (school, class, teachers) before the student commits, the
 * invitation's e-mail step (/register/{id}), and the record steps /register/{id}/record/{rid}/…:
 * name, externalid, terms, verify, verify/{otid}, username, password. Forms: formik + the shared
 * yup schemas; the server checks the same rules.
 */
import { useEffect, useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import * as yup from 'yup';
import {
  ACCOUNT_LIMITS,
  externalIdField,
  joiningLine,
  nameStepSchema,
  passwordStepSchema,
  termsStepSchema,
  userNameStepSchema,
  verificationCodeSchema,
  withConfirmation,
  type CodePreview,
} from '../../../../common/accounts';
import { fieldRequired, MESSAGES } from '../../../../common/messages';
import { isValidEmail } from '../../../../common/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fieldProps, markChanged, shownError } from '../../../ui/formikField';
import { PageFrame } from '../../../ui/PageFrame';
import { AccessCodeField, useAccessCodeFormik } from '../../../ui/AccessCodeField';
import { FormStack } from '../../../ui/FormStack';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { RecordFrame, useRecordRef, useServerErrorClearedOnEdit } from '../components/RecordFrame';
import { StepForm, useRegistrationBusy, useStepFormik } from '../components/StepForm';
import { userNameFeedback } from '../userNameFeedback';
import { selectCodePreview, selectOtid, selectRecord, selectRegistrationError, selectRegistrationStatus, selectUserNameCheck } from '../selectors';
import {
  codePreviewCleared,
  codePreviewRequested,
  codeSubmitted,
  invitationEmailSubmitted,
  passwordSubmitted,
  userNameTyped,
  verificationSendRequested,
  verificationSkipped,
  verificationSubmitted,
} from '../slice';
import { registerArea } from '../../../app/areas';
import { registrationArea } from '../area';
import { SchoolSignInButtons } from '../../auth';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(registrationArea);

/** The e-mail the invitation and the verify step ask for (the server checks its length too). */
const emailFormSchema = yup.object({ email: yup.string().trim().required(fieldRequired('E-mail')).test('email', MESSAGES.emailInvalid, (v) => !v || isValidEmail(v)) });

function StartError() {
  const status = useAppSelector(selectRegistrationStatus);
  const error = useAppSelector(selectRegistrationError);
  if (status !== 'failed' || !error) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {error.message}
    </Alert>
  );
}

/** What the code leads to, and the student's choice: go on with it, or enter another. */
function CodePreviewPanel({ preview }: { preview: CodePreview & { code: string } }) {
  const dispatch = useAppDispatch();
  const busy = useRegistrationBusy();
  const heading = useRef<HTMLHeadingElement>(null);
  // the panel replaces the field: a screen reader (and the keyboard) starts at what it says
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box component="section" aria-labelledby="code-preview-heading">
      <Typography id="code-preview-heading" ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 1, outline: 'none' }}>
        {preview.className === null ? 'You are joining' : 'You are joining the class'}
      </Typography>
      <Typography sx={{ mb: 1, fontSize: '1.25rem', fontWeight: 600 }} data-testid="joining-line">
        {joiningLine(preview)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {preview.className === null ? 'Your school gave you this access code.' : `Course: ${preview.productName}.`}
        {preview.emailOptional && ' Your school lets you register without an e-mail address.'}
      </Typography>
      <StartError />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" disabled={busy} onClick={() => dispatch(codeSubmitted({ code: preview.code }))}>
          {busy ? 'Starting…' : 'Yes, continue'}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => dispatch(codePreviewCleared())}>
          Enter a different code
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Not your class? Check the code with your teacher before you go on.
      </Typography>
    </Box>
  );
}

export function RegisterCodePage() {
  const dispatch = useAppDispatch();
  const busy = useRegistrationBusy();
  const preview = useAppSelector(selectCodePreview);
  const formik = useAccessCodeFormik((code) => dispatch(codePreviewRequested({ code })));
  // a preview left from an earlier visit is not this one's
  useEffect(() => {
    dispatch(codePreviewCleared());
  }, [dispatch]);
  if (preview) {
    return (
      <PageFrame title="Register" maxWidth={560}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CodePreviewPanel preview={preview} />
        </Paper>
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Register" maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>Enter the class code your teacher gave you. Next we show you the school, the class and the teacher it is for.</Typography>
        <StartError />
        <FormStack label="Class code" onSubmit={formik.handleSubmit}>
          <AccessCodeField formik={formik} autoFocus />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Checking…' : 'Continue'}
          </Button>
        </FormStack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
        <SchoolSignInButtons />
      </Paper>
    </PageFrame>
  );
}

export function InvitationEmailPage() {
  const dispatch = useAppDispatch();
  const busy = useRegistrationBusy();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: emailFormSchema,
    onSubmit: (values) => {
      dispatch(invitationEmailSubmitted({ invitationId: Number(id), token, email: values.email.trim() }));
    },
  });
  return (
    <PageFrame title="Register" maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>You were invited by e-mail. Enter the e-mail address the invitation was sent to.</Typography>
        {!token && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            This address is missing the invitation's code. Open the link from the e-mail again, or{' '}
            <Link component={RouterLink} to="/register">
              register with a class code
            </Link>
            .
          </Alert>
        )}
        <StartError />
        <FormStack label="Invitation e-mail" onSubmit={formik.handleSubmit}>
          <TextField {...fieldProps(formik, 'email')} label="E-mail" type="email" autoComplete="email" required fullWidth />
          <Button type="submit" variant="contained" disabled={busy || !token}>
            Continue
          </Button>
        </FormStack>
      </Paper>
    </PageFrame>
  );
}

export function RecordNamePage() {
  const record = useAppSelector(selectRecord);
  const formik = useStepFormik('name', { firstName: record?.firstName ?? '', lastName: record?.lastName ?? '' }, nameStepSchema);
  return (
    <RecordFrame step="name" intro="What is your name?">
      <StepForm label="Your name" onSubmit={formik.handleSubmit}>
        <TextField {...fieldProps(formik, 'firstName')} label="First name" autoComplete="given-name" required fullWidth />
        <TextField {...fieldProps(formik, 'lastName')} label="Last name" autoComplete="family-name" required fullWidth />
      </StepForm>
    </RecordFrame>
  );
}

export function RecordExternalIdPage() {
  const record = useAppSelector(selectRecord);
  const label = record?.externalIdLabel ?? 'Student ID';
  // "Student ID is required": named as the school names it
  const schema = useMemo(() => yup.object({ externalId: externalIdField(label) }), [label]);
  const formik = useStepFormik('externalid', { externalId: record?.externalId ?? '' }, schema);
  return (
    <RecordFrame step="externalid" intro={`Your school uses your ${label} for this course.`}>
      <StepForm label={label} onSubmit={formik.handleSubmit}>
        <TextField {...fieldProps(formik, 'externalId')} label={label} autoComplete="off" required fullWidth />
      </StepForm>
    </RecordFrame>
  );
}

export function RecordTermsPage() {
  const record = useAppSelector(selectRecord);
  const formik = useStepFormik('terms', { accepted: record?.termsAccepted ?? false }, termsStepSchema, () => ({ accepted: true }));
  const error = shownError(formik, 'accepted');
  return (
    <RecordFrame step="terms">
      <Typography sx={{ mb: 2 }}>
        Please read the{' '}
        <Link component={RouterLink} to="/terms-of-use" target="_blank" rel="noopener">
          terms of use
        </Link>{' '}
        and the{' '}
        <Link component={RouterLink} to="/privacy-policy" target="_blank" rel="noopener">
          privacy policy
        </Link>
        .
      </Typography>
      <StepForm label="Terms of use" onSubmit={formik.handleSubmit}>
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                id="accepted"
                name="accepted"
                checked={formik.values.accepted}
                onChange={(event) => {
                  markChanged(formik, 'accepted');
                  formik.handleChange(event);
                }}
                onBlur={formik.handleBlur}
              />
            }
            label="I accept the terms of use and the privacy policy"
          />
          {error && <FormHelperText error>{error}</FormHelperText>}
        </Box>
      </StepForm>
    </RecordFrame>
  );
}

function VerifyForm({ otid, initialCode = '' }: { otid: number | null; initialCode?: string }) {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  const record = useAppSelector(selectRecord);
  const sentOtid = useAppSelector(selectOtid);
  const busy = useRegistrationBusy();
  const emailForm = useFormik({
    enableReinitialize: true,
    initialValues: { email: record?.email ?? '' },
    validationSchema: emailFormSchema,
    onSubmit: (values) => {
      dispatch(verificationSendRequested(record?.emailLocked ? ref : { ...ref, email: values.email.trim() }));
    },
  });
  const codeForm = useFormik({
    initialValues: { code: initialCode },
    validationSchema: verificationCodeSchema,
    onSubmit: (values) => {
      dispatch(verificationSubmitted({ ...ref, code: values.code.trim(), otid: otid ?? sentOtid }));
    },
  });
  const codeSent = sentOtid !== null || otid !== null || (record?.resendInSeconds ?? 0) > 0;
  return (
    <Stack spacing={3}>
      <FormStack label="Send a code" onSubmit={emailForm.handleSubmit}>
        <TextField
          {...fieldProps(emailForm, 'email')}
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          fullWidth
          slotProps={{ htmlInput: { readOnly: record?.emailLocked ?? false } }}
        />
        <Button type="submit" variant={codeSent ? 'outlined' : 'contained'} disabled={busy}>
          {codeSent ? 'Send a new code' : 'Send me a code'}
        </Button>
      </FormStack>
      <FormStack label="Enter the code" onSubmit={codeForm.handleSubmit}>
        <TextField
          {...fieldProps(codeForm, 'code')}
          label={`${ACCOUNT_LIMITS.verificationCodeDigits}-digit code`}
          autoComplete="one-time-code"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: ACCOUNT_LIMITS.verificationCodeDigits } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Verify
        </Button>
      </FormStack>
    </Stack>
  );
}

/** What going on without an e-mail address means, as the verify step says it. */
export const NO_EMAIL_HELP =
  'Your school lets you register without one. Without an e-mail address we cannot send you a link if you forget your password: your teacher gives you a temporary password instead.';

/** Where the school allows it: going on without an e-mail address, and what that means for a forgotten password. */
function NoEmailOption() {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  const record = useAppSelector(selectRecord);
  const busy = useRegistrationBusy();
  if (!record?.emailOptional) return null;
  return (
    <Box component="section" aria-labelledby="no-email-heading" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="no-email-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        No e-mail address?
      </Typography>
      <Typography sx={{ mb: 2 }}>{NO_EMAIL_HELP}</Typography>
      <Button variant="outlined" disabled={busy} onClick={() => dispatch(verificationSkipped(ref))}>
        Continue without e-mail
      </Button>
    </Box>
  );
}

export function RecordVerifyPage() {
  const record = useAppSelector(selectRecord);
  const send = `We'll send a ${ACCOUNT_LIMITS.verificationCodeDigits}-digit code to your e-mail to check it is yours. It works for ${ACCOUNT_LIMITS.verificationCodeMinutes} minutes.`;
  return (
    <RecordFrame step="verify" intro={record?.emailOptional ? `An e-mail address is optional at your school. ${send}` : send}>
      <VerifyForm otid={null} />
      <NoEmailOption />
    </RecordFrame>
  );
}

/** The link from the e-mail: …/verify/{otid}?code=123456&key=… — verified at once. */
export function RecordVerifyCodePage() {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  const { otid = '' } = useParams();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const record = useAppSelector(selectRecord);
  const submitted = useRef(false);
  useEffect(() => {
    if (submitted.current || !record || record.id !== ref.recordId || record.step !== 'verify' || !/^\d{6}$/.test(code)) return;
    submitted.current = true;
    dispatch(verificationSubmitted({ ...ref, code, otid: Number(otid) }));
  }, [dispatch, record, ref, code, otid]);
  return (
    <RecordFrame step="verify" intro="Checking the code from your e-mail…">
      <VerifyForm otid={Number(otid)} initialCode={code} />
    </RecordFrame>
  );
}

export function RecordUsernamePage() {
  const dispatch = useAppDispatch();
  const record = useAppSelector(selectRecord);
  const check = useAppSelector(selectUserNameCheck);
  const formik = useStepFormik('username', { userName: record?.userName ?? '' }, userNameStepSchema, (values) => ({ userName: values.userName.trim().toLowerCase() }));
  useServerErrorClearedOnEdit(formik.values);
  const feedback = userNameFeedback({
    ruleError: formik.errors.userName,
    // the user name's rules speak as every field's do: after a submit, or once it was changed
    touched: shownError(formik, 'userName') !== undefined,
    userName: formik.values.userName.trim().toLowerCase(),
    check,
  });
  return (
    <RecordFrame
      step="username"
      intro={`Choose the user name you will sign in with: ${ACCOUNT_LIMITS.userNameMin} to ${ACCOUNT_LIMITS.userNameMax} characters, lower-case letters, digits, dots, underscores or hyphens.`}
    >
      <StepForm label="User name" onSubmit={formik.handleSubmit} blocked={feedback.blocked}>
        <TextField
          id="userName"
          name="userName"
          label="User name"
          autoComplete="username"
          required
          fullWidth
          value={formik.values.userName}
          onBlur={formik.handleBlur}
          onChange={(event) => {
            markChanged(formik, 'userName');
            formik.handleChange(event);
            const next = event.target.value.trim().toLowerCase();
            dispatch(userNameTyped({ userName: next }));
          }}
          error={feedback.error}
          helperText={feedback.helperText}
          slotProps={{ formHelperText: { 'aria-live': 'polite' } as object }}
        />
      </StepForm>
    </RecordFrame>
  );
}

export function RecordPasswordPage() {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  const record = useAppSelector(selectRecord);
  const busy = useRegistrationBusy();
  const formik = useFormik({
    initialValues: { password: '', confirm: '' },
    validationSchema: withConfirmation(passwordStepSchema, 'password'),
    onSubmit: (values) => {
      dispatch(passwordSubmitted({ ...ref, password: values.password }));
    },
  });
  useServerErrorClearedOnEdit(formik.values);
  return (
    <RecordFrame
      step="password"
      intro={`Choose a password of at least ${ACCOUNT_LIMITS.passwordMin} characters. A few unrelated words make a strong one that is easy to remember.`}
    >
      <FormStack label="Password" onSubmit={formik.handleSubmit}>
        {record?.userName && <input type="hidden" autoComplete="username" value={record.userName} readOnly />}
        <NewPasswordFields formik={formik} name="password" label="Password" confirmLabel="Repeat the password" userName={record?.userName} />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Creating your account…' : 'Create my account'}
        </Button>
      </FormStack>
    </RecordFrame>
  );
}
