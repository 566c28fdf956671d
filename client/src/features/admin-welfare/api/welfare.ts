/** The welfare cases and the expiry watch's windows (docs/welfare.md). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type WelfareCase = Schemas['WelfareCaseOut'];
export type WelfareCases = Schemas['WelfareCases'];
export type ExpiryWindows = Schemas['ExpiryWindowsOut'];
export type ExpiryWindowsIn = Schemas['ExpiryWindowsIn'];
export type ExpiringList = Schemas['Expiring'];

export const listCases = (openOnly: boolean, signal?: AbortSignal): Promise<WelfareCases> =>
  admin(
    client.GET('/api/admin/welfare/cases', { params: { query: openOnly ? { open: true } : {} }, signal }),
  );

/** Staff opened the case (the first opening is kept and audited). */
export const openCase = (caseId: string): Promise<WelfareCase> =>
  admin(client.POST('/api/admin/welfare/cases/{case_id}/open', { params: { path: { case_id: caseId } } }));

export const closeCase = (caseId: string, note: string): Promise<WelfareCase> =>
  admin(
    client.POST('/api/admin/welfare/cases/{case_id}/close', {
      params: { path: { case_id: caseId } },
      body: { note },
    }),
  );

export const getExpiring = (signal?: AbortSignal): Promise<ExpiringList> =>
  admin(client.GET('/api/admin/welfare/expiring', { signal }));

export const getWindows = (signal?: AbortSignal): Promise<ExpiryWindows> =>
  admin(client.GET('/api/admin/welfare/expiry-windows', { signal }));

export const setWindows = (body: ExpiryWindowsIn): Promise<ExpiryWindows> =>
  admin(client.PUT('/api/admin/welfare/expiry-windows', { body }));

/** Open cases first (those flagged "not opened in 24 h" first among them), then the closed ones;
 * newest first within each group. */
export function ordered(cases: WelfareCase[]): WelfareCase[] {
  const rank = (k: WelfareCase) => (k.closedAt ? 2 : k.flagged ? 0 : 1);
  return [...cases].sort((a, b) => rank(a) - rank(b) || b.createdAt.localeCompare(a.createdAt));
}
