/** Password side effects: forgot, the reset link (check, then reset → /login), and the change from the profile. */
import type { SagaIterator } from 'redux-saga';
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ACCOUNT_MESSAGES } from '../../../common/accountMessages';
import { callService } from '../../api/apiSaga';
import { toApiProblem } from '../../api/apiProblem';
import { safeRedirect } from '../../../common/redirect';
import { getCurrentPath, getNavigate, type SagaContext } from '../../app/sagaContext';
import { notificationRaised } from '../notifications';
import { selectMustChangePassword, temporaryPasswordReplaced } from '../auth';
import { tOf } from '../../i18n/features';
import { catalog } from './messages/compiled/catalog';
import {
  forgotAnswered,
  forgotFailed,
  forgotRequested,
  passwordChangeFailed,
  passwordChangeRequested,
  passwordChanged,
  resetFailed,
  resetLinkChecked,
  resetLinkOpened,
  resetRequested,
  resetSucceeded,
} from './slice';

export function* forgotSaga(action: ReturnType<typeof forgotRequested>): SagaIterator {
  try {
    const data: { message: string } = yield call(callService, { method: 'POST', path: '/password/forgot', payload: { login: action.payload.login } });
    yield put(forgotAnswered({ message: data.message }));
  } catch (error) {
    yield put(forgotFailed(toApiProblem(error)));
  }
}

export function* resetLinkSaga(action: ReturnType<typeof resetLinkOpened>): SagaIterator {
  try {
    yield call(callService, { method: 'POST', path: '/password/reset/check', payload: { code: action.payload.code } });
    yield put(resetLinkChecked({ valid: true }));
  } catch (error) {
    const problem = toApiProblem(error);
    // only a definite answer marks the link bad; a network hiccup leaves the form usable
    if (problem.status === 404 || problem.status === 410) yield put(resetLinkChecked({ valid: false, message: problem.message }));
    else yield put(resetLinkChecked({ valid: true }));
  }
}

export function* resetSaga(action: ReturnType<typeof resetRequested>): SagaIterator {
  try {
    const data: { message: string } = yield call(callService, { method: 'POST', path: '/password/reset', payload: action.payload });
    yield put(resetSucceeded());
    yield put(notificationRaised({ severity: 'success', summary: tOf(catalog, 'password.changed'), detail: data.message ?? ACCOUNT_MESSAGES.resetDone }));
    const navigate: SagaContext['navigate'] = yield call(getNavigate);
    navigate('/login', { replace: true });
  } catch (error) {
    yield put(resetFailed(toApiProblem(error)));
  }
}

export function* changeSaga(action: ReturnType<typeof passwordChangeRequested>): SagaIterator {
  const temporary: boolean = yield select(selectMustChangePassword);
  try {
    const data: { message: string } = yield call(callService, { method: 'PUT', path: '/me/password', payload: action.payload });
    yield put(passwordChanged({ message: data.message }));
    // a teacher's temporary password is gone: the app no longer holds the student on this page
    yield put(temporaryPasswordReplaced());
    if (temporary) {
      // on to the address they asked for, which the app kept while holding them here (AppShell)
      const path: string | null = yield call(getCurrentPath);
      const wanted = new URLSearchParams(path?.split('?')[1] ?? '').get('redirect');
      yield put(notificationRaised({ severity: 'success', summary: tOf(catalog, 'password.changed'), detail: data.message }));
      const navigate: SagaContext['navigate'] = yield call(getNavigate);
      navigate(safeRedirect(wanted), { replace: true });
    }
  } catch (error) {
    yield put(passwordChangeFailed(toApiProblem(error)));
  }
}

export function* passwordSaga(): SagaIterator {
  yield takeLeading(forgotRequested, forgotSaga);
  yield takeLatest(resetLinkOpened, resetLinkSaga);
  yield takeLeading(resetRequested, resetSaga);
  yield takeLeading(passwordChangeRequested, changeSaga);
}

export default passwordSaga;
