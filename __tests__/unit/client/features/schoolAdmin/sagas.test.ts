/**
 * The school administration's action saga on a real store with a fake OneLook: an answer's message
 * becomes a toast whose colour says whether the action did what was asked (a roster file the server
 * read but refused answers 200 with its problem report, and must not be announced as a success). A
 * refusal is a failure, so its toast comes from the error bridge (problemRaised), not from the saga.
 */
import { problemRaised } from '../../../../../src/client/api/apiProblem';
import { injectAreaReducers } from '../../../../../src/client/app/store';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { selectPendingNotifications } from '../../../../../src/client/features/notifications/slice';
import { schoolAdminArea } from '../../../../../src/client/features/schoolAdmin/area';
import { schoolAdminSaga } from '../../../../../src/client/features/schoolAdmin/sagas';
import { adminActionRequested } from '../../../../../src/client/features/schoolAdmin/slice';
import { harness, makeSession, NOW, settle, type FakeAnswer } from '../harness';

injectAreaReducers(schoolAdminArea);

const session = makeSession({ permissions: ['SCHOOLADMIN'] });

function adminHarness(answer: FakeAnswer) {
  return harness({ preloadedState: { auth: signedInState(session, NOW + 30 * 60_000) }, sagas: [schoolAdminSaga], routes: { 'POST /api/service': answer } });
}

describe('an admin action announces its answer', () => {
  it.each([
    ['a plain answer', 'success', { message: 'Invitation sent.' }],
    ['a roster dry run the file passed', 'success', { message: 'The file is ready to import.', report: { ok: true } }],
    ['a roster file the server refused', 'error', { message: 'The roster was not imported: 2 problems in the file.', report: { ok: false } }],
  ])('%s: a %s toast with its message', async (_name, severity, data) => {
    const h = adminHarness({ status: 200, data });
    h.store.dispatch(adminActionRequested({ name: 'act', method: 'POST', path: '/admin/invitations', payload: {} }));
    await settle();
    const raised = selectPendingNotifications(h.store.getState() as never);
    expect(raised.map((n) => [n.severity, n.summary])).toEqual([[severity, data.message]]);
    expect(h.actions.includes(problemRaised.type)).toBe(severity === 'error');
  });
});
