/**
 * SPEC §2 route guard (S2.13, S2.14).
 *  - A route needing auth, visited signed out: dispatch guardDenied({ wanted }) — the auth saga ends any
 *    active session and navigates to /login?redirect=wanted — and render nothing meanwhile.
 *  - A signed-in user opening /login: <Navigate to="/app" replace/> (see LoginPage).
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from './hooks';
import { guardDenied, selectIsAuthenticated } from '../features/auth';

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
