/** Password and profile sagas: requests, state, the S4.06 profile event, the school switch on the server. */
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { schoolSwitched } from '../../../../../src/client/features/auth/slice';
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { passwordSaga } from '../../../../../src/client/features/password/sagas';
import { forgotRequested, passwordChangeRequested, resetLinkOpened, resetRequested } from '../../../../../src/client/features/password/slice';
import { changedUserFields, profileSaga } from '../../../../../src/client/features/profile/sagas';
import { schoolSwitchWatcher } from '../../../../../src/client/features/profile/schoolSwitch';
import { accessCodeAddRequested, externalIdSaveRequested, profileSaveRequested } from '../../../../../src/client/features/profile/slice';
import { harness, makeSession, NOW, settle, type FakeAnswer, type RecordedRequest } from '../harness';

type Handler = (payload: Record<string, unknown>) => FakeAnswer;
function proxy(handlers: Record<string, Handler>) {
  return {
    'POST /api/service': (req: RecordedRequest): FakeAnswer => {
      const body = req.data as { method: string; path: string; payload?: Record<string, unknown> };
      const handler = handlers[`${body.method} ${body.path}`];
      return handler ? handler(body.payload ?? {}) : { status: 404, data: { message: 'Unknown route for this service.' } };
    },
  };
}

const session = makeSession();
const signedIn = { auth: signedInState(session, NOW + 30 * 60_000) };

describe('password sagas', () => {
  it('forgot: shows the server’s one answer', async () => {
    const h = harness({ routes: proxy({ 'POST /password/forgot': () => ({ status: 200, data: { message: 'If an account matches…' } }) }), sagas: [passwordSaga] });
    h.store.dispatch(forgotRequested({ login: 'learner' }));
    await settle();
    expect(h.state().password.forgot).toEqual({ status: 'succeeded', message: 'If an account matches…', error: null });
  });

  it('reset link: a used link is invalid with its message; a good one resets and goes to /login', async () => {
    const h = harness({
      routes: proxy({
        'POST /password/reset/check': (p) => (p.code === 'used' ? { status: 410, data: { message: 'This password reset link has already been used.' } } : { status: 200, data: { valid: true } }),
        'POST /password/reset': () => ({ status: 200, data: { message: 'Your password has been changed.' } }),
      }),
      sagas: [passwordSaga],
    });
    h.store.dispatch(resetLinkOpened({ code: 'used' }));
    await settle();
    expect(h.state().password.resetLink).toEqual({ status: 'invalid', message: 'This password reset link has already been used.' });
    h.store.dispatch(resetLinkOpened({ code: 'good' }));
    await settle();
    expect(h.state().password.resetLink.status).toBe('valid');
    h.store.dispatch(resetRequested({ code: 'good', password: 'a fresh start today' }));
    await settle();
    expect(h.state().password.reset.status).toBe('succeeded');
    expect(h.navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('change: a wrong current password is a typed error', async () => {
    const h = harness({
      preloadedState: signedIn,
      routes: proxy({ 'PUT /me/password': () => ({ status: 400, data: { message: 'Your current password is not right.' } }) }),
      sagas: [passwordSaga],
    });
    h.store.dispatch(passwordChangeRequested({ currentPassword: 'x', newPassword: 'a fine new passphrase' }));
    await settle();
    expect(h.state().password.change).toEqual({ status: 'failed', message: null, error: { kind: 'client', status: 400, message: 'Your current password is not right.' } });
  });
});

describe('profile sagas', () => {
  it('[S4.06] changedUserFields keeps only what differs', () => {
    expect(changedUserFields(session.user, { ...session.user, lastName: 'New' })).toEqual({ lastName: 'New' });
    expect(changedUserFields(session.user, session.user)).toEqual({});
  });

  it('[S4.06] saving dispatches profileUpdated with only the changed fields, persisted to cc:auth', async () => {
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: proxy({ 'PUT /me/profile': () => ({ status: 200, data: { user: { ...session.user, timezone: 'America/Denver' }, pendingEmail: null, message: 'Your profile has been saved.' } }) }),
      sagas: [profileSaga, authSaga],
    });
    h.store.dispatch(profileSaveRequested({ firstName: 'Lena', lastName: 'Learner', email: session.user.userEmail, timezone: 'America/Denver' }));
    await settle();
    expect(h.actions).toContain('auth/profileUpdated');
    expect(h.state().auth.session?.user.timezone).toBe('America/Denver');
    expect(h.stored()?.user.timezone).toBe('America/Denver');
    expect(h.state().profile.save).toEqual({ status: 'succeeded', error: null, message: 'Your profile has been saved.' });
  });

  it('adding a code brings the new school into the session', async () => {
    const clients = [...session.clients, { lsclientID: 'MAPLE', clientName: 'Maple Middle School' }];
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: proxy({ 'POST /me/access-codes': () => ({ status: 200, data: { message: 'Access code added.', clients, products: [] } }) }),
      sagas: [profileSaga, authSaga],
    });
    h.store.dispatch(accessCodeAddRequested({ code: 'ABCD' }));
    await settle();
    expect(h.state().auth.session?.clients).toEqual(clients);
    expect(h.stored()?.clients).toEqual(clients);
    expect(h.state().profile.addCode.message).toBe('Access code added.');
  });

  it("a student id is saved for one school's course of a product; the other school's course keeps its own", async () => {
    const course = (lsclientID: string, schoolName: string, externalId: string | null) => ({
      productId: 2,
      productName: 'Cashwise with Student ID',
      schoolName,
      lsclientID,
      requiresExternalId: true,
      externalIdLabel: 'Student ID',
      externalId,
    });
    const products = [course('LINCOLN', 'Lincoln High School', null), course('ROOSEVELT', 'Roosevelt Academy', null)];
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: proxy({
        'POST /me/access-codes': () => ({ status: 200, data: { message: 'Access code added.', clients: session.clients, products } }),
        'PUT /me/products/2/external-id': (p) => ({ status: 200, data: course('ROOSEVELT', 'Roosevelt Academy', String(p.externalId)) }),
      }),
      sagas: [profileSaga, authSaga],
    });
    h.store.dispatch(accessCodeAddRequested({ code: 'ABCD' }));
    await settle();
    h.store.dispatch(externalIdSaveRequested({ productId: 2, lsclientID: 'ROOSEVELT', externalId: 'R-7' }));
    await settle();
    expect((h.requests.at(-1)?.data as { params?: unknown }).params).toEqual({ school: 'ROOSEVELT' });
    expect(h.state().profile.products.map((p) => [p.lsclientID, p.externalId])).toEqual([
      ['LINCOLN', null],
      ['ROOSEVELT', 'R-7'],
    ]);
  });

  it('[S1.03] the school switch is stored on the server; a failure puts the server’s order back', async () => {
    let fail = false;
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: proxy({
        'PUT /me/schools/current': () => (fail ? { status: 500, data: { message: 'down' } } : { status: 200, data: { clients: [session.clients[1], session.clients[0]] } }),
        'GET /me/profile': () => ({ status: 200, data: { user: session.user, clients: session.clients, products: [], pendingEmail: null } }),
      }),
      sagas: [profileSaga, schoolSwitchWatcher, authSaga],
    });
    h.store.dispatch(schoolSwitched({ lsclientID: 'ROOSEVELT' }));
    await settle();
    expect(h.requests.map((r) => (r.data as { payload?: unknown }).payload)).toEqual([{ lsclientID: 'ROOSEVELT' }]);
    expect(h.state().auth.session?.clients[0]?.lsclientID).toBe('ROOSEVELT');
    expect(h.stored()?.clients[0]?.lsclientID).toBe('ROOSEVELT');
    fail = true;
    h.store.dispatch(schoolSwitched({ lsclientID: 'LINCOLN' }));
    await settle();
    expect(h.state().auth.session?.clients[0]?.lsclientID).toBe('LINCOLN');
    // the server said no: its order (Lincoln first, from GET /me/profile) is what the learner sees
    expect(h.state().notifications.pending.at(-1)).toMatchObject({ severity: 'error', summary: 'School' });
  });
});
