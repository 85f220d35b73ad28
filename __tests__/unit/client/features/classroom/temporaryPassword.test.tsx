/**
 * A student signed in with a teacher's temporary password is sent to change it before anything else,
 * and told why; once PUT /me/password answered, the flag is gone and the app is theirs again.
 */
import { act, screen } from '@testing-library/react';
import { authReducer, signedInState, temporaryPasswordReplaced } from '../../../../../src/client/features/auth/slice';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const temporary = { auth: signedInState({ ...demoSession(), mustChangePassword: true }, NOW + 30 * 60_000) };

it.each(['/app', '/app/catalog', '/app/classes'])('%s goes to Change Password first', async (path) => {
  const { router } = renderApp(path, { preloadedState: temporary });
  expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/app/profile/password');
  expect(screen.getByText(/Your teacher gave you a temporary password/)).toBeInTheDocument();
});

it('once replaced, the other pages open again', async () => {
  const { router, store } = renderApp('/app/catalog', { preloadedState: temporary });
  await screen.findByRole('heading', { level: 1, name: 'Change Password' }, { timeout: 10_000 });
  act(() => {
    store.dispatch(temporaryPasswordReplaced());
  });
  await act(async () => {
    await router.navigate('/app/about');
  });
  expect(await screen.findByRole('heading', { level: 1, name: /About/ })).toBeInTheDocument();
});

it('temporaryPasswordReplaced drops the flag and nothing else', () => {
  const before = temporary.auth;
  const after = authReducer(before, temporaryPasswordReplaced());
  expect(after.session).toEqual({ ...demoSession() });
  expect(after.expiresAt).toBe(before.expiresAt);
});
