/**
 * School administration's sagas: every call through the shared API saga (callService) to the
 * OneLook paths of common/schoolAdmin.ts, with the picked school (a superuser's) as `school`.
 */
import type { SagaIterator } from 'redux-saga';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import { callMultipart, callService } from '../../api/apiSaga';
import { problemRaised, toApiProblem, withToast } from '../../api/apiProblem';
import { downloadText } from '../../lib/download';
import { notificationRaised } from '../notifications';
import {
  adminActionFailed,
  adminActionRequested,
  adminActionSucceeded,
  adminDownloadRequested,
  adminLoadFailed,
  adminLoadRequested,
  adminLoaded,
  selectAdminResource,
  selectAdminSchool,
  type AdminLoad,
  type AdminResource,
  type SchoolAdminRootState,
} from './slice';

function* withSchool(params: Record<string, string | number> = {}): SagaIterator<Record<string, string | number>> {
  const school: string | null = yield select(selectAdminSchool);
  return school ? { ...params, school } : params;
}

export function* loadSaga(action: ReturnType<typeof adminLoadRequested>): SagaIterator {
  const { key, path, params } = action.payload;
  try {
    const data: unknown = yield call(callService, { method: 'GET', path, params: yield call(withSchool, params) });
    yield put(adminLoaded({ key, data }));
  } catch (error) {
    yield put(adminLoadFailed({ key, error: toApiProblem(error) }));
  }
}

export function* actionSaga(action: ReturnType<typeof adminActionRequested>): SagaIterator {
  const { name, method, path, payload, reload = [], files } = action.payload;
  try {
    const params: Record<string, string | number> = yield call(withSchool);
    const request = { method, path, params, ...(payload === undefined ? {} : { payload }) };
    const result: unknown = files ? yield call(callMultipart, request, files) : yield call(callService, request);
    yield put(adminActionSucceeded({ name, result }));
    const message = (result as { message?: unknown } | null)?.message;
    // a roster file the server read but refused comes back as an answer with its problem report
    const refused = (result as { report?: { ok?: unknown } } | null)?.report?.ok === false;
    if (typeof message === 'string') {
      // a refusal is a failure: the error bridge shows it (and logs it) like any other
      if (refused) yield put(problemRaised({ kind: 'client', message }, { summary: message, detail: null }));
      else yield put(notificationRaised({ severity: 'success', summary: message }));
    }
    const again: (AdminResource | undefined)[] = yield all(reload.map((key) => select((state: SchoolAdminRootState) => selectAdminResource(state, key))));
    for (const resource of again) if (resource) yield put(adminLoadRequested(resource.request as AdminLoad));
  } catch (error) {
    const problem = toApiProblem(error);
    yield put(withToast(adminActionFailed({ name, error: problem }), { summary: 'That did not work' }));
  }
}

export function* downloadSaga(action: ReturnType<typeof adminDownloadRequested>): SagaIterator {
  const { path, params, fileName, kind } = action.payload;
  try {
    const answer: unknown = yield call(callService, { method: 'GET', path, params: yield call(withSchool, params) });
    if (kind === 'json') {
      yield call(downloadText, fileName, JSON.stringify(answer, null, 2), 'application/json;charset=utf-8');
    } else {
      const text = typeof answer === 'string' ? answer : String(answer ?? '');
      // the browser's decoding drops the server's byte-order mark; spreadsheets need it to read UTF-8
      yield call(downloadText, fileName, text.startsWith('\uFEFF') ? text : `\uFEFF${text}`);
    }
  } catch (error) {
    yield put(problemRaised(toApiProblem(error), { summary: 'The file could not be downloaded' }));
  }
}

export function* schoolAdminSaga(): SagaIterator {
  yield takeEvery(adminLoadRequested.type, loadSaga);
  yield takeLatest(adminActionRequested.type, actionSaga);
  yield takeEvery(adminDownloadRequested.type, downloadSaga);
}
