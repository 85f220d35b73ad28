/**
 * The state a student's page was rendered with by the server (prerender.tsx renderSignedInPage),
 * from the app's: what only this browser can know by now is as at start — the environment GET /api
 * reports (the footer's badge), the notifications raised here, the session dialog. The app hydrates
 * that page with it (renderAhead/hydrateStudentPage.tsx), so an answer that came first, or comes meanwhile,
 * makes no difference to the markup; React renders it right after.
 */
import { envReducer } from '../features/env';
import { notificationsReducer } from '../features/notifications';
import { sessionReducer } from '../features/session';
import type { RootState } from '../app/store';

export function asRenderedAhead(state: RootState): RootState {
  const start = { type: '@@cashwise/asRenderedAhead' };
  return {
    ...state,
    env: envReducer(undefined, start),
    notifications: notificationsReducer(undefined, start),
    session: sessionReducer(undefined, start),
  };
}
