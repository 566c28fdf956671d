/** Bulk actions from the applications list (`/api/admin/bulk`): previews, confirmations, undo, results. */
import type { components } from '@/generated/api';
import { adminApi } from './client';
import type { ApplicationStatus } from './types';

type Schemas = components['schemas'];
export type BulkPreview = Schemas['BulkPreviewOut'];
export type BulkAction = Schemas['BulkActionOut'];
export type PlannedSms = Schemas['PlannedSmsOut'];

/** Picked applications, or every application the list's filter matches (resolved by the server). */
export type BulkSelection = { applicationIds: string[] } | { matching: Record<string, string> };

export const previewMove = (selection: BulkSelection, status: ApplicationStatus) =>
  adminApi.post<BulkPreview>('/bulk/status/preview', { ...selection, status });
export const confirmMove = (selection: BulkSelection, status: ApplicationStatus, bulkId: string) =>
  adminApi.post<BulkAction>('/bulk/status', { ...selection, status, bulkId });
export const undoBulk = (bulkId: string) =>
  adminApi.post<BulkAction>(`/bulk/${encodeURIComponent(bulkId)}/undo`);
export const previewMessage = (selection: BulkSelection, text: string) =>
  adminApi.post<BulkPreview>('/bulk/messages/preview', { ...selection, text });
export const confirmMessage = (selection: BulkSelection, text: string, bulkId: string) =>
  adminApi.post<BulkAction>('/bulk/messages', { ...selection, text, bulkId });
export const getBulk = (bulkId: string, signal?: AbortSignal) =>
  adminApi.get<BulkAction>(`/bulk/${encodeURIComponent(bulkId)}`, signal);
