/**
 * The admin wrapper around the one API client (`@/lib/api-client`): paths are relative to
 * `/api/admin`, every unsafe method carries `X-CSRF-Token` read from the `csrftoken` cookie
 * at the moment of the request (it changes at sign-in), and a 401 from any guarded call
 * reports the expired session to the session provider.
 */
import { apiRequest, ApiError, type RequestOptions } from '@/lib/api-client';
import { env } from '@/config/env';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return '';
}

/** Why the session ended: it expired (401) or the user is no longer an admin (403). */
export type SessionEnd = 'expired' | 'forbidden';
type ExpiredListener = (why: SessionEnd) => void;
let onExpired: ExpiredListener | null = null;

/** The session provider registers here; a 401 from a guarded admin call ends the session. */
export function setSessionExpiredListener(listener: ExpiredListener | null): void {
  onExpired = listener;
}

export interface AdminRequestOptions extends Omit<RequestOptions, 'headers'> {
  /** Session calls answer 401 as a normal "signed out"; do not treat it as an expiry. */
  sessionCall?: boolean;
}

/** A guarded call's 401 or 403 ends the session (reported to the session provider). */
function reportSessionEnd(error: unknown): void {
  if (!(error instanceof ApiError)) return;
  if (error.status === 401) onExpired?.('expired');
  else if (error.status === 403 && error.message === 'User not authorized') onExpired?.('forbidden');
}

export async function adminRequest<T>(path: string, options: AdminRequestOptions = {}): Promise<T> {
  const { sessionCall = false, ...rest } = options;
  const method = rest.method ?? 'GET';
  const headers: Record<string, string> = {};
  if (!SAFE.has(method)) headers[CSRF_HEADER] = readCookie(CSRF_COOKIE);
  try {
    return await apiRequest<T>(`/admin${path}`, { ...rest, headers });
  } catch (error) {
    if (!sessionCall) reportSessionEnd(error);
    throw error;
  }
}

export const adminApi = {
  get: <T>(path: string, signal?: AbortSignal) => adminRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown) => adminRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown) => adminRequest<T>(path, { method: 'PUT', body }),
  delete: (path: string) => adminRequest<null>(path, { method: 'DELETE' }),
};

/** Absolute URL of a GET download under /api/admin (CSV exports, application files). */
export function adminUrl(path: string, query?: Record<string, string>): string {
  const search = query
    ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString()
    : '';
  return `${env.apiBaseUrl}/admin${path}${search ? `?${search}` : ''}`;
}

export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
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
