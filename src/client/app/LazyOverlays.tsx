/**
 * The overlays the root layout mounts on every page, loaded only when they are needed, so the first
 * download of /login and /app holds neither a Dialog nor the Get Help drawer and its form:
 * - the Get Help panel: from the first support event on (as before, `panelMounted`);
 * - the session-expiry dialog: fetched in the background once signed in, rendered from its first opening on.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { selectIsAuthenticated } from '../features/auth/selectors';
import { selectSessionDialogOpen } from '../features/session/selectors';
import { selectSupportPanelMounted } from '../features/support/selectors';
import { useAppSelector } from './hooks';

const loadSupportPanel = () => import(/* webpackChunkName: "support-panel" */ '../features/support/components/SupportPanel');
const loadExpiryDialog = () => import(/* webpackChunkName: "session-dialog" */ '../features/session/components/SessionExpiryDialog');

const SupportPanel = lazy(async () => ({ default: (await loadSupportPanel()).SupportPanel }));
const SessionExpiryDialog = lazy(async () => ({ default: (await loadExpiryDialog()).SessionExpiryDialog }));

export function SupportPanelWhenAsked() {
  const mounted = useAppSelector(selectSupportPanelMounted);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SupportPanel />
    </Suspense>
  );
}

export function SessionExpiryDialogWhenDue() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const open = useAppSelector(selectSessionDialogOpen);
  // once shown, it stays mounted so closing plays the dialog's exit transition as before
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  useEffect(() => {
    // ready long before the warning is due; a failed fetch is retried by the render below
    if (signedIn) loadExpiryDialog().catch(() => undefined);
  }, [signedIn]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiryDialog />
    </Suspense>
  );
}
