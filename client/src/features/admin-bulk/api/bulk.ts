/** Bulk actions from the applications list: previews, confirmations, undo, results. */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { ApplicationStatus } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type BulkPreview = Schemas['BulkPreviewOut'];
export type BulkAction = Schemas['BulkActionOut'];
export type PlannedSms = Schemas['PlannedSmsOut'];

/** Picked applications, or every application the list's filter matches (resolved by the server). */
export type BulkSelection = Schemas['BulkPicked'] | Schemas['BulkMatching'];

const bulkPath = (bulkId: string) => ({ params: { path: { bulk_id: bulkId } } });

export const previewMove = (selection: BulkSelection, status: ApplicationStatus): Promise<BulkPreview> =>
  admin(
    client.POST('/api/admin/bulk/status/preview', {
      body: { ...selection, status },
    }),
  );
export const confirmMove = (
  selection: BulkSelection,
  status: ApplicationStatus,
  bulkId: string,
): Promise<BulkAction> =>
  admin(
    client.POST('/api/admin/bulk/status', {
      body: { ...selection, status, bulkId },
    }),
  );
export const undoBulk = (bulkId: string): Promise<BulkAction> =>
  admin(client.POST('/api/admin/bulk/{bulk_id}/undo', bulkPath(bulkId)));
export const previewMessage = (selection: BulkSelection, text: string): Promise<BulkPreview> =>
  admin(
    client.POST('/api/admin/bulk/messages/preview', {
      body: { ...selection, text },
    }),
  );
export const confirmMessage = (selection: BulkSelection, text: string, bulkId: string): Promise<BulkAction> =>
  admin(
    client.POST('/api/admin/bulk/messages', {
      body: { ...selection, text, bulkId },
    }),
  );
export const getBulk = (bulkId: string, signal?: AbortSignal): Promise<BulkAction> =>
  admin(client.GET('/api/admin/bulk/{bulk_id}', { ...bulkPath(bulkId), signal }));
