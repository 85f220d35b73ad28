/** /password (forgot password) and /password/reset/:code (SPEC §2). */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { Link as RouterLink, useParams } from 'react-router';
import * as yup from 'yup';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, forgotPasswordSchema, passwordField, withConfirmation } from '../../../../common/accounts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { fieldProps } from '../../../ui/formikField';
import { PageFrame } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { RequestAlerts } from '../../../ui/RequestAlerts';
import { FormStack } from '../../../ui/FormStack';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { selectForgot, selectReset, selectResetLink } from '../selectors';
import { forgotRequested, resetLinkOpened, resetRequested } from '../slice';
import { registerArea } from '../../../app/areas';
import { loadCatalogs, useT } from '../../../i18n/features';
import { passwordArea } from '../area';
import { catalog } from '../messages/compiled/catalog';
import { useStrengthWords } from '../strengthWords';

// the slices and sagas this chunk uses load with it (app/areas.ts)
registerArea(passwordArea);

/** These pages' words in the language spoken, which the route table awaits before it renders one. */
export const ready = () => loadCatalogs([catalog]);

function BackToSignIn() {
  const t = useT(catalog);
  return (
    <Typography sx={{ mt: 2 }}>
      <Link component={RouterLink} to="/login">
        {t('password.backToSignIn')}
      </Link>
    </Typography>
  );
}

export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const forgot = useAppSelector(selectForgot);
  const t = useT(catalog);
  const formik = useFormik({
    initialValues: { login: '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: (values) => {
      dispatch(forgotRequested({ login: values.login.trim() }));
    },
  });
  return (
    <PageFrame title={t('password.title.forgot')} maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {forgot.status === 'succeeded' && forgot.message ? (
          <Alert severity="success" role="status">
            {forgot.message}
          </Alert>
        ) : (
          <>
            <Typography sx={{ mb: 2 }}>{t('password.forgot.intro')}</Typography>
            <RequestAlerts error={forgot.error} />
            <FormStack label={t('password.forgot.form')} onSubmit={formik.handleSubmit}>
              <TextField {...fieldProps(formik, 'login')} label={t('password.forgot.login')} autoComplete="username" required fullWidth autoFocus />
              <Button type="submit" variant="contained" disabled={forgot.status === 'pending'}>
                {forgot.status === 'pending' ? t('password.forgot.sending') : t('password.forgot.send')}
              </Button>
            </FormStack>
          </>
        )}
        <BackToSignIn />
      </Paper>
    </PageFrame>
  );
}

/** The reset form's fields, named as the form labels them ("New password is required"). */
const RESET_SCHEMA = withConfirmation(yup.object({ password: passwordField('New password') }), 'password', ACCOUNT_MESSAGES.newConfirmRequired);

export function ResetPasswordPage() {
  const dispatch = useAppDispatch();
  const { code = '' } = useParams();
  const link = useAppSelector(selectResetLink);
  const reset = useAppSelector(selectReset);
  const t = useT(catalog);
  const strengthWords = useStrengthWords();
  useEffect(() => {
    dispatch(resetLinkOpened({ code }));
  }, [dispatch, code]);
  const formik = useFormik({
    initialValues: { password: '', confirm: '' },
    validationSchema: RESET_SCHEMA,
    onSubmit: (values) => {
      dispatch(resetRequested({ code, password: values.password }));
    },
  });

  let content;
  if (link.status === 'checking' || link.status === 'unchecked') content = <PageLoading />;
  else if (link.status === 'invalid') {
    content = (
      <Alert severity="error" role="alert">
        {link.message}{' '}
        <Link component={RouterLink} to="/password">
          {t('password.reset.askAgain')}
        </Link>
      </Alert>
    );
  } else {
    content = (
      <>
        <Typography sx={{ mb: 2 }}>
          {t('password.reset.intro', { min: ACCOUNT_LIMITS.passwordMin })}
        </Typography>
        <RequestAlerts error={reset.error} />
        <FormStack label={t('password.reset.form')} onSubmit={formik.handleSubmit}>
          <NewPasswordFields formik={formik} name="password" label={t('password.reset.newPassword')} confirmLabel={t('password.reset.confirm')} strengthWords={strengthWords} />
          <Button type="submit" variant="contained" disabled={reset.status === 'pending'}>
            {t('password.reset.submit')}
          </Button>
        </FormStack>
      </>
    );
  }
  return (
    <PageFrame title={t('password.title.reset')} maxWidth={560}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {content}
        <BackToSignIn />
      </Paper>
    </PageFrame>
  );
}
