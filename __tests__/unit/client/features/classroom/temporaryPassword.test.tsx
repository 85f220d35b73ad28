/**
 * A student signed in with a teacher's temporary password is sent to change it before anything else,
 * and told why, the address they asked for kept; once PUT /me/password answered, the flag is gone
 * and the app is theirs again (the password saga then goes on to that address).
 */
import { act, screen } from '@testing-library/react';
import { authReducer, signedInState, temporaryPasswordReplaced } from '../../../../../src/client/features/auth/slice';
import { demoSession, NOW, renderApp } from '../../app/renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

const temporary = { auth: signedInState({ ...demoSession(), mustChangePassword: true }, NOW + 30 * 60_000) };

it.each([
  ['/app', ''],
  ['/app/catalog', '?redirect=%2Fapp%2Fcatalog'],
  ['/app/classes?tab=archived', '?redirect=%2Fapp%2Fclasses%3Ftab%3Darchived'],
])('%s goes to Change Password first, keeping the address asked for', async (path, search) => {
  const { router } = renderApp(path, { preloadedState: temporary });
  expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/app/profile/password');
  expect(router.state.location.search).toBe(search);
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
