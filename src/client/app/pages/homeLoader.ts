/**
 * Home's route loader. A student's Home puts "Assigned to you" above the Continue card and the area
 * cards, and how long that list is comes only with the answer: shown after Home, it pushed
 * everything below it down (Lighthouse's CLS 0.69 on /app). So the router keeps the page it shows
 * (the previous page, or at the first load the prerendered copy of Home) until the list's code is
 * in and the student's assignments are answered, for at most HOME_WAIT_MS; a slower answer then
 * arrives into a Home already on screen. Staff Home (their workspaces) does not wait.
 */
import { selectIsAuthenticated, selectMustChangePassword, selectPermissions } from '../../features/auth';
import { assignedToYouReady } from '../../features/classroom';
import { workspacesFor } from '../access';
import { storeForLoaders } from '../loaderStore';

/** At most this long between asking for Home and Home on screen, when the answer is slow. */
export const HOME_WAIT_MS = 1500;

export async function homeLoader(): Promise<null> {
  const store = await storeForLoaders();
  if (!store) return null;
  const state = store.getState();
  // staff do not wait; nor does a temporary password's session, which only changes it (AppShell)
  if (!selectIsAuthenticated(state) || selectMustChangePassword(state) || workspacesFor(selectPermissions(state)).length > 0) return null;
  await assignedToYouReady(store, HOME_WAIT_MS);
  return null;
}
