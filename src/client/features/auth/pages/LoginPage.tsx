/**
 * /login (SPEC §2): user name + password (both required), clear messages per failure
 * kind, and the reason a previous session ended. The auth saga navigates after success (to the
 * redirect or /app), also for a sign-in made in another tab while this page is open. A user who is
 * already signed in when arriving here is sent to /app (S2.14).
 *
 * Two required fields are validated here by hand (errors computed from the values): /login is the
 * page every student loads first, and formik and yup together are about a tenth of its download
 * (docs/performance.md). An error shows as on every form (ui/formikField.ts): after a Sign in
 * attempt, or once the field was changed and is empty again; tabbing past an empty field says nothing.
 */
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../../../common/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthError, selectAuthStatus, selectEndReason, selectIsAuthenticated } from '../selectors';
import { errorCleared, signInRequested } from '../slice';
import { LoginField } from './LoginField';
import { SchoolSignInButtons } from './SchoolSignInButtons';
import { SharedComputerNote } from './SharedComputerNote';
import { endReasonMessage, signInErrorMessage } from './loginMessages';
import { type MessageId, useT } from '../../../i18n';
import { LanguageSwitch } from '../../language';

interface LoginValues {
  username: string;
  password: string;
}

/** The message id of each field's error (worded in the language spoken when it shows). */
export function loginErrors(values: LoginValues): Partial<Record<keyof LoginValues, MessageId>> {
  const errors: Partial<Record<keyof LoginValues, MessageId>> = {};
  if (values.username.trim() === '') errors.username = 'login.userNameRequired';
  if (values.password === '') errors.password = 'login.passwordRequired';
  return errors;
}

/**
 * True while the build prerenders this page (src/client/renderAhead/prerender.tsx): there is no document. The
 * prerendered copy (login.html) is on screen before the app runs, so it cannot be used: its fields
 * are read-only and its button disabled (nothing typed or clicked there is lost when the app takes
 * over: the browser does not accept it in the first place). It is otherwise the same page.
 */
const PRERENDERING = typeof document === 'undefined';

// Boxes with a gap, not Stack: the sign-in page is the first download of every student, and Stack
// was its only user there (bundle ratio)
const COLUMN = { display: 'flex', flexDirection: 'column', gap: 2 } as const;
/**
 * Each field keeps its helper-text line from the first paint (MUI renders ' ' as an empty line): an
 * error appearing must not push the Sign in button down between mouse-down and mouse-up,
 * or that first click is lost (QA: ~23 px).
 */
const NO_HELP = ' ';
const COLUMN_MB = { ...COLUMN, mb: 2 } as const;
const LINKS_ROW = { display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2, justifyContent: 'space-between' } as const;

export function LoginPage() {
  const dispatch = useAppDispatch();
  const t = useT();
  const [searchParams] = useSearchParams();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const status = useAppSelector(selectAuthStatus);
  const error = useAppSelector(selectAuthError);
  const endReason = useAppSelector(selectEndReason);
  // S2.14 is about OPENING /login while signed in. A sign-in made while the page is open (its own
  // submit, or another tab's that this tab follows: followSignInElsewhere) is the auth saga's to
  // navigate, to the redirect (S2.15).
  const [signedInOnArrival] = useState(isAuthenticated);

  useEffect(() => {
    if (error) dispatch(errorCleared());
    // Only a stale error from an earlier visit is cleared, once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [changed, setChanged] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  // The caret goes to the user name just after the first paint, not with `autoFocus`: focusing
  // during React's commit forces a layout and a re-render inside that one task (TBT)
  useEffect(() => {
    document.getElementById('username')?.focus();
  }, []);
  const errors = loginErrors(values);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((v) => ({ ...v, [name]: value }));
    setChanged((c) => (c[name as keyof LoginValues] ? c : { ...c, [name]: true }));
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    dispatch(signInRequested({ username: values.username.trim(), password: values.password, redirect: searchParams.get('redirect') }));
  };

  if (isAuthenticated && signedInOnArrival) return <Navigate to="/app" replace />;

  const signingIn = status === 'signingIn';
  const reason = endReasonMessage(searchParams.get('reason') ?? endReason, t);
  // both rules are "required": a changed field says so as soon as it is empty again
  const usernameError = submitted || changed.username ? errors.username && t(errors.username) : undefined;
  const passwordError = submitted || changed.password ? errors.password && t(errors.password) : undefined;

  return (
    <Box sx={{ maxWidth: 420, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <LanguageSwitch disabled={PRERENDERING} />
        <Typography variant="h4" component="h1" gutterBottom>
          {t('login.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('login.intro', { product: PRODUCT_NAME })}
        </Typography>
        <Box sx={COLUMN_MB}>
          {reason && !error && <Alert severity="info">{reason}</Alert>}
          {(searchParams.get('reason') ?? endReason) === 'signout' && !error && <SharedComputerNote />}
          {error && (
            <Alert severity="error" role="alert">
              {signInErrorMessage(error, t)}
            </Alert>
          )}
        </Box>
        <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('login.formLabel')}>
          <Box sx={COLUMN}>
            <LoginField
              id="username"
              name="username"
              label={t('login.userName')}
              autoComplete="username"
              value={values.username}
              onChange={handleChange}
              error={Boolean(usernameError)}
              helperText={usernameError ?? NO_HELP}
              readOnly={PRERENDERING}
            />
            <LoginField
              id="password"
              name="password"
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={handleChange}
              error={Boolean(passwordError)}
              helperText={passwordError ?? NO_HELP}
              readOnly={PRERENDERING}
            />
            <Button type="submit" variant="contained" size="large" disabled={signingIn || PRERENDERING} fullWidth>
              {signingIn ? t('login.submitting') : t('login.submit')}
            </Button>
          </Box>
        </Box>
        {!PRERENDERING && <SchoolSignInButtons school={searchParams.get('school')} redirect={searchParams.get('redirect')} />}
        <Box sx={LINKS_ROW}>
          <Link component={RouterLink} to="/password">
            {t('login.forgotPassword')}
          </Link>
          <Link component={RouterLink} to="/register">
            {t('login.register')}
          </Link>
        </Box>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('login.needHelp')}{' '}
          <Link component={RouterLink} to="/help">
            {t('login.helpLink')}
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
