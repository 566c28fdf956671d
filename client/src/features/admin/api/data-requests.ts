import { env } from '@/config/env';
import { adminApi } from './client';
import type { DataRequestResult, Erased } from './types';

export type { DataRequestResult } from './types';

/** GET /api/admin/data-requests?q=: everything held about a person (audited). */
export function findPersonalData(q: string, signal?: AbortSignal): Promise<DataRequestResult> {
  return adminApi.get<DataRequestResult>(`/data-requests?q=${encodeURIComponent(q)}`, signal);
}

/** The ZIP download's address (a plain link: the browser sends the session cookie). */
export function exportHref(q: string): string {
  return `${env.apiBaseUrl}/admin/data-requests/export.zip?q=${encodeURIComponent(q)}`;
}

/** POST /api/admin/data-requests/erase {q, confirm}: the identifier typed twice. */
export function erasePersonalData(q: string, confirm: string): Promise<Erased> {
  return adminApi.post<Erased>('/data-requests/erase', { q, confirm });
}
