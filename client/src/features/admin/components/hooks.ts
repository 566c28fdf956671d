import { useCallback, useEffect, useState } from 'react';
import { useAsync, type AsyncState } from '@/lib/use-async';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '../api/client';

export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
}

/** useAsync plus a `reload()` that runs the load again. */
export function useAdminQuery<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
): [AsyncState<T>, () => void] {
  const [version, setVersion] = useState(0);
  const state = useAsync(load, `${key}#${version}`);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return [state, reload];
}

/** Runs an admin action; toasts `success` or the server's message. Resolves the result or null. */
export async function runAction<T>(action: () => Promise<T>, success?: string): Promise<T | null> {
  try {
    const result = await action();
    if (success) void notify(success, 'success');
    return result;
  } catch (error) {
    // A 401 means the session ended: the guard sends the admin to the login page instead.
    const ended = error instanceof ApiError && (error.status === 401 || error.message === 'User not authorized');
    if (!ended) void notify(errorMessage(error), 'error');
    return null;
  }
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

export function humanize(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
