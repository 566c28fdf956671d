import { env } from '@/config/env';
import { adminApi } from './client';

export interface DataRequestCounts {
  applications: number;
  files: number;
  appointments: number;
  messages: number;
  subscriptions: number;
  jobAlerts: number;
  sms: number;
}

export interface DataRequestResult {
  query: string;
  counts: DataRequestCounts;
  applications: {
    applicationId: string;
    status: string;
    createdAt: string;
    files: { field: string; filename: string }[];
  }[];
  appointments: { reference: string; status: string; createdAt: string }[];
  messages: { id: string; createdAt: string }[];
  subscriptions: { id: string; email: string; createdAt: string }[];
  jobAlerts: { id: string; createdAt: string }[];
  sms: { id: string; phone: string; status: string; createdAt: string }[];
}

/** GET /api/admin/data-requests?q=: everything held about a person (audited). */
export function findPersonalData(q: string, signal?: AbortSignal): Promise<DataRequestResult> {
  return adminApi.get<DataRequestResult>(`/data-requests?q=${encodeURIComponent(q)}`, signal);
}

/** The ZIP download's address (a plain link: the browser sends the session cookie). */
export function exportHref(q: string): string {
  return `${env.apiBaseUrl}/admin/data-requests/export.zip?q=${encodeURIComponent(q)}`;
}

/** POST /api/admin/data-requests/erase {q, confirm}: the identifier typed twice. */
export function erasePersonalData(
  q: string,
  confirm: string,
): Promise<{ erased: DataRequestCounts; masked: string }> {
  return adminApi.post('/data-requests/erase', { q, confirm });
}
