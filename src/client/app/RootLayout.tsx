/**
 * The root of the data router: title, scroll, the session-expiry dialog and the guard for every page,
 * then the matched layout.
 * A malformed address (non-numeric :id …) renders Not Found here, inside the public layout.
 */
import { Outlet, useMatches } from 'react-router';
import { SessionExpiryDialog } from '../features/session/components/SessionExpiryDialog';
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
