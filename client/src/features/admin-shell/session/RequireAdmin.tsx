import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { TEXT, useAdminSession } from './session';

export const LOGIN_PATH = '/admin/login';

export interface LoginLocationState {
  from?: string;
}

export function AdminLoading() {
  return (
    <div className="admin-loading" role="status" aria-live="polite">
      <span className="admin-loading__spinner" aria-hidden="true" />
      <span>{TEXT.loading}</span>
    </div>
  );
}

/**
 * Spec section 4: "Loading..." while checking, then /admin/login unless an admin is signed in.
 * `children` is the admin frame (AdminLayout), which shows "Loading..." itself while the check runs
 * and its page only once an admin is signed in: the frame is pre-rendered, and stays in place.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { state } = useAdminSession();
  const location = useLocation();
  if (state.status === 'unauthenticated') {
    if (state.loggedOut) return <Navigate to={LOGIN_PATH} replace />;
    const from = `${location.pathname}${location.search}`;
    const remembered: LoginLocationState = { from };
    return <Navigate to={LOGIN_PATH} replace state={remembered} />;
  }
  return <>{children}</>;
}
