/**
 * The rendered app in a memory router with the real store: document title (S2.17), scroll to top
 * (S2.16), the guard (S2.13, S2.14) and the not-found page.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { guardDenied } from '../../../../src/client/features/auth/slice';
import { contentFailed, contentLoaded } from '../../../../src/client/features/catalog/slice';
import { catalogState } from '../features/catalog/fixtures';
import { registerArea } from '../../../../src/client/app/areas';
import { catalogArea } from '../../../../src/client/features/catalog/area';
import { watchClientErrors } from '../../../../src/client/lib/errorLog';
import { expiryWarningShown } from '../../../../src/client/features/session/slice';
import { NOW, renderApp, signedIn } from './renderApp';

// the catalog's slice is in the store from the start, so a test can preload it
registerArea(catalogArea);

let scrollTo: jest.Mock;
let reducedMotion = false;

beforeEach(() => {
  scrollTo = jest.fn();
  reducedMotion = false;
  Object.defineProperty(window, 'scrollTo', { value: scrollTo, writable: true, configurable: true });
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      onchange: null,
      addListener: jest.fn(),
      removeListener: jest.fn(),
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      dispatchEvent: jest.fn(),
    }),
  });
});

describe('document title [S2.17]', () => {
  it('is the deepest page title, then " - Cashwise"', async () => {
    const { router } = renderApp('/about-us');
    await waitFor(() => expect(document.title).toBe('About Cashwise - Cashwise'));
    await act(() => router.navigate('/terms-of-use'));
    await waitFor(() => expect(document.title).toBe('Terms of Use - Cashwise'));
  });

  it('signed in, /app is titled Home and /app/profile Profile', async () => {
    const { router } = renderApp('/app', { preloadedState: signedIn() });
    await waitFor(() => expect(document.title).toBe('Home - Cashwise'));
    await act(() => router.navigate('/app/profile'));
    await waitFor(() => expect(document.title).toBe('Profile - Cashwise'));
  });

  it('an unknown page is titled Page Not Found and shows a heading with a link home', async () => {
    renderApp('/no/such/page');
    await waitFor(() => expect(document.title).toBe('Page Not Found - Cashwise'));
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/app');
  });

  it('[S2.06] a non-numeric budget id renders Not Found, never a crash', async () => {
    renderApp('/app/resources/budget-wizard/abc', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found - Cashwise');
  });

  it('[S2.17] a page whose thing does not exist is titled Page Not Found, not the route it replaced', async () => {
    const { router } = renderApp('/app/resources/worksheets/nope', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found - Cashwise');
    // the next address has its own title at once, and going back shows Not Found's again
    await act(() => router.navigate('/app/profile'));
    expect(document.title).toBe('Profile - Cashwise');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(document.title).toBe('Page Not Found - Cashwise'));
  });

  it('[S2.17] an unknown module (the API answers 404) is titled Page Not Found', async () => {
    const missing = contentFailed({ read: { kind: 'module', args: ['nonexistent-module'] }, error: { kind: 'client', status: 404, message: 'Not found' } });
    renderApp('/app/catalog/nonexistent-module', {
      preloadedState: { ...signedIn(), catalog: catalogState(missing) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found - Cashwise');
  });

  it('[S2.17] a page that fails to render is titled Something went wrong, like its heading', async () => {
    // a catalog answer of the wrong shape makes the page throw: the router's error page shows instead
    const broken = contentLoaded({ kind: 'catalog', args: [] }, { not: 'a list' } as never);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderApp('/app/catalog', { preloadedState: { ...signedIn(), catalog: catalogState(broken) } });
      expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
      expect(document.title).toBe('Something went wrong - Cashwise');
    } finally {
      quiet.mockRestore();
    }
  });

  it('a page that fails to render fails in its own place: the shell and its navigation stay, and the expiry warning still comes', async () => {
    const broken = contentLoaded({ kind: 'catalog', args: [] }, { not: 'a list' } as never);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { store } = renderApp('/app/catalog', { preloadedState: { ...signedIn(), catalog: catalogState(broken) } });
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
      expect(screen.getAllByRole('navigation', { name: 'Main' }).length).toBeGreaterThan(0);
      act(() => {
        store.dispatch(expiryWarningShown({ logoutAt: NOW + 5 * 60_000 }));
      });
      expect(await screen.findByRole('alertdialog', { name: 'Your session is about to expire' })).toBeInTheDocument();
    } finally {
      quiet.mockRestore();
    }
  });

  it('a page that fails to render reports its error to the app\'s error log (a support recording marks it)', async () => {
    const broken = contentLoaded({ kind: 'catalog', args: [] }, { not: 'a list' } as never);
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const heard: string[] = [];
    const unwatch = watchClientErrors((message) => heard.push(message));
    try {
      renderApp('/app/catalog', { preloadedState: { ...signedIn(), catalog: catalogState(broken) } });
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
      await waitFor(() => expect(heard).toHaveLength(1));
      expect(heard[0]).toMatch(/\S/);
    } finally {
      unwatch();
      quiet.mockRestore();
    }
  });

  it('a numeric budget id renders the edit page', async () => {
    renderApp('/app/resources/budget-wizard/42', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Budget' })).toBeInTheDocument();
  });
});

describe('scroll to top [S2.16]', () => {
  it('scrolls smoothly to the top after every navigation', async () => {
    const { router } = renderApp('/about-us');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
    scrollTo.mockClear();
    await act(() => router.navigate('/privacy-policy'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
  });

  it('scrolls instantly when the learner prefers reduced motion', async () => {
    reducedMotion = true;
    const { router } = renderApp('/about-us');
    await act(() => router.navigate('/help'));
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' }));
    expect(scrollTo).not.toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});

describe('route guard', () => {
  it('[S2.13] a signed-out visit to a page needing auth dispatches guardDenied with the wanted address and shows nothing of it', async () => {
    const { dispatch } = renderApp('/app/profile?tab=1#top');
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith(guardDenied({ wanted: '/app/profile?tab=1#top' })));
    expect(screen.queryByRole('heading', { name: 'Profile' })).not.toBeInTheDocument();
  });

  it('[S2.13] with the real sagas it lands on /login?redirect=… titled Sign In', async () => {
    const { router } = renderApp('/app/profile', { runSagas: true });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=%2Fapp%2Fprofile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign In - Cashwise'));
  });

  it('[S2.07] public pages under /app open signed out', async () => {
    const { dispatch } = renderApp('/app/privacy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(dispatch).not.toHaveBeenCalledWith(expect.objectContaining({ type: guardDenied.type }));
  });

  it('[S2.14] a signed-in user opening /login is sent to /app', async () => {
    const { router } = renderApp('/login', { preloadedState: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    await waitFor(() => expect(document.title).toBe('Home - Cashwise'));
  });
});
