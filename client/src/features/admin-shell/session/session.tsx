/**
 * The admin session (spec section 4): unauthenticated | loading | authenticated admin.
 * The server is the source of truth (`GET /api/admin/session`); this provider asks it once
 * on entry (a check started as the admin chunk loads: startSessionCheck), signs in and out, and
 * ends the session when any admin call answers 401 (or a 403 "User not authorized"): once, however
 * many calls answer so (the route's read started beside the check among them), forgetting every
 * cached read (query/query.tsx).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { AdminQueryProvider, useForgetReads } from '../query/query';
import { CSRF_COOKIE, readCookie, setSessionExpiredListener } from '../api/client';
import { getSession, signIn, signOut } from '../api/session';
import type { AdminUser } from '../api/types';

export const TEXT = {
  loading: 'Loading...',
  loginSuccess: 'Login successful',
  invalidCredentials: 'Invalid credentials',
  notAuthorized: 'User not authorized',
  loggedOut: 'Logged out successfully',
  logoutFailed: 'Failed to logout',
  roleCheckFailed: 'Failed to verify admin role',
} as const;

export type SessionState =
  | { status: 'loading' }
  | { status: 'unauthenticated'; loggedOut?: boolean }
  | { status: 'authenticated'; admin: AdminUser };

export interface SessionApi {
  state: SessionState;
  /** Resolves true on success; shows the toasts of spec section 8 either way. */
  login: (email: string, password: string) => Promise<boolean>;
  logout: () => Promise<boolean>;
}

const SessionContext = createContext<SessionApi | null>(null);

let earlyCheck: Promise<AdminUser> | null = null;

/**
 * Asks the server for the session now, before React renders the provider: the admin chunk calls it
 * as it loads (AdminApp.tsx), so the check runs beside the route's chunk, not after it (issue 43).
 */
export function startSessionCheck(): void {
  if (earlyCheck) return;
  earlyCheck = getSession();
  // Read by the provider; until then a refusal is not an unhandled rejection.
  earlyCheck.catch(() => undefined);
}

/** The check started early, once; a fresh one afterwards (a remount, a second provider). */
function sessionCheck(signal: AbortSignal): Promise<AdminUser> {
  const started = earlyCheck;
  earlyCheck = null;
  return started ?? getSession(signal);
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown } | null;
    if (body && typeof body.message === 'string' && body.message) return body.message;
  }
  return undefined;
}

const isCsrfRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && /csrf/i.test(messageOf(error) ?? '');

/** The session and the cache of the reads made in it (forgotten when it ends). */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  return (
    <AdminQueryProvider>
      <SessionProvider>{children}</SessionProvider>
    </AdminQueryProvider>
  );
}

function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setRendered] = useState<SessionState>({ status: 'loading' });
  // The sign-in form shows while the first check runs (it is pre-rendered): a sign-in or sign-out
  // that ends before that check answers is newer, and the check's answer is then left unused.
  const settled = useRef(false);
  // Whether a session is ended already: the check and every read answering 401/403 end it once.
  const ended = useRef(false);
  const forgetReads = useForgetReads();
  const setState = useCallback(
    (next: SessionState) => {
      ended.current = next.status === 'unauthenticated';
      if (ended.current) forgetReads();
      setRendered(next);
    },
    [forgetReads],
  );
  /** Ends the session once; the message (if any) shows only for the first ending. */
  const end = useCallback(
    (message?: string) => {
      if (ended.current) return;
      setState({ status: 'unauthenticated' });
      if (message) void notify(message, 'error');
    },
    [setState],
  );

  useEffect(() => {
    const controller = new AbortController();
    sessionCheck(controller.signal).then(
      (admin) => {
        if (!settled.current) setState({ status: 'authenticated', admin });
      },
      (error: unknown) => {
        if (controller.signal.aborted || settled.current) return;
        if (error instanceof ApiError && error.status === 401) end();
        else if (error instanceof ApiError && error.status === 403) end(TEXT.notAuthorized);
        else end(TEXT.roleCheckFailed);
      },
    );
    return () => controller.abort();
  }, [setState, end]);

  useEffect(() => {
    setSessionExpiredListener((why) => end(why === 'forbidden' ? TEXT.notAuthorized : undefined));
    return () => setSessionExpiredListener(null);
  }, [end]);

  const login = useCallback(
    async (email: string, password: string) => {
      try {
        // The sign-in needs the CSRF cookie, which the session check hands out.
        if (!readCookie(CSRF_COOKIE)) await getSession().catch(() => undefined);
        let admin: AdminUser;
        try {
          admin = await signIn(email, password);
        } catch (error) {
          if (!isCsrfRefusal(error)) throw error;
          await getSession().catch(() => undefined);
          admin = await signIn(email, password);
        }
        settled.current = true;
        setState({ status: 'authenticated', admin });
        void notify(TEXT.loginSuccess, 'success');
        return true;
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        const message = status === 403 ? TEXT.notAuthorized : (messageOf(error) ?? TEXT.invalidCredentials);
        void notify(message, 'error');
        return false;
      }
    },
    [setState],
  );

  const logout = useCallback(async () => {
    try {
      await signOut();
      settled.current = true;
      setState({ status: 'unauthenticated', loggedOut: true });
      void notify(TEXT.loggedOut, 'success');
      return true;
    } catch {
      void notify(TEXT.logoutFailed, 'error');
      return false;
    }
  }, [setState]);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useAdminSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useAdminSession outside AdminSessionProvider');
  return value;
}

/** The signed-in admin (only inside the guard). */
export function useAdmin(): AdminUser {
  const { state } = useAdminSession();
  if (state.status !== 'authenticated') throw new Error('useAdmin outside the guard');
  return state.admin;
}
