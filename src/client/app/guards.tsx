/**
 * SPEC §2 route guard (S2.13, S2.14).
 *  - A route needing auth, visited signed out: dispatch guardDenied({ wanted }) — the auth saga ends any
 *    active session and navigates to /login?redirect=wanted — and render nothing meanwhile.
 *  - A signed-in user opening /login: <Navigate to="/app" replace/> (see LoginPage).
 *  - A workspace page the user's permissions do not open: RequirePermission (below).
 */
import { useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from './hooks';
import { guardDenied, selectIsAuthenticated, selectPermissions } from '../features/auth';
import { TitleFrame } from '../ui/TitleFrame';
import { mayOpen, workspace, type WorkspaceKey } from './access';

export function RequireAuth({ required, children }: { required: boolean; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const { pathname, search, hash } = useLocation();
  const denied = required && !isAuthenticated;
  const wanted = `${pathname}${search}${hash}`;
  useEffect(() => {
    if (denied) dispatch(guardDenied({ wanted }));
  }, [denied, wanted, dispatch]);
  return denied ? null : <>{children}</>;
}

/**
 * A workspace page (school administration, the support console, classes) for users whose
 * permissions open it (app/access.ts). Anyone else is told plainly that the page is not theirs,
 * what it is for and whom to ask; the page itself never mounts, so it loads no data. The page is
 * real, so never Not Found. The server refuses these users anyway (403); this is the explanation.
 */
export function RequirePermission({ workspace: key, children }: { workspace: WorkspaceKey; children: ReactNode }) {
  const permissions = useAppSelector(selectPermissions);
  if (mayOpen(permissions, key)) return <>{children}</>;
  const { purpose, ask } = workspace(key);
  return (
    // in the entry chunk: the light frame (ui/TitleFrame.tsx)
    <TitleFrame title={NO_ACCESS_TITLE}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {purpose}
      </Alert>
      <Typography sx={{ mb: 2 }}>{ask}</Typography>
      <Link component={RouterLink} to="/app">
        Go to your home page
      </Link>
    </TitleFrame>
  );
}

export const NO_ACCESS_TITLE = 'You don’t have access to this page';
