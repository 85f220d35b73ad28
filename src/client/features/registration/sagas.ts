/**
 * Registration side effects. Every call goes through callService (OneLook, /registration/…).
 * Record keys live in local storage under `cw:registration:<rid>` so a student can leave and come
 * back (the mailed verification link carries the key too). After each step the saga goes to the
 * record's next step; the last step stores the session exactly as sign-in does and starts it
 * (auth:session:start → auth:ready → /app).
 */
import type { SagaIterator } from 'redux-saga';
import { call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ACCOUNT_MESSAGES, type CodePreview, type RegistrationRecordView, type RegistrationStep } from '../../../common/accounts';
import { callService, toApiProblem, unwrapBody } from '../../api/apiSaga';
import { getNavigate, getStorage, wait, type SagaContext } from '../../app/sagaContext';
import {
  sessionStart,
  startRenewalKey,
  signInSucceeded,
  normalizeSession,
  sessionExpiry,
  writeStoredSession,
} from '../auth';
import {
  codePreviewLoaded,
  codePreviewRequested,
  codeSubmitted,
  invitationEmailSubmitted,
  passwordSubmitted,
  recordLoaded,
  recordOpened,
  requestFailed,
  shouldCheckUserName,
  stepSubmitted,
  userNameCheckFailed,
  userNameChecked,
  userNameTyped,
  verificationSendRequested,
  verificationSkipped,
  verificationSubmitted,
  type RecordRef,
} from './slice';

export const RECORD_KEY_PREFIX = 'cw:registration:';
/** wait this long after the last keystroke before asking whether a user name is free */
export const USER_NAME_CHECK_DELAY_MS = 400;

type Navigate = SagaContext['navigate'];

export function recordPath(ref: RecordRef, step: RegistrationStep): string {
  const base = `/register/${ref.invitationId}/record/${ref.recordId}`;
  return step === 'done' ? '/login' : `${base}/${step}`;
}

function readKey(storage: Storage, recordId: number): string | null {
  try {
    return storage.getItem(`${RECORD_KEY_PREFIX}${recordId}`);
  } catch {
    return null;
  }
}

function writeKey(storage: Storage, recordId: number, key: string | null): void {
  try {
    if (key) storage.setItem(`${RECORD_KEY_PREFIX}${recordId}`, key);
    else storage.removeItem(`${RECORD_KEY_PREFIX}${recordId}`);
  } catch {
    // storage disabled: the record cannot be resumed later, but this visit works
  }
}

function* fail(error: unknown): SagaIterator {
  yield put(requestFailed(toApiProblem(error)));
}

function* started(data: { invitationId: number; recordId: number; key: string; record: RegistrationRecordView }): SagaIterator {
  const storage: Storage = yield call(getStorage);
  writeKey(storage, data.recordId, data.key);
  yield put(recordLoaded({ record: data.record }));
  const navigate: Navigate = yield call(getNavigate);
  navigate(recordPath(data, data.record.step));
}

/** What the code leads to (school, class, teachers), for the student to check before starting. */
export function* previewSaga(action: ReturnType<typeof codePreviewRequested>): SagaIterator {
  const { code } = action.payload;
  try {
    const preview: CodePreview = yield call(callService, { method: 'POST', path: '/registration/code/preview', payload: { code } });
    yield put(codePreviewLoaded({ ...preview, code }));
  } catch (error) {
    yield call(fail, error);
  }
}

export function* codeSaga(action: ReturnType<typeof codeSubmitted>): SagaIterator {
  try {
    const data = yield call(callService, { method: 'POST', path: '/registration/code', payload: { code: action.payload.code } });
    yield call(started, data);
  } catch (error) {
    yield call(fail, error);
  }
}

export function* invitationSaga(action: ReturnType<typeof invitationEmailSubmitted>): SagaIterator {
  const { invitationId, token, email } = action.payload;
  try {
    const data = yield call(callService, { method: 'POST', path: `/registration/invitations/${invitationId}`, payload: { token, email } });
    yield call(started, data);
  } catch (error) {
    yield call(fail, error);
  }
}

function* keyFor(ref: RecordRef): SagaIterator<string> {
  const storage: Storage = yield call(getStorage);
  return readKey(storage, ref.recordId) ?? '';
}

export function* openSaga(action: ReturnType<typeof recordOpened>): SagaIterator {
  const { invitationId, recordId, key: given } = action.payload;
  const storage: Storage = yield call(getStorage);
  if (given) writeKey(storage, recordId, given);
  const key: string = given ?? (yield call(keyFor, { invitationId, recordId }));
  if (!key) {
    // another browser or computer, or cleared storage: only the access code or the mailed link lead back
    yield put(requestFailed({ kind: 'client', message: ACCOUNT_MESSAGES.recordKeyMissing }));
    return;
  }
  try {
    const record: RegistrationRecordView = yield call(callService, {
      method: 'POST',
      path: `/registration/${invitationId}/records/${recordId}`,
      payload: { key },
    });
    // finished (perhaps in another tab or on another device): the key has no more use here
    if (record.step === 'done') writeKey(storage, recordId, null);
    yield put(recordLoaded({ record }));
  } catch (error) {
    // expired or unknown: the key cannot open anything any more (a network failure keeps it)
    if (toApiProblem(error).status === 404) writeKey(storage, recordId, null);
    yield call(fail, error);
  }
}

/**
 * Sends a step's answer to the record (`path` under the record's address; the record's key is added
 * to `payload`); the record that comes back is loaded and the learner goes to its step.
 */
function* answerStep(
  ref: RecordRef,
  request: { method: 'PUT' | 'POST'; path: string; payload: Record<string, unknown> },
  navigateOptions?: { replace: true },
): SagaIterator {
  const key: string = yield call(keyFor, ref);
  try {
    const record: RegistrationRecordView = yield call(callService, {
      method: request.method,
      path: `/registration/${ref.invitationId}/records/${ref.recordId}/${request.path}`,
      payload: { ...request.payload, key },
    });
    yield put(recordLoaded({ record }));
    const navigate: Navigate = yield call(getNavigate);
    if (navigateOptions) navigate(recordPath(ref, record.step), navigateOptions);
    else navigate(recordPath(ref, record.step));
  } catch (error) {
    yield call(fail, error);
  }
}

export function* stepSaga(action: ReturnType<typeof stepSubmitted>): SagaIterator {
  const { invitationId, recordId, step, values } = action.payload;
  yield call(answerStep, { invitationId, recordId }, { method: 'PUT', path: step, payload: values });
}

export function* sendCodeSaga(action: ReturnType<typeof verificationSendRequested>): SagaIterator {
  const { invitationId, recordId, email } = action.payload;
  const key: string = yield call(keyFor, { invitationId, recordId });
  try {
    const data: { otid: number; message: string; record: RegistrationRecordView } = yield call(callService, {
      method: 'POST',
      path: `/registration/${invitationId}/records/${recordId}/verify/send`,
      payload: email ? { key, email } : { key },
    });
    yield put(recordLoaded({ record: data.record, notice: data.message, otid: data.otid }));
  } catch (error) {
    yield call(fail, error);
  }
}

export function* verifySaga(action: ReturnType<typeof verificationSubmitted>): SagaIterator {
  const { invitationId, recordId, code, otid } = action.payload;
  // the code's page (…/verify/{otid}) is not one to come back to
  yield call(answerStep, { invitationId, recordId }, { method: 'POST', path: 'verify', payload: otid ? { code, otid } : { code } }, { replace: true });
}

export function* skipEmailSaga(action: ReturnType<typeof verificationSkipped>): SagaIterator {
  yield call(answerStep, action.payload, { method: 'POST', path: 'verify/skip', payload: {} });
}

/** The last step: the account is created and the server answers with a session, as sign-in does. */
export function* finishSaga(action: ReturnType<typeof passwordSubmitted>): SagaIterator {
  const { invitationId, recordId, password } = action.payload;
  const storage: Storage = yield call(getStorage);
  const key: string = yield call(keyFor, { invitationId, recordId });
  try {
    const data: unknown = yield call(callService, {
      method: 'POST',
      path: `/registration/${invitationId}/records/${recordId}/password`,
      payload: { key, password },
    });
    const session = normalizeSession(unwrapBody(data));
    const expiresAt = session ? sessionExpiry(session) : 0;
    if (!session || !expiresAt) throw new Error('The server answered without a valid session');
    writeKey(storage, recordId, null);
    startRenewalKey(storage);
    writeStoredSession(storage, session);
    yield put(signInSucceeded({ session, expiresAt }));
    yield put(sessionStart({ session, expiresAt, redirect: '/app' }));
  } catch (error) {
    yield call(fail, error);
  }
}

/** As they type: the newest name wins (takeLatest), asked only after a pause. */
export function* userNameCheckSaga(action: ReturnType<typeof userNameTyped>): SagaIterator {
  const { userName } = action.payload;
  if (!shouldCheckUserName(userName)) return;
  yield call(wait, USER_NAME_CHECK_DELAY_MS);
  try {
    const data: { available: boolean; message?: string } = yield call(callService, {
      method: 'POST',
      path: '/registration/usernames/available',
      payload: { userName },
    });
    yield put(userNameChecked(data.message ? { userName, available: data.available, message: data.message } : { userName, available: data.available }));
  } catch (error) {
    yield put(userNameCheckFailed({ userName, message: toApiProblem(error).message }));
  }
}

export function* registrationSaga(): SagaIterator {
  yield takeLatest(codePreviewRequested, previewSaga);
  yield takeLeading(codeSubmitted, codeSaga);
  yield takeLeading(invitationEmailSubmitted, invitationSaga);
  yield takeLatest(recordOpened, openSaga);
  yield takeLeading(stepSubmitted, stepSaga);
  yield takeLeading(verificationSendRequested, sendCodeSaga);
  yield takeLeading(verificationSubmitted, verifySaga);
  yield takeLeading(verificationSkipped, skipEmailSaga);
  yield takeLeading(passwordSubmitted, finishSaga);
  yield takeLatest(userNameTyped, userNameCheckSaga);
}

export default registrationSaga;
