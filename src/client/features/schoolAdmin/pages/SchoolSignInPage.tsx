/**
 * /app/admin/sign-in: the school's sign-in (docs/sso.md). The administrator turns on the providers
 * this deployment offers, names the e-mail domains the school owns (a sign-in is matched by a
 * verified e-mail only at these) and says whether a sign-in may create an unknown student (staff
 * never are). Every change is in the audit trail.
 */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { normalizeDomain, SSO_MESSAGES, type SsoProviderId, type SsoSchoolSettings, type SsoSchoolSettingsChange } from '../../../../common/sso';
import { registerArea } from '../../../app/areas';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { schoolAdminArea } from '../area';
import { useOpened } from '../hooks';
import { selectAdminChange, selectSignInSettings } from '../selectors';
import { signInPageOpened, signInSettingsSaved } from '../slice';
import { AdminFrame, LoadFailed } from './AdminFrame';

registerArea(schoolAdminArea);

export function AdminSchoolSignInPage() {
  useOpened(signInPageOpened);
  const settings = useAppSelector(selectSignInSettings);
  return (
    <AdminFrame title="School Sign-In">
      <LoadFailed error={settings.error} />
      {settings.data && <SignInForm key={JSON.stringify(settings.data)} settings={settings.data} />}
    </AdminFrame>
  );
}

function SignInForm({ settings: s }: { settings: SsoSchoolSettings }) {
  const dispatch = useAppDispatch();
  const action = useAppSelector(selectAdminChange);
  const [enabled, setEnabled] = useState<SsoProviderId[]>(s.enabled);
  const [domains, setDomains] = useState(s.domains.join(', '));
  const [createStudents, setCreateStudents] = useState(s.createStudents);
  const [touched, setTouched] = useState(false);
  const list = domains.split(/[\s,]+/).filter(Boolean);
  const bad = list.find((d) => normalizeDomain(d) === null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (bad) return;
    const change: SsoSchoolSettingsChange = { enabled, domains: list, createStudents };
    dispatch(signInSettingsSaved(change));
  };
  const mine = action.kind === 'signInSettingsSaved';
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3} sx={{ maxWidth: 560 }} aria-label="School sign-in settings">
      {mine && action.status === 'succeeded' && <Alert severity="success">{SSO_MESSAGES.saved}</Alert>}
      {mine && action.error && (
        <Alert severity="error" role="alert">
          {action.error.message}
        </Alert>
      )}
      <div>
        <Typography variant="h6" component="h2">
          Sign-in providers
        </Typography>
        {s.available.length === 0 ? (
          <Typography>This server offers no school sign-in yet (docs/sso.md says how to set one up).</Typography>
        ) : (
          <FormGroup>
            {s.available.map((p) => (
              <FormControlLabel
                key={p.id}
                label={p.name}
                control={<Checkbox checked={enabled.includes(p.id)} onChange={(event) => setEnabled(event.target.checked ? [...enabled, p.id] : enabled.filter((e) => e !== p.id))} />}
              />
            ))}
          </FormGroup>
        )}
      </div>
      <TextField
        id="sso-domains"
        label="The school’s e-mail domains"
        value={domains}
        onChange={(event) => setDomains(event.target.value)}
        error={touched && Boolean(bad)}
        helperText={touched && bad ? SSO_MESSAGES.badDomain(bad) : 'Comma-separated, for example lincoln.example.edu. A school account is matched by its verified e-mail only at these.'}
      />
      <FormControlLabel
        label="Create a student account for a student of these domains who has none (staff accounts are never created)"
        control={<Checkbox checked={createStudents} onChange={(event) => setCreateStudents(event.target.checked)} />}
      />
      <div>
        <Button type="submit" variant="contained" disabled={mine && action.status === 'pending'}>
          Save sign-in settings
        </Button>
      </div>
    </Stack>
  );
}
