/**
 * /login (SPEC §2): user name + password (formik + yup, both required), clear messages per failure
 * kind, and the reason a previous session ended. The auth saga navigates after success (to the
 * redirect or /app). A user who is already signed in when arriving here is sent to /app (S2.14).
 */
import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import * as yup from 'yup';
import { PRODUCT_NAME } from '../../../../common/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuthError, selectAuthStatus, selectEndReason, selectIsAuthenticated } from '../selectors';
import { errorCleared, signInRequested } from '../slice';
import { endReasonMessage, signInErrorMessage } from './loginMessages';

const schema = yup.object({
  username: yup.string().trim().required('Please enter your user name'),
  password: yup.string().required('Please enter your password'),
});

export function LoginPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const status = useAppSelector(selectAuthStatus);
  const error = useAppSelector(selectAuthError);
  const endReason = useAppSelector(selectEndReason);
  // Set once this page submits: from then on the auth saga owns the navigation (to the redirect).
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (error) dispatch(errorCleared());
    // Only a stale error from an earlier visit is cleared, once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const formik = useFormik({
    initialValues: { username: '', password: '' },
    validationSchema: schema,
    onSubmit: (values) => {
      setSubmitted(true);
      dispatch(
        signInRequested({ username: values.username.trim(), password: values.password, redirect: searchParams.get('redirect') }),
      );
    },
  });

  if (isAuthenticated && !submitted) return <Navigate to="/app" replace />;

  const signingIn = status === 'signingIn';
  const reason = endReasonMessage(searchParams.get('reason') ?? endReason);
  const usernameError = formik.touched.username ? formik.errors.username : undefined;
  const passwordError = formik.touched.password ? formik.errors.password : undefined;

  return (
    <Box sx={{ maxWidth: 420, mx: 'auto' }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign in
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Welcome to {PRODUCT_NAME}. Sign in with the user name and password from your school.
        </Typography>
        <Stack spacing={2} sx={{ mb: 2 }}>
          {reason && !error && <Alert severity="info">{reason}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {signInErrorMessage(error)}
            </Alert>
          )}
        </Stack>
        <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-label="Sign in">
          <Stack spacing={2}>
            <TextField
              id="username"
              name="username"
              label="User name"
              autoComplete="username"
              autoFocus
              required
              fullWidth
              value={formik.values.username}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(usernameError)}
              helperText={usernameError}
            />
            <TextField
              id="password"
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              fullWidth
              value={formik.values.password}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(passwordError)}
              helperText={passwordError}
            />
            <Button type="submit" variant="contained" size="large" disabled={signingIn} fullWidth>
              {signingIn ? 'Signing in…' : 'Sign in'}
            </Button>
          </Stack>
        </Box>
        <Stack direction="row" useFlexGap spacing={2} sx={{ mt: 2, flexWrap: "wrap", justifyContent: "space-between" }}>
          <Link component={RouterLink} to="/password">
            Forgot password?
          </Link>
          <Link component={RouterLink} to="/register">
            Register with an access code
          </Link>
        </Stack>
        <Typography variant="body2" sx={{ mt: 2 }}>
          Need help?{' '}
          <Link component={RouterLink} to="/help">
            Visit the help page
          </Link>
        </Typography>
      </Paper>
    </Box>
  );
}
