/** The providers around the router: store, theme, baseline styles, and the toast layer (loaded on demand). */
import { lazy, type ReactNode, StrictMode, Suspense, useLayoutEffect, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { selectPendingNotifications } from '../features/notifications';
import { useAppSelector } from './hooks';
import type { AppRouter } from './router';
import type { AppStore, RootState } from './store';
import { theme } from './theme';

export interface AppProps {
  store: AppStore;
  router: AppRouter;
  /**
   * Hydrating a student's page (renderAhead/hydrateStudentPage.tsx): the state the server rendered it with
   * (`asRenderedAhead`). The page is hydrated with it, so an answer that came first or comes meanwhile
   * (GET /api's environment badge, say) cannot make the markup differ; it is rendered right after.
   */
  serverState?: RootState;
}

const Toasts = lazy(async () => ({
  default: (await import(/* webpackChunkName: "toasts" */ '../features/notifications/components/Toasts')).Toasts,
}));

/**
 * notistack and the Notifier, from the first pending notification on (then kept mounted). Nothing
 * inside the router uses notistack: notifications are data (features/notifications/slice.ts).
 */
function ToastsWhenNeeded() {
  const pending = useAppSelector(selectPendingNotifications);
  const [needed, setNeeded] = useState(false);
  if (pending.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** Store, theme and baseline styles around `children`: the app below, and the build's prerender (prerender.tsx). */
export function AppProviders({ store, serverState, children }: { store: AppStore; serverState?: RootState; children: ReactNode }) {
  return (
    <Provider store={store} {...(serverState ? { serverState } : {})}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </Provider>
  );
}

/**
 * RouterProvider takes the router's state when it renders and subscribes when it commits, so an
 * update of the router in between (a route chunk arriving while React renders the first page in
 * slices: main.tsx renders in a transition) would reach no one and the page would stay as it was
 * rendered, e.g. on the loading spinner. After the commit (RouterProvider has subscribed by then:
 * children's layout effects run first), a state other than the one rendered is caught up with by
 * revalidating, which publishes the router's current state to its subscribers.
 */
export function CurrentRouterProvider({ router }: { router: AppRouter }) {
  const rendered = router.state;
  useLayoutEffect(() => {
    if (router.state !== rendered) void router.revalidate();
    // the state of the first render only: later updates reach RouterProvider's subscription
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [router]);
  return <RouterProvider router={router} />;
}

export function App({ store, router, serverState }: AppProps) {
  return (
    <StrictMode>
      <AppProviders store={store} serverState={serverState}>
        <ToastsWhenNeeded />
        <CurrentRouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
