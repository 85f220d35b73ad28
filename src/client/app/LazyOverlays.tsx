/**
 * The overlays the root layout mounts on every page, loaded only when they are needed, so the first
 * download of /login and /app holds neither a Dialog nor the Get Help drawer and its form:
 * - the Get Help panel: from the first support event on (as before, `panelMounted`);
 * - the session-expiry dialog: fetched in the background once signed in (again until it came),
 *   rendered from its first opening on; while its code is missing, BasicExpiryDialog asks instead.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { BasicExpiryDialog, selectSessionDialogOpen } from '../features/session';
import { selectIsAuthenticated } from '../features/auth';
import { selectSupportPanelMounted } from '../features/support';
import { useAppSelector } from './hooks';
import { yieldWhereSupported } from '../lib/tasks';

const loadSupportPanel = () => import(/* webpackChunkName: "support-panel" */ '../features/support/components/SupportPanel');
const loadExpiryDialog = () => import(/* webpackChunkName: "session-dialog" */ '../features/session/components/SessionExpiryDialog');

const SupportPanel = lazy(async () => ({ default: (await loadSupportPanel()).SupportPanel }));

export function SupportPanelWhenAsked() {
  const mounted = useAppSelector(selectSupportPanelMounted);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SupportPanel />
    </Suspense>
  );
}

/** How long after a failed download of the dialog's code it is asked for again (while signed in). */
export const DIALOG_RETRY_MS = 15_000;

/**
 * The dialog's code, asked for once signed in and again every DIALOG_RETRY_MS until it came (a
 * network blip, or a deploy that removed the old build's files: then the reload the pages do,
 * PageLoadFailed.tsx, or the next try, gets the new one).
 */
let ExpiryDialog: ComponentType | null = null;

function useExpiryDialogCode(signedIn: boolean): boolean {
  const [ready, setReady] = useState(ExpiryDialog !== null);
  useEffect(() => {
    if (!signedIn || ready) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = () => {
      loadExpiryDialog().then(
        (module) => {
          ExpiryDialog = module.SessionExpiryDialog;
          if (live) setReady(true);
        },
        () => {
          if (live) timer = setTimeout(attempt, DIALOG_RETRY_MS);
        },
      );
    };
    // after a yield where the browser has one: the effects after a hydrated page's commit share
    // one task, and the chunk's request (a script element) would add to it
    const yielded = yieldWhereSupported();
    if (yielded) void yielded.then(() => live && attempt());
    else attempt();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [signedIn, ready]);
  return ready;
}

export function SessionExpiryDialogWhenDue() {
  const signedIn = useAppSelector(selectIsAuthenticated);
  const open = useAppSelector(selectSessionDialogOpen);
  // once shown, it stays mounted so closing plays the dialog's exit transition as before
  const [shown, setShown] = useState(false);
  if (open && !shown) setShown(true);
  const ready = useExpiryDialogCode(signedIn);
  if (ready && ExpiryDialog) return shown ? <ExpiryDialog /> : null;
  // the warning WCAG 2.2.1 asks for must never depend on a download: until the dialog's code is
  // in, a plain one of the entry chunk asks the same question
  return open ? <BasicExpiryDialog /> : null;
}
