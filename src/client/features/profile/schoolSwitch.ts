/**
 * The school switch (SPEC S1.03): the app bar reorders the learner's schools at once (auth slice);
 * the server stores the order so the next session starts with it too, and then cc:auth gets it (other
 * tabs follow: session/tabs.ts) and the school's catalog is loaded again (currentSchoolChanged). The switcher is in the
 * signed-in shell (app bar, drawer), so this saga starts with the shell's chunk (`schoolSwitchArea`,
 * registered by AppShell) — not with the profile area, whose code loads only with its pages.
 */
import type { SagaIterator } from 'redux-saga';
import type { Area } from '../../app/areas';
import { call, put, select, takeLatest } from 'redux-saga/effects';
import type { Client } from '../../../common/types';
import { callService, toApiProblem } from '../../api/apiSaga';
import { selectClients, currentSchoolChanged, identityLoaded, schoolSwitched } from '../auth';
import { problemRaised } from '../../api/apiProblem';

/** The app bar reordered the schools at once (auth slice); the server stores it, or the order goes back. */
export function* schoolSwitchSaga(action: ReturnType<typeof schoolSwitched>): SagaIterator {
  try {
    const data: { clients: Client[] } = yield call(callService, { method: 'PUT', path: '/me/schools/current', payload: action.payload });
    // written to cc:auth now that the server has it (auth/sagas.ts), so other tabs follow a stored switch
    yield put(identityLoaded({ clients: data.clients }));
    const current = data.clients[0];
    if (current) yield put(currentSchoolChanged({ lsclientID: current.lsclientID }));
  } catch (error) {
    const problem = toApiProblem(error);
    if (problem.kind === 'unauthorized') return; // the session ends anyway
    try {
      const data: { clients: Client[] } = yield call(callService, { method: 'GET', path: '/me/profile' });
      yield put(identityLoaded({ clients: data.clients }));
    } catch {
      // keep what the learner sees; the next sign-in has the server's order
    }
    const clients: Client[] = yield select(selectClients);
    yield put(
      problemRaised(problem, {
        summary: 'School',
        detail: `Could not switch the school: ${problem.message}${clients[0] ? ` (current: ${clients[0].clientName})` : ''}`,
      }),
    );
  }
}

export function* schoolSwitchWatcher(): SagaIterator {
  yield takeLatest(schoolSwitched, schoolSwitchSaga);
}

/** The school switch as an area without a slice: started with the signed-in shell, whose app bar and drawer hold the switcher (app/areas.ts). */
export const schoolSwitchArea: Area = { name: 'schoolSwitch', reducers: {}, saga: schoolSwitchWatcher };
