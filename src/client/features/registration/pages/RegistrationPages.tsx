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
import { loadCatalogs, useT } from '../../../i18n/features';
import { TaggedText } from '../../../ui/TaggedText';
import { registrationArea } from '../area';
import { catalog } from '../messages/compiled/catalog';
import { SchoolSignInButtons } from '../../auth';
import { passwordCatalog, useStrengthWords } from '../../password';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(registrationArea);

/**
 * These pages' words in the language spoken, which the route table awaits before it renders one (the
 * strength meter's are the password feature's).
 */
export const ready = () => loadCatalogs([catalog, passwordCatalog]);

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
  const t = useT(catalog);
  const heading = useRef<HTMLHeadingElement>(null);
  // the panel replaces the field: a screen reader (and the keyboard) starts at what it says
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box component="section" aria-labelledby="code-preview-heading">
      <Typography id="code-preview-heading" ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 1, outline: 'none' }}>
        {preview.className === null ? t('registration.preview.joining') : t('registration.preview.joiningClass')}
      </Typography>
      <Typography sx={{ mb: 1, fontSize: '1.25rem', fontWeight: 600 }} data-testid="joining-line">
        {joiningLine(preview)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {preview.className === null ? t('registration.preview.schoolCode') : t('registration.preview.course', { product: preview.productName })}
        {preview.emailOptional && ` ${t('registration.preview.emailOptional')}`}
      </Typography>
      <StartError />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" disabled={busy} onClick={() => dispatch(codeSubmitted({ code: preview.code }))}>
          {busy ? t('registration.preview.starting') : t('registration.preview.yes')}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => dispatch(codePreviewCleared())}>
          {t('registration.preview.other')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('registration.preview.notYours')}
      </Typography>
    </Box>
  );
}

export function RegisterCodePage() {
  const dispatch = useAppDispatch();
  const busy = useRegistrationBusy();
  const preview = useAppSelector(selectCodePreview);
  const t = useT(catalog);
  const formik = useAccessCodeFormik((code) => dispatch(codePreviewRequested({ code })));
  // a preview left from an earlier visit is not this one's
  useEffect(() => {
    dispatch(codePreviewCleared());
  }, [dispatch]);
  if (preview) {
    return (
      <PageFrame title={t('registration.title')} maxWidth={560}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CodePreviewPanel preview={preview} />
        </Paper>
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t('registration.title')} maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{t('registration.code.intro')}</Typography>
        <StartError />
        <FormStack label={t('registration.code.form')} onSubmit={formik.handleSubmit}>
          <AccessCodeField formik={formik} autoFocus label={t('registration.code.label')} help={t('registration.code.help')} />
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('registration.code.checking') : t('registration.continue')}
          </Button>
        </FormStack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('registration.code.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('registration.signIn')}
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
  const t = useT(catalog);
  const formik = useFormik({
    initialValues: { email: '' },
    validationSchema: emailFormSchema,
    onSubmit: (values) => {
      dispatch(invitationEmailSubmitted({ invitationId: Number(id), token, email: values.email.trim() }));
    },
  });
  return (
    <PageFrame title={t('registration.title')} maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{t('registration.invitation.intro')}</Typography>
        {!token && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <TaggedText
              text={t('registration.invitation.missingToken')}
              parts={{
                link: (words) => (
                  <Link component={RouterLink} to="/register">
                    {words}
                  </Link>
                ),
              }}
            />
          </Alert>
        )}
        <StartError />
        <FormStack label={t('registration.invitation.form')} onSubmit={formik.handleSubmit}>
          <TextField {...fieldProps(formik, 'email')} label={t('registration.email')} type="email" autoComplete="email" required fullWidth />
          <Button type="submit" variant="contained" disabled={busy || !token}>
            {t('registration.continue')}
          </Button>
        </FormStack>
      </Paper>
    </PageFrame>
  );
}

export function RecordNamePage() {
  const record = useAppSelector(selectRecord);
  const formik = useStepFormik('name', { firstName: record?.firstName ?? '', lastName: record?.lastName ?? '' }, nameStepSchema);
  const t = useT(catalog);
  return (
    <RecordFrame step="name" intro={t('registration.name.intro')}>
      <StepForm label={t('registration.name.form')} onSubmit={formik.handleSubmit}>
        <TextField {...fieldProps(formik, 'firstName')} label={t('registration.name.first')} autoComplete="given-name" required fullWidth />
        <TextField {...fieldProps(formik, 'lastName')} label={t('registration.name.last')} autoComplete="family-name" required fullWidth />
      </StepForm>
    </RecordFrame>
  );
}

export function RecordExternalIdPage() {
  const record = useAppSelector(selectRecord);
  const t = useT(catalog);
  const label = record?.externalIdLabel ?? t('registration.externalId.default');
  // "Student ID is required": named as the school names it
  const schema = useMemo(() => yup.object({ externalId: externalIdField(label) }), [label]);
  const formik = useStepFormik('externalid', { externalId: record?.externalId ?? '' }, schema);
  return (
    <RecordFrame step="externalid" intro={t('registration.externalId.intro', { label })}>
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
  const t = useT(catalog);
  const link = (to: string) => (words: string) => (
    <Link component={RouterLink} to={to} target="_blank" rel="noopener">
      {words}
    </Link>
  );
  return (
    <RecordFrame step="terms">
      <Typography sx={{ mb: 2 }}>
        <TaggedText text={t('registration.terms.read')} parts={{ terms: link('/terms-of-use'), privacy: link('/privacy-policy') }} />
      </Typography>
      <StepForm label={t('registration.terms.form')} onSubmit={formik.handleSubmit}>
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
            label={t('registration.terms.accept')}
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
  const t = useT(catalog);
  const digits = ACCOUNT_LIMITS.verificationCodeDigits;
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
      <FormStack label={t('registration.verify.sendForm')} onSubmit={emailForm.handleSubmit}>
        <TextField
          {...fieldProps(emailForm, 'email')}
          label={t('registration.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
          slotProps={{ htmlInput: { readOnly: record?.emailLocked ?? false } }}
        />
        <Button type="submit" variant={codeSent ? 'outlined' : 'contained'} disabled={busy}>
          {codeSent ? t('registration.verify.sendNew') : t('registration.verify.send')}
        </Button>
      </FormStack>
      <FormStack label={t('registration.verify.codeForm')} onSubmit={codeForm.handleSubmit}>
        <TextField
          {...fieldProps(codeForm, 'code')}
          label={t('registration.verify.code', { digits })}
          autoComplete="one-time-code"
          required
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: ACCOUNT_LIMITS.verificationCodeDigits } }}
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('registration.verify.submit')}
        </Button>
      </FormStack>
    </Stack>
  );
}

/** Where the school allows it: going on without an e-mail address, and what that means for a forgotten password. */
function NoEmailOption() {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  const record = useAppSelector(selectRecord);
  const busy = useRegistrationBusy();
  const t = useT(catalog);
  if (!record?.emailOptional) return null;
  return (
    <Box component="section" aria-labelledby="no-email-heading" sx={{ mt: 3, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id="no-email-heading" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('registration.noEmail.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('registration.noEmail.help')}</Typography>
      <Button variant="outlined" disabled={busy} onClick={() => dispatch(verificationSkipped(ref))}>
        {t('registration.noEmail.continue')}
      </Button>
    </Box>
  );
}

export function RecordVerifyPage() {
  const record = useAppSelector(selectRecord);
  const t = useT(catalog);
  const values = { digits: ACCOUNT_LIMITS.verificationCodeDigits, minutes: ACCOUNT_LIMITS.verificationCodeMinutes };
  return (
    <RecordFrame step="verify" intro={t(record?.emailOptional ? 'registration.verify.introOptional' : 'registration.verify.intro', values)}>
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
  const t = useT(catalog);
  useEffect(() => {
    if (submitted.current || !record || record.id !== ref.recordId || record.step !== 'verify' || !/^\d{6}$/.test(code)) return;
    submitted.current = true;
    dispatch(verificationSubmitted({ ...ref, code, otid: Number(otid) }));
  }, [dispatch, record, ref, code, otid]);
  return (
    <RecordFrame step="verify" intro={t('registration.verify.checkingLink')}>
      <VerifyForm otid={Number(otid)} initialCode={code} />
    </RecordFrame>
  );
}

export function RecordUsernamePage() {
  const dispatch = useAppDispatch();
  const record = useAppSelector(selectRecord);
  const check = useAppSelector(selectUserNameCheck);
  const t = useT(catalog);
  const formik = useStepFormik('username', { userName: record?.userName ?? '' }, userNameStepSchema, (values) => ({ userName: values.userName.trim().toLowerCase() }));
  useServerErrorClearedOnEdit(formik.values);
  const feedback = userNameFeedback({
    ruleError: formik.errors.userName,
    // the user name's rules speak as every field's do: after a submit, or once it was changed
    touched: shownError(formik, 'userName') !== undefined,
    userName: formik.values.userName.trim().toLowerCase(),
    check,
    says: { checking: t('registration.userName.checking'), available: t('registration.userName.available') },
  });
  return (
    <RecordFrame
      step="username"
      intro={t('registration.userName.intro', { min: ACCOUNT_LIMITS.userNameMin, max: ACCOUNT_LIMITS.userNameMax })}
    >
      <StepForm label={t('registration.userName.label')} onSubmit={formik.handleSubmit} blocked={feedback.blocked}>
        <TextField
          id="userName"
          name="userName"
          label={t('registration.userName.label')}
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
  const t = useT(catalog);
  const strengthWords = useStrengthWords();
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
      intro={t('registration.password.intro', { min: ACCOUNT_LIMITS.passwordMin })}
    >
      <FormStack label={t('registration.password.label')} onSubmit={formik.handleSubmit}>
        {record?.userName && <input type="hidden" autoComplete="username" value={record.userName} readOnly />}
        <NewPasswordFields formik={formik} name="password" label={t('registration.password.label')} confirmLabel={t('registration.password.confirm')} strengthWords={strengthWords} userName={record?.userName} />
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('registration.password.creating') : t('registration.password.create')}
        </Button>
      </FormStack>
    </RecordFrame>
  );
}
