/** The providers around the router: store, theme, baseline styles, toasts and the notification bridge. */
import { StrictMode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { TOAST_POSITION_DEFAULT } from '../../common/constants';
import { Notifier, toastComponents } from '../features/notifications/components/Notifier';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

export interface AppProps {
  store: AppStore;
  router: AppRouter;
}

export function App({ store, router }: AppProps) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <SnackbarProvider maxSnack={4} anchorOrigin={TOAST_POSITION_DEFAULT} Components={toastComponents}>
            <Notifier />
            <RouterProvider router={router} />
          </SnackbarProvider>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
