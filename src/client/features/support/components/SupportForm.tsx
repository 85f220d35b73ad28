/**
 * The support form (SPEC §2, §4, §5): Your Name, Your Email, Subject, Comments, the hint, the
 * recording checkbox with its one-line notice, Submit (disabled while sending). Used by the Get Help
 * panel and by the /help and /app/support pages. The recording box starts unticked: ticked, the
 * request carries the recording (the minute this tab kept before, where it keeps one, and the time
 * since); where nothing is kept before, ticking starts the recorder and unticking drops what it held.
 *
 * Values live here (formik), never in the store. Errors show once a field is dirty — changed by the
 * student, even back to how it was — or after a Submit (S5.05); tabbing past a field says nothing. After a success subject and
 * description are cleared and validation is reset (S4.19); after a failure every value stays.
 * Prefill (S4.18): the signed-in student's name and e-mail, filled in whenever a student signs in
 * while those boxes are still untouched.
 */
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { MESSAGES } from '../../../../common/messages';
import {
  RECORDING_CHECKBOX_LABEL,
  RECORDING_NOTICE,
  RECORDING_NOTICE_WITH_BUFFER,
  SUPPORT_HONEYPOT_FIELD,
  SUPPORT_HOURS_NOTE,
  SUPPORT_LIMITS,
} from '../../../../common/support';
import { supportSchema, type SupportFormValues } from '../../../../common/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../auth';
import { selectRecorderMode, selectRecordingConsent, selectSupportForm } from '../selectors';
import { clearDraft, hasContent, readDraft, writeDraft } from '../draft';
import { recordingConsentChanged, supportSubmitted, type PageInfo, type SupportFormId } from '../slice';

export interface SupportFormProps {
  formId: SupportFormId;
  /** fill name and e-mail from the signed-in student (not on /help) */
  prefill: boolean;
  /** the hidden honeypot field (the public /help form) */
  honeypot?: boolean;
  /** show the recording notice and checkbox */
  recordingOption?: boolean;
  /** where the browser is (tests inject it) */
  pageInfo?: () => PageInfo;
  /** keep what is typed, and the recording choice, through a reload of this tab (the panel: draft.ts) */
  keepDraft?: boolean;
}

type Field = keyof SupportFormValues;

const LABELS: Record<Field, string> = {
  name: 'Your Name',
  email: 'Your Email',
  subject: 'Subject',
  description: 'Comments',
};

export function browserPageInfo(): PageInfo {
  return {
    url: window.location.href,
    origin: window.location.origin,
    referrer: document.referrer,
    userAgent: window.navigator.userAgent,
  };
}

export function SupportForm({ formId, prefill, honeypot = false, recordingOption = true, pageInfo = browserPageInfo, keepDraft = false }: SupportFormProps) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { status, successCount } = useAppSelector((state) => selectSupportForm(state, formId));
  const sending = status === 'pending';
  const id = useId();
  const includeRecording = useAppSelector((state) => selectRecordingConsent(state, formId));
  // this tab keeps the minute before the request: the notice says so (and what the tick sends)
  const buffering = useAppSelector(selectRecorderMode) === 'buffer';
  const [trap, setTrap] = useState('');

  const owner = user ? user.id : null;
  // read once per mount: a form remounts empty (clearCount) when a session ends
  const [draft] = useState(() => (keepDraft ? readDraft(owner) : null));
  const starting = (): SupportFormValues =>
    draft?.values ?? {
      name: prefill && user ? `${user.firstName} ${user.lastName}`.trim() : '',
      email: prefill && user ? user.userEmail : '',
      subject: '',
      description: '',
    };

  const formik = useFormik<SupportFormValues>({
    initialValues: starting(),
    validationSchema: supportSchema,
    validateOnMount: true,
    onSubmit: (values) => {
      dispatch(supportSubmitted({ formId, values, includeRecording: recordingOption && includeRecording, honeypot: trap, page: pageInfo() }));
    },
  });

  // S4.18: a student who signs in while the panel is mounted gets name and e-mail filled in
  const { setFieldValue, resetForm, values, initialValues } = formik;
  const userKey = user ? `${user.id}` : '';
  useEffect(() => {
    if (!prefill || !user) return;
    const name = `${user.firstName} ${user.lastName}`.trim();
    if (!values.name && !values.email) {
      resetForm({ values: { ...values, name, email: user.userEmail } });
    }
    // only when the signed-in student changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userKey, prefill]);

  // the draft's recording choice comes back with it (the recorder starts again from now)
  useEffect(() => {
    if (draft?.recording && recordingOption) dispatch(recordingConsentChanged({ formId, consent: true }));
    // once, with the draft read at mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!keepDraft) return;
    const now = { owner, values, recording: includeRecording };
    if (hasContent(now)) writeDraft(now);
    else clearDraft();
  }, [keepDraft, owner, values, includeRecording]);

  // S4.19: after a success, subject and description are cleared and validation reset
  const seen = useRef(successCount);
  useEffect(() => {
    if (successCount === seen.current) return;
    seen.current = successCount;
    resetForm({ values: { ...values, subject: '', description: '' } });
  }, [successCount, resetForm, values]);

  // S5.05 "dirty": the fields the student has changed (even back to how they were), kept in formik's
  // status so that resetForm clears them with the rest of the validation state
  const changed: readonly Field[] = (formik.status as Field[] | undefined) ?? [];
  const showError = (field: Field) =>
    Boolean(formik.errors[field]) &&
    (changed.includes(field) || values[field] !== initialValues[field] || formik.submitCount > 0);

  const field = (name: Field, extra: { multiline?: boolean; max: number; helper?: string; type?: string; autoComplete?: string }) => {
    const error = showError(name) ? formik.errors[name] : undefined;
    return (
      <TextField
        id={`${id}-${name}`}
        name={name}
        label={LABELS[name]}
        value={values[name]}
        onChange={(e: ChangeEvent<HTMLInputElement>) => {
          if (!changed.includes(name)) formik.setStatus([...changed, name]);
          void setFieldValue(name, e.target.value);
        }}
        onBlur={formik.handleBlur}
        error={Boolean(error)}
        helperText={error ?? extra.helper}
        required
        fullWidth
        margin="dense"
        multiline={extra.multiline}
        minRows={extra.multiline ? 5 : undefined}
        type={extra.type}
        autoComplete={extra.autoComplete}
        slotProps={{ htmlInput: { maxLength: extra.max + 1 } }}
      />
    );
  };

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Support request">
      {field('name', { max: SUPPORT_LIMITS.nameMax, autoComplete: 'name' })}
      {field('email', { max: SUPPORT_LIMITS.emailMax, type: 'email', autoComplete: 'email' })}
      {field('subject', { max: SUPPORT_LIMITS.subjectMax })}
      {field('description', { max: SUPPORT_LIMITS.descriptionMax, multiline: true, helper: MESSAGES.supportHint })}
      {honeypot && (
        // a trap for bots: off-screen, out of the tab order and hidden from screen readers
        <Box aria-hidden="true" sx={{ position: 'absolute', left: '-10000px', top: 'auto', width: 1, height: 1, overflow: 'hidden' }}>
          <label htmlFor={`${id}-${SUPPORT_HONEYPOT_FIELD}`}>Leave this box empty</label>
          <input
            id={`${id}-${SUPPORT_HONEYPOT_FIELD}`}
            name={SUPPORT_HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={trap}
            onChange={(e) => setTrap(e.target.value)}
          />
        </Box>
      )}
      {recordingOption && (
        <Box sx={{ mt: 1 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={includeRecording}
                onChange={(e) => dispatch(recordingConsentChanged({ formId, consent: e.target.checked }))}
                slotProps={{ input: { 'aria-describedby': `${id}-recording-note` } }}
              />
            }
            label={RECORDING_CHECKBOX_LABEL}
          />
          <Typography variant="body2" color="text.secondary" id={`${id}-recording-note`} sx={{ ml: 4 }}>
            {buffering ? RECORDING_NOTICE_WITH_BUFFER : RECORDING_NOTICE}
          </Typography>
        </Box>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        Business hours: {SUPPORT_HOURS_NOTE}.
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
        <Button type="submit" variant="contained" disabled={sending}>
          Submit
        </Button>
        {sending && <CircularProgress size={24} aria-label="Sending" />}
      </Box>
    </Box>
  );
}
