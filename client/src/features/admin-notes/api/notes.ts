/** Notes on an applicant, its owner, the staff list and a contact message's replies (issue 27). */
import type { components } from '@/generated/api';
import { client } from '@/lib/api-client';
import { admin } from '@/features/admin-shell';

type Schemas = components['schemas'];
export type Note = Schemas['AdminNote'];
export type StaffMember = Schemas['AdminStaffMember'];
export type Owner = Schemas['Owner'];
export type MessageThread = Schemas['MessageThread'];
export type ThreadReply = Schemas['ThreadReply'];
export type ReplyChannel = Schemas['ReplyChannel'];

/** The server's limits (agency_core/staff/notes.py). */
export const NOTE_MAX_LENGTH = 2000;
export const REPLY_MAX_LENGTH = 5000;
export const SMS_REPLY_MAX_LENGTH = 459;
export const WHATSAPP_REPLY_MAX_LENGTH = 4096;

const application = (applicationId: string) => ({ application_id: applicationId });
const note = (applicationId: string, noteId: string) => ({
  params: { path: { ...application(applicationId), note_id: noteId } },
});
const message = (messageId: string) => ({ path: { message_id: messageId } });

export const listNotes = (applicationId: string, signal?: AbortSignal): Promise<Schemas['NoteList']> =>
  admin(
    client.GET('/api/admin/applications/{application_id}/notes', {
      params: { path: application(applicationId) },
      signal,
    }),
  );
export const addNote = (applicationId: string, text: string): Promise<Note> =>
  admin(
    client.POST('/api/admin/applications/{application_id}/notes', {
      params: { path: application(applicationId) },
      body: { text },
    }),
  );
export const editNote = (applicationId: string, noteId: string, text: string): Promise<Note> =>
  admin(
    client.PUT('/api/admin/applications/{application_id}/notes/{note_id}', {
      ...note(applicationId, noteId),
      body: { text },
    }),
  );
export const deleteNote = (applicationId: string, noteId: string) =>
  admin(
    client.DELETE('/api/admin/applications/{application_id}/notes/{note_id}', note(applicationId, noteId)),
  );

export const listStaff = (signal?: AbortSignal): Promise<Schemas['StaffList']> =>
  admin(client.GET('/api/admin/staff', { signal }));
export const setOwner = (applicationId: string, ownerId: string): Promise<Owner> =>
  admin(
    client.PUT('/api/admin/applications/{application_id}/owner', {
      params: { path: application(applicationId) },
      body: { ownerId },
    }),
  );

export const getThread = (messageId: string, signal?: AbortSignal): Promise<MessageThread> =>
  admin(client.GET('/api/admin/messages/{message_id}', { params: message(messageId), signal }));
export const sendReply = (messageId: string, channel: ReplyChannel, text: string): Promise<MessageThread> =>
  admin(
    client.POST('/api/admin/messages/{message_id}/replies', {
      params: message(messageId),
      body: { channel, text },
    }),
  );
