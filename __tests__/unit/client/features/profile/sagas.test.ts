/** Profile sagas: saving, the S4.06 profile event, access codes, student ids, the school switch on the server. */
import { authSaga } from '../../../../../src/client/features/auth/sagas';
import { schoolSwitched, signedInState } from '../../../../../src/client/features/auth/slice';
import { changedUserFields, profileSaga } from '../../../../../src/client/features/profile/sagas';
import { schoolSwitchWatcher } from '../../../../../src/client/features/profile/schoolSwitch';
import { accessCodeAddRequested, externalIdSaveRequested, profileRequested, profileSaveRequested, rosterEmailDismissRequested } from '../../../../../src/client/features/profile/slice';
import { harness, makeSession, NOW, serviceProxy, settle } from '../harness';

const session = makeSession();
const signedIn = { auth: signedInState(session, NOW + 30 * 60_000) };

describe('profile sagas', () => {
  it('[S4.06] changedUserFields keeps only what differs', () => {
    expect(changedUserFields(session.user, { ...session.user, lastName: 'New' })).toEqual({ lastName: 'New' });
    expect(changedUserFields(session.user, session.user)).toEqual({});
  });

  it('[S4.06] saving dispatches profileUpdated with only the changed fields, persisted to cc:auth', async () => {
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: serviceProxy({ 'PUT /me/profile': () => ({ status: 200, data: { user: { ...session.user, timezone: 'America/Denver' }, pendingEmail: null, message: 'Your profile has been saved.' } }) }),
      sagas: [profileSaga, authSaga],
    });
    h.store.dispatch(profileSaveRequested({ firstName: 'Lena', lastName: 'Learner', email: session.user.userEmail, timezone: 'America/Denver' }));
    await settle();
    expect(h.actions).toContain('auth/profileUpdated');
    expect(h.state().auth.session?.user.timezone).toBe('America/Denver');
    expect(h.stored()?.user.timezone).toBe('America/Denver');
    expect(h.state().profile.save).toEqual({ status: 'succeeded', error: null, message: 'Your profile has been saved.' });
  });

  it('the profile brings the school’s address; “Not mine” asks the server to stop offering it', async () => {
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: serviceProxy({
        'GET /me/profile': () => ({ status: 200, data: { user: session.user, clients: session.clients, permissions: [], products: [], pendingEmail: null, rosterEmail: 'lena.l@school.example.org' } }),
        'DELETE /me/roster-email': () => ({ status: 200, data: { message: 'No longer offered.' } }),
      }),
      sagas: [profileSaga, authSaga],
    });
    h.store.dispatch(profileRequested());
    await settle();
    expect(h.state().profile.rosterEmail).toBe('lena.l@school.example.org');
    h.store.dispatch(rosterEmailDismissRequested());
    await settle();
    expect(h.state().profile.rosterEmail).toBeNull();
    expect(h.state().profile.rosterEmailDismiss).toEqual({ status: 'succeeded', error: null, message: 'No longer offered.' });
  });

  it('adding a code brings the new school into the session', async () => {
    const clients = [...session.clients, { lsclientID: 'MAPLE', clientName: 'Maple Middle School' }];
    const h = harness({
      stored: session,
      preloadedState: signedIn,
      routes: serviceProxy({ 'POST /me/access-codes': () => ({ status: 200, data: { message: 'Access code added.', clients, products: [] } }) }),
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
      routes: serviceProxy({
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
      routes: serviceProxy({
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
