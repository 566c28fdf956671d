/** The contact messages' calls and quick views. */
import type { operations } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';
import type { ContactMessage, Page } from '@/features/admin-shell';

type MessageQuery = NonNullable<operations['ApiAdminMessagesListMessages']['parameters']['query']>;
export const listMessages = (
  page: number,
  pageSize: number,
  signal?: AbortSignal,
  view = '',
): Promise<Page<ContactMessage>> =>
  admin(
    client.GET('/api/admin/messages', {
      params: { query: { page, pageSize, view } as MessageQuery },
      signal,
    }),
  );
export const markMessageRead = (id: string): Promise<ContactMessage> =>
  admin(client.POST('/api/admin/messages/{message_id}/read', { params: { path: { message_id: id } } }));

/** Messages: today (received today), unread (not marked read). */
export const MESSAGE_VIEWS = [
  ['', 'All'],
  ['today', 'Today'],
  ['unread', 'Unread'],
] as const;
