/** The settings and the audit log. */
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { AdminSettings, AuditEntry, Page } from '@/features/admin-shell';
import type { components } from '@/generated/api';

export const getSettings = (signal?: AbortSignal): Promise<AdminSettings> =>
  admin(client.GET('/api/admin/settings', { signal }));
export const saveSettings = (settings: AdminSettings): Promise<AdminSettings> =>
  admin(client.PUT('/api/admin/settings', { body: settings }));
export const listAudit = (page: number, pageSize: number, signal?: AbortSignal): Promise<Page<AuditEntry>> =>
  admin(client.GET('/api/admin/audit-log', { params: { query: { page, pageSize } }, signal }));

export type WhatsAppChannelStatus = components['schemas']['WhatsAppChannelStatus'];
/** Whether the WhatsApp channel is on (read-only: it is set where the app is deployed). */
export const getWhatsAppStatus = (signal?: AbortSignal): Promise<WhatsAppChannelStatus> =>
  admin(client.GET('/api/admin/settings/whatsapp', { signal }));
