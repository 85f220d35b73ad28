/**
 * The root of the data router: title, scroll, the session-expiry dialog, the Get Help panel and the
 * session recorder (issue #4) and the guard for every page,
 * then the matched layout.
 * A malformed address (non-numeric :id …) renders Not Found here, inside the public layout.
 */
import { Outlet, useMatches } from 'react-router';
import { SessionExpiryDialog } from '../features/session/components/SessionExpiryDialog';
import { SessionRecording } from '../features/support/components/SessionRecording';
import { SupportPanel } from '../features/support/components/SupportPanel';
import { DocumentTitle } from './DocumentTitle';
import { RequireAuth } from './guards';
import { ScrollToTop } from './ScrollToTop';
import { routeMeta } from './routeMeta';
import { PublicLayout } from './Shell/PublicLayout';
import { NotFoundPage } from './pages/NotFoundPage';

export function RootLayout() {
  const { requiresAuth, notFound } = routeMeta(useMatches());
  return (
    <>
      <DocumentTitle />
      <ScrollToTop />
      <SessionExpiryDialog />
      <SupportPanel />
      <SessionRecording />
      <RequireAuth required={requiresAuth}>
        {notFound ? (
          <PublicLayout>
            <NotFoundPage />
          </PublicLayout>
        ) : (
          <Outlet />
        )}
      </RequireAuth>
    </>
  );
}
