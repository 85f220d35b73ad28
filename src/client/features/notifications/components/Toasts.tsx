/**
 * notistack's provider with the Notifier inside: the toast layer, loaded on demand (app/App.tsx) when
 * the first notification is pending, so pages that raise none never download notistack.
 */
import { SnackbarProvider } from 'notistack';
import { TOAST_POSITION_DEFAULT } from '../../../../common/constants';
import { Notifier, toastComponents } from './Notifier';

export function Toasts() {
  return (
    <SnackbarProvider maxSnack={4} anchorOrigin={TOAST_POSITION_DEFAULT} Components={toastComponents}>
      <Notifier />
    </SnackbarProvider>
  );
}
