import { apiHref, client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { DataRequestResult, Erased } from '@/features/admin-shell';

export type { DataRequestResult } from '@/features/admin-shell';

/** Everything held about a person (audited). */
export function findPersonalData(q: string, signal?: AbortSignal): Promise<DataRequestResult> {
  return admin(client.GET('/api/admin/data-requests', { params: { query: { q } }, signal }));
}

/** The ZIP download's address (a plain link: the browser sends the session cookie). */
export function exportHref(q: string): string {
  return apiHref('/api/admin/data-requests/export.zip', { query: { q } });
}

/** The identifier typed twice. */
export function erasePersonalData(q: string, confirm: string): Promise<Erased> {
  return admin(client.POST('/api/admin/data-requests/erase', { body: { q, confirm } }));
}
