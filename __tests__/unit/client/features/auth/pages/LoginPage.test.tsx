/** /login: validation, each failure kind's message, the end reason, the submitted request, the busy button. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RootState } from '../../../../../../src/client/app/store';
import type { ApiProblem } from '../../../../../../src/client/api/apiProblem';
import { signedOutState, signInFailed, signInRequested } from '../../../../../../src/client/features/auth/slice';
import { renderApp, NOW } from '../../../app/renderApp';

function withAuth(patch: Partial<RootState['auth']>): Partial<RootState> {
  return { auth: { ...signedOutState(NOW), ...patch } };
}

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

describe('/login', () => {
  it('offers the school sign-in buttons under the form, each named by its provider and showing its mark', async () => {
    const providers = [
      { id: 'google', name: 'Google' },
      { id: 'microsoft', name: 'Microsoft' },
      { id: 'lincoln', name: 'Lincoln district sign-in' },
    ] as const;
    renderApp('/login', { preloadedState: { ...withAuth({}), schoolSignIn: { status: 'succeeded', school: '', providers: [...providers] } } });
    const section = await screen.findByRole('region', { name: 'School sign-in' });
    const links = providers.map(({ name }) => within(section).getByRole('link', { name }));
    expect(within(section).getAllByRole('link')).toEqual(links);
    expect(links[0]!.getAttribute('href')).toMatch(/^\/api\/sso\/start\/google/);
    // Google's four-colour G and Microsoft's four squares; the others their initial
    expect([...links[0]!.querySelectorAll('svg path')].map((p) => p.getAttribute('fill'))).toEqual(['#EA4335', '#4285F4', '#FBBC05', '#34A853']);
    expect(links[1]!.querySelectorAll('svg rect')).toHaveLength(4);
    expect(links[2]!.querySelector('svg')).toBeNull();
  });

  it('has labelled fields, a Sign in button and the links to forgot password and register', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText(/user name/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/password/i)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: /sign in/i })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password');
    expect(screen.getByRole('link', { name: 'Register with a class code' })).toHaveAttribute('href', '/register');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('requires a user name and a password', async () => {
    const { dispatch } = renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Please enter your user name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: signInRequested.type }));
  });

  it('keeps the Sign in button still: each field reserves its helper-text line before any error', async () => {
    renderApp('/login');
    const user = await screen.findByLabelText(/user name/i);
    const lines = () => ['username', 'password'].map((id) => document.getElementById(`${id}-helper-text`));
    // the lines exist before any error, so an error fills a line instead of adding one
    expect(lines().every((line) => line !== null)).toBe(true);
    const before = lines();
    // typed into, then emptied: its error appears in the reserved line
    await userEvent.type(user, 'm');
    await userEvent.clear(user);
    expect(await screen.findByText('Please enter your user name')).toBeInTheDocument();
    expect(lines()[0]).toBe(before[0]);
    expect(lines()[1]).toBe(before[1]);
  });

  it('tabbing past the empty fields says nothing: no field turns red before it is changed or Sign in is pressed', async () => {
    renderApp('/login');
    const user = await screen.findByLabelText(/user name/i);
    user.focus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.queryByText('Please enter your user name')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter your password')).not.toBeInTheDocument();
    expect(user).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/password/i)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('a blur followed by a click on Sign in submits and shows both errors', async () => {
    renderApp('/login');
    const user = await screen.findByLabelText(/user name/i);
    user.focus();
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));
    expect(await screen.findByText('Please enter your user name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
  });

  it('[S2.15] dispatches signInRequested with the redirect from the address', async () => {
    const { dispatch } = renderApp('/login?redirect=%2Fapp%2Fprofile');
    await userEvent.type(await screen.findByLabelText(/user name/i), ' learner ');
    await userEvent.type(screen.getByLabelText(/password/i), 'demo-password');
    await userEvent.click(screen.getByRole('button', { name: /sign in/i }));
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith(
        signInRequested({ username: 'learner', password: 'demo-password', redirect: '/app/profile' }),
      ),
    );
  });

  it('disables the button while signing in', async () => {
    renderApp('/login', { preloadedState: withAuth({ status: 'signingIn' }) });
    expect(await screen.findByRole('button', { name: /signing in/i })).toBeDisabled();
  });

  it.each<[ApiProblem, RegExp]>([
    [{ kind: 'unauthorized', status: 401, message: 'Invalid credentials' }, /user name or password is incorrect/i],
    [{ kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 300 }, /wait 5 minutes/i],
    [{ kind: 'client', status: 429, message: 'Too many', retryAfterSeconds: 30 }, /wait 1 minute and/i],
    [{ kind: 'client', status: 429, message: 'Too many' }, /wait a few minutes/i],
    [{ kind: 'network', message: 'Network Error' }, /can't reach Cashwise/i],
    [{ kind: 'server', status: 500, message: 'boom' }, /problem on its side/i],
    [{ kind: 'unauthorized', status: 401, message: 'Unknown app key' }, /not recognised by the server/i],
    [{ kind: 'client', message: 'Boom' }, /Boom/],
  ])('shows a clear message for %o', async (error, message) => {
    // The page clears a stale error on arrival, so the error arrives after the page is shown.
    const { store } = renderApp('/login');
    await screen.findByRole('button', { name: /sign in/i });
    act(() => {
      store.dispatch(signInFailed(error));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it.each([
    ['idle', 'You were signed out after 30 minutes without activity.'],
    ['expired', 'Your session expired. Please sign in again.'],
    ['otherTab', 'You were signed out in another tab.'],
    ['signout', 'You have signed out.'],
    ['unauthorized', 'Your session has ended. Please sign in again.'],
    ['invalid', 'Your session has ended. Please sign in again.'],
  ])('explains ?reason=%s', async (reason, text) => {
    renderApp(`/login?reason=${reason}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it.each(['guard', 'nonsense'])('says nothing for ?reason=%s', async (reason) => {
    renderApp(`/login?reason=${reason}`);
    await screen.findByRole('button', { name: /sign in/i });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.querySelector('.MuiAlert-root')).toBeNull();
  });
});
