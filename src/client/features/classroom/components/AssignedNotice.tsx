/**
 * On a catalog page or worksheet a student was assigned: which class assigned it and by when. Nothing
 * on a page no class assigned.
 */
import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { useLocation } from 'react-router';
import { registerArea } from '../../../app/areas';
import { useAppSelector, useAppStore } from '../../../app/hooks';
import type { AppStore } from '../../../app/store';
import { classroomArea } from '../area';
import { assignmentsFor } from '../model';
import { selectMyAssignments, selectMyAssignmentsStatus } from '../selectors';
import { myAssignmentsRequested } from '../slice';
import { dueLine } from '../nextStep';

registerArea(classroomArea);

/**
 * Asks for the student's assignments unless they are asked for already: by the notices' shared
 * load (classroom/index.ts) before they render, so the request is not sent from the effects that
 * run after their commit, and by each notice while the list is idle.
 */
export function askForMyAssignments(store: AppStore): void {
  if (selectMyAssignmentsStatus(store.getState()) === 'idle') store.dispatch(myAssignmentsRequested());
}

export function AssignedNotice({ path }: { path?: string }) {
  const store = useAppStore();
  const location = useLocation();
  const status = useAppSelector(selectMyAssignmentsStatus);
  const items = useAppSelector(selectMyAssignments);
  // asked again whenever the list goes back to idle (a new sign-in)
  useEffect(() => askForMyAssignments(store), [store, status]);
  const here = assignmentsFor(items, path ?? location.pathname);
  if (here.length === 0) return null;
  return (
    <Alert severity={here.some((a) => a.overdue) ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="assigned-notice">
      {here.map((a) => `Assigned by ${a.className}: ${dueLine(a).replace(/^N/, 'n')}.`).join(' ')}
    </Alert>
  );
}
