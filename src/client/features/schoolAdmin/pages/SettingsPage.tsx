/**
 * /app/admin/settings: the school's time zone (any IANA zone the browser knows; the server checks
 * it again) and how long its support recordings and audit trail are kept — never longer than the
 * deployment allows (docs/privacy.md), whether students registering with the school's class codes
 * may leave the e-mail out, and whether Get Help keeps the minute before a student's request. Every change is in the audit trail, old → new.
 */
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  HELP_BUFFER_HELP,
  HELP_BUFFER_LABEL,
  RETENTION_LABELS,
  retentionProblem,
  STUDENTS_WITHOUT_EMAIL_HELP,
  STUDENTS_WITHOUT_EMAIL_LABEL,
  TIMEZONE_USES,
  timezoneProblem,
  type RetentionKind,
  type SchoolSettings,
  type SchoolSettingsChange,
} from '../../../../common/schoolSettings';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { TimezoneField } from '../../profile';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminChange, selectSchoolSettings } from '../selectors';
import { settingsPageOpened, settingsSaved } from '../slice';
import { AdminFrame, LoadFailed } from './AdminFrame';

registerArea(schoolAdminArea);

const KINDS: readonly RetentionKind[] = ['recordings', 'audit'];
const daysOf = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

export function AdminSettingsPage() {
  useOpened(settingsPageOpened);
  const settings = useAppSelector(selectSchoolSettings);
  return (
    <AdminFrame title="School Settings">
      <LoadFailed error={settings.error} />
      {/* a fresh form for each answer: saved values, or another school picked */}
      {settings.data && <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </AdminFrame>
  );
}

function SettingsForm({ settings: s }: { settings: SchoolSettings }) {
  const dispatch = useAppDispatch();
  const action = useAppSelector(selectAdminChange);
  const [timezone, setTimezone] = useState(s.timezone);
  const [days, setDays] = useState<Record<RetentionKind, string>>({ recordings: s.retention.recordings.days?.toString() ?? '', audit: s.retention.audit.days?.toString() ?? '' });
  const [withoutEmail, setWithoutEmail] = useState(s.studentsWithoutEmail);
  const [helpBuffer, setHelpBuffer] = useState(s.helpBuffer);
  const [touched, setTouched] = useState(false);
  const problems = {
    timezone: timezoneProblem(timezone),
    recordings: retentionProblem('recordings', daysOf(days.recordings), s.retention.recordings.maxDays),
    audit: retentionProblem('audit', daysOf(days.audit), s.retention.audit.maxDays),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problems.timezone || problems.recordings || problems.audit) return;
    const change: SchoolSettingsChange = {
      timezone,
      recordingRetentionDays: daysOf(days.recordings),
      auditRetentionDays: daysOf(days.audit),
      studentsWithoutEmail: withoutEmail,
      helpBuffer,
    };
    dispatch(settingsSaved(change));
  };
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {s.school.name}
      </Typography>
      <Stack component="form" noValidate onSubmit={submit} spacing={3} sx={{ maxWidth: 560 }}>
        <div>
          <TimezoneField value={timezone} onChange={setTimezone} error={touched && problems.timezone ? problems.timezone : undefined} />
          <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
            Where the time zone counts
          </Typography>
          <ul>
            {TIMEZONE_USES.map((use) => (
              <li key={use}>
                <Typography>{use}</Typography>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <Typography variant="h6" component="h3">
            Registration
          </Typography>
          <FormControlLabel
            control={<Checkbox id="students-without-email" checked={withoutEmail} onChange={(event) => setWithoutEmail(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'students-without-email-help' } }} />}
            label={STUDENTS_WITHOUT_EMAIL_LABEL}
          />
          <FormHelperText id="students-without-email-help">{STUDENTS_WITHOUT_EMAIL_HELP}</FormHelperText>
        </div>
        <div>
          <Typography variant="h6" component="h3">
            Get Help
          </Typography>
          <FormControlLabel
            control={<Checkbox id="help-buffer" checked={helpBuffer} onChange={(event) => setHelpBuffer(event.target.checked)} slotProps={{ input: { 'aria-describedby': 'help-buffer-help' } }} />}
            label={HELP_BUFFER_LABEL}
          />
          <FormHelperText id="help-buffer-help">{HELP_BUFFER_HELP}</FormHelperText>
        </div>
        <Typography variant="h6" component="h3">
          How long the school’s data is kept
        </Typography>
        {KINDS.map((kind) => {
          const r = s.retention[kind];
          const problem = touched ? problems[kind] : null;
          return (
            <TextField
              key={kind}
              id={`retention-${kind}`}
              label={`${RETENTION_LABELS[kind]} (days)`}
              inputMode="numeric"
              value={days[kind]}
              onChange={(event) => setDays({ ...days, [kind]: event.target.value })}
              error={Boolean(problem)}
              helperText={problem ?? `${r.minDays} to ${r.maxDays} days; empty keeps this deployment’s ${r.maxDays}. Now: ${r.effectiveDays} days.`}
            />
          );
        })}
        <div>
          <Button type="submit" variant="contained" disabled={action.kind === 'settingsSaved' && action.status === 'pending'}>
            Save settings
          </Button>
        </div>
      </Stack>
    </>
  );
}
