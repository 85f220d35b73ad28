/** The providers around the router: store, theme, baseline styles, and the toast layer (loaded on demand). */
import { lazy, StrictMode, Suspense, useState } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { selectPendingNotifications } from '../features/notifications/selectors';
import { useAppSelector } from './hooks';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

export interface AppProps {
  store: AppStore;
  router: AppRouter;
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

export function App({ store, router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <ToastsWhenNeeded />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
