/** The shell: version in the footer, env badge in development, areas, school and school switcher, sign-out. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionEnd } from '../../../../src/client/features/auth/events';
import { LINCOLN, ROOSEVELT, renderApp, signedIn } from './renderApp';

beforeEach(() => {
  Object.defineProperty(window, 'scrollTo', { value: jest.fn(), writable: true, configurable: true });
});

describe('shell', () => {
  it('[S1.04] the footer shows the version, on public pages and in the signed-in shell', async () => {
    renderApp('/about-us');
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('2.0.16-main');
    expect(await screen.findByRole('heading', { level: 2, name: 'Version' })).toBeInTheDocument();
  });

  it('[S1.04] the signed-in shell has landmarks, the areas, the product name, the version and the learner home', async () => {
    renderApp('/app', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Lena!' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Cashwise');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('2.0.16-main');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Catalog' })).toHaveAttribute('href', '/app/catalog');
    expect(within(nav).getByRole('link', { name: 'Resources' })).toHaveAttribute('href', '/app/resources');
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/app/activity');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // Get Help is a button that raises the support event (the panel opens on every page)
    expect(screen.getByRole('button', { name: 'Get Help' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main-content');
    expect(screen.getAllByText('Lincoln High School').length).toBeGreaterThan(0);
  });

  it('shows the env badge only in development (env D)', async () => {
    const { unmount } = renderApp('/about-us', { preloadedState: { env: { info: { appbadge: 'DEV', env: 'D' }, status: 'succeeded', error: null } } });
    expect(await screen.findByText('DEV')).toBeInTheDocument();
    unmount();
    renderApp('/about-us', { preloadedState: { env: { info: { appbadge: 'PROD', env: 'P' }, status: 'succeeded', error: null } } });
    await screen.findByRole('contentinfo');
    expect(screen.queryByText('PROD')).not.toBeInTheDocument();
  });

  it('[S1.03] a multi-tenant learner switches school from the app bar menu', async () => {
    const { store } = renderApp('/app', { preloadedState: signedIn([LINCOLN, ROOSEVELT]) });
    const switcher = await screen.findByRole('button', { name: /School: Lincoln High School/ });
    await userEvent.click(switcher);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Roosevelt Academy' }));
    await waitFor(() => expect(store.getState().auth.session?.clients[0]).toEqual(ROOSEVELT));
    expect(await screen.findByRole('button', { name: /School: Roosevelt Academy/ })).toBeInTheDocument();
  });

  it('the profile menu says who is signed in, and leads to Profile and Sign out', async () => {
    renderApp('/app', { preloadedState: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: /account menu for lena learner/i }));
    // on a shared computer: whose session this is, before signing out (read out, never chosen)
    const who = await screen.findByRole('menuitem', { name: /Signed in as\s*Lena Learner \(learner\)/ });
    expect(who).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/app/profile');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('href', '/signout');
    // the menu opens on Profile, not on the name
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
  });

  it('[S4.11] /signout dispatches auth:session:end once and says so', async () => {
    const { dispatch } = renderApp('/signout', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Signing you out…' })).toBeInTheDocument();
    const ends = dispatch.mock.calls.filter(([action]) => (action as { type: string }).type === sessionEnd.type);
    expect(ends).toEqual([[sessionEnd({ reason: 'signout' })]]);
  });

  it('/intro welcomes the learner with a Get started link to /app', async () => {
    renderApp('/intro', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cashwise, Lena' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/app');
  });
});
