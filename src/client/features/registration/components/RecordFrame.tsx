/**
 * The frame of every record step: loads the record (id and key from the address or local storage),
 * shows the step indicator, the server's error, and sends the learner to the record's next step
 * when this one cannot be done yet.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { stepReachable, type RegistrationStep } from '../../../../common/accounts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../ui/PageFrame';
import { PageLoading } from '../../../ui/PageLoading';
import { StepIndicator } from '../../../ui/StepIndicator';
import { recordPath } from '../sagas';
import { selectRecord, selectRegistrationError, selectRegistrationNotice, selectRegistrationStatus } from '../selectors';
import { fieldEdited, recordOpened, type RecordRef } from '../slice';
import { useT } from '../../../i18n/features';
import { catalog } from '../messages/compiled/catalog';

/** The steps, in order, each named by its message. */
const STEPS = ['name', 'externalid', 'terms', 'verify', 'username', 'password'] as const satisfies readonly Exclude<RegistrationStep, 'done'>[];

export function useRecordRef(): RecordRef {
  const { id = '', rid = '' } = useParams();
  return { invitationId: Number(id), recordId: Number(rid) };
}

/**
 * A step's server error (e.g. "Your password must not be your user name.") goes as soon as the
 * learner changes the form it was about: pass the form's values.
 */
export function useServerErrorClearedOnEdit(values: object): void {
  const dispatch = useAppDispatch();
  const failed = useAppSelector(selectRegistrationStatus) === 'failed';
  const serialized = JSON.stringify(values);
  const atFailure = useRef<string | null>(null);
  useEffect(() => {
    if (!failed) {
      atFailure.current = null;
      return;
    }
    if (atFailure.current === null) atFailure.current = serialized;
    else if (atFailure.current !== serialized) dispatch(fieldEdited());
  }, [dispatch, failed, serialized]);
}

export function RecordFrame({ step, intro, children }: { step: Exclude<RegistrationStep, 'done'>; intro?: ReactNode; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const ref = useRecordRef();
  const [search] = useSearchParams();
  const record = useAppSelector(selectRecord);
  const status = useAppSelector(selectRegistrationStatus);
  const error = useAppSelector(selectRegistrationError);
  const notice = useAppSelector(selectRegistrationNotice);
  const key = search.get('key');
  const t = useT(catalog);

  useEffect(() => {
    dispatch(recordOpened({ ...ref, key }));
    // once per record (the key is read once from the mailed link)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, ref.invitationId, ref.recordId]);

  const steps = STEPS.filter((s) => s !== 'externalid' || record?.requiresExternalId);
  const frame = (content: ReactNode) => (
    <PageFrame
      title={t('registration.title')}
      maxWidth={720}
      steps={<StepIndicator labels={steps.map((s) => t(`registration.step.${s}`))} active={Math.max(0, steps.indexOf(step))} />}
    >
      {content}
    </PageFrame>
  );

  if (!record || record.id !== ref.recordId) {
    if (status === 'failed' && error) {
      return frame(
        <Alert severity="error" role="alert">
          {error.message}{' '}
          <Link component={RouterLink} to="/register">
            {t('registration.startAgain')}
          </Link>
        </Alert>,
      );
    }
    return frame(<PageLoading />);
  }
  if (record.step === 'done') {
    return frame(
      <Alert severity="info">
        {t('registration.complete')}{' '}
        <Link component={RouterLink} to="/login">
          {t('registration.signIn')}
        </Link>
      </Alert>,
    );
  }
  if (!stepReachable(step, record.step)) return <Navigate to={recordPath(ref, record.step)} replace />;

  return frame(
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {`${record.schoolName} · ${record.productName}`}
      </Typography>
      {intro && <Typography sx={{ mb: 2 }}>{intro}</Typography>}
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {status === 'failed' && error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      )}
      {children}
    </Paper>,
  );
}
