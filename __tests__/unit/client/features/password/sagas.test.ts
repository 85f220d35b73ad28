/** Password sagas: the forgot, reset-link and change requests and their state. */
import { signedInState } from '../../../../../src/client/features/auth/slice';
import { passwordSaga } from '../../../../../src/client/features/password/sagas';
import { forgotRequested, passwordChangeRequested, resetLinkOpened, resetRequested } from '../../../../../src/client/features/password/slice';
import { harness, makeSession, NOW, serviceProxy, settle } from '../harness';

const signedIn = { auth: signedInState(makeSession(), NOW + 30 * 60_000) };

describe('password sagas', () => {
  it('forgot: shows the server’s one answer', async () => {
    const h = harness({ routes: serviceProxy({ 'POST /password/forgot': () => ({ status: 200, data: { message: 'If an account matches…' } }) }), sagas: [passwordSaga] });
    h.store.dispatch(forgotRequested({ login: 'learner' }));
    await settle();
    expect(h.state().password.forgot).toEqual({ status: 'succeeded', message: 'If an account matches…', error: null });
  });

  it('reset link: a used link is invalid with its message; a good one resets and goes to /login', async () => {
    const h = harness({
      routes: serviceProxy({
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

  it('change of a temporary password: the session is released and the student goes on to the address they asked for', async () => {
    const temporary = { auth: signedInState({ ...makeSession(), mustChangePassword: true }, NOW + 30 * 60_000) };
    for (const [currentPath, landing] of [
      ['/app/profile/password?redirect=%2Fapp%2Fcatalog', '/app/catalog'],
      ['/app/profile/password', '/app'],
      ['/app/profile/password?redirect=https%3A%2F%2Fevil.example', '/app'],
    ] as const) {
      const h = harness({
        preloadedState: temporary,
        currentPath,
        routes: serviceProxy({ 'PUT /me/password': () => ({ status: 200, data: { message: 'Your password has been changed.' } }) }),
        sagas: [passwordSaga],
      });
      h.store.dispatch(passwordChangeRequested({ currentPassword: 'abcd-efgh-jkmn', newPassword: 'a fine new passphrase' }));
      await settle();
      expect(h.state().auth.session).not.toHaveProperty('mustChangePassword');
      expect(h.navigate).toHaveBeenCalledWith(landing, { replace: true });
    }
  });

  it('change of a chosen password: the student stays on the page', async () => {
    const h = harness({
      preloadedState: signedIn,
      currentPath: '/app/profile/password?redirect=%2Fapp%2Fcatalog',
      routes: serviceProxy({ 'PUT /me/password': () => ({ status: 200, data: { message: 'Your password has been changed.' } }) }),
      sagas: [passwordSaga],
    });
    h.store.dispatch(passwordChangeRequested({ currentPassword: 'old phrase here', newPassword: 'a fine new passphrase' }));
    await settle();
    expect(h.state().password.change.status).toBe('succeeded');
    expect(h.navigate).not.toHaveBeenCalled();
  });

  it('change: a wrong current password is a typed error', async () => {
    const h = harness({
      preloadedState: signedIn,
      routes: serviceProxy({ 'PUT /me/password': () => ({ status: 400, data: { message: 'Your current password is not right.' } }) }),
      sagas: [passwordSaga],
    });
    h.store.dispatch(passwordChangeRequested({ currentPassword: 'x', newPassword: 'a fine new passphrase' }));
    await settle();
    expect(h.state().password.change).toEqual({ status: 'failed', message: null, error: { kind: 'client', status: 400, message: 'Your current password is not right.' } });
  });
});
