/**
 * The root of the data router: title, scroll, the session-expiry dialog, the Get Help panel and the
 * guard (the dialog and the panel load on demand: LazyOverlays.tsx) for every page, then the matched
 * layout. (The session recorder is not here: it runs only when a student ticks its box in Get Help.)
 * A malformed address (non-numeric :id …) renders Not Found here, inside the public layout.
 */
import { Outlet, useMatches } from 'react-router';
import { DocumentTitle } from './DocumentTitle';
import { SessionExpiryDialogWhenDue, SupportPanelWhenAsked } from './LazyOverlays';
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
      <SessionExpiryDialogWhenDue />
      <SupportPanelWhenAsked />
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
