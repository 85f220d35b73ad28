/** The providers around the router: store, theme, baseline styles, toasts and the notification bridge. */
import { StrictMode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { styled } from '@mui/material/styles';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { TOAST_POSITION_DEFAULT } from '../../common/constants';
import { Notifier } from '../features/notifications/components/Notifier';
import type { AppRouter } from './router';
import type { AppStore } from './store';
import { theme } from './theme';

/**
 * notistack's own variant colours fail WCAG AA contrast with white text (success #43a047 is 3:1);
 * the toasts use the theme's darker palette instead.
 */
const Toast = styled(MaterialDesignContent)(({ theme: t }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: t.palette.success.dark, color: t.palette.success.contrastText },
  '&.notistack-MuiContent-error': { backgroundColor: t.palette.error.dark, color: t.palette.error.contrastText },
  '&.notistack-MuiContent-warning': { backgroundColor: '#8a4b00', color: '#ffffff' },
  '&.notistack-MuiContent-info': { backgroundColor: t.palette.info.dark, color: t.palette.info.contrastText },
}));
const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

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
          <SnackbarProvider maxSnack={4} anchorOrigin={TOAST_POSITION_DEFAULT} Components={TOAST_COMPONENTS}>
            <Notifier />
            <RouterProvider router={router} />
          </SnackbarProvider>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}
