/**
 * The admin side of the one API client (`@/lib/api-client`, which also adds the CSRF token to unsafe
 * admin calls): a 401 from any guarded call (`admin(...)`) reports the expired session to the session
 * provider; the messages of failed calls.
 */
import { ApiError, ok, type Answer } from '@/lib/api-client';

export { CSRF_COOKIE, CSRF_HEADER, readCookie } from '@/lib/api-client';

/** Why the session ended: it expired (401) or the user is no longer an admin (403). */
export type SessionEnd = 'expired' | 'forbidden';
type ExpiredListener = (why: SessionEnd) => void;
let onExpired: ExpiredListener | null = null;

/** The session provider registers here; a 401 from a guarded admin call ends the session. */
export function setSessionExpiredListener(listener: ExpiredListener | null): void {
  onExpired = listener;
}

/** Reports an ended session to the session provider (a 401, or a 403 for a user no longer admin). */
function reportSessionEnd(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401) onExpired?.('expired');
  else if (error.status === 403 && error.message === 'User not authorized') onExpired?.('forbidden');
}

/**
 * A guarded admin call: `ok` (the body, or `ApiError`) that also ends the session on a 401 or 403.
 * Session calls use `ok` itself: they answer 401 as a normal "signed out".
 */
export async function admin<T>(call: Promise<Answer<T>>): Promise<T> {
  try {
    return await ok(call);
  } catch (error) {
    reportSessionEnd(error);
    throw error;
  }
}

/** The message to show for a failed admin call. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) {
    const body = error.body as { message?: unknown; errors?: Record<string, string> } | null;
    if (body && typeof body.message === 'string') return body.message;
    if (body?.errors) return Object.values(body.errors).join(' ');
  }
  return fallback;
}

/** Field errors of a 422 answer, or null. */
export function fieldErrors(error: unknown): Record<string, string> | null {
  if (error instanceof ApiError && error.status === 422) {
    const body = error.body as { errors?: Record<string, string> } | null;
    return body?.errors ?? null;
  }
  return null;
}
