/** Notes on an applicant, its owner, the staff list and a contact message's replies (issue 27). */
import type { components } from '@/generated/api';
import { adminApi } from './client';

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

const notesPath = (applicationId: string) => `/applications/${encodeURIComponent(applicationId)}/notes`;

export const listNotes = (applicationId: string, signal?: AbortSignal) =>
  adminApi.get<Schemas['NoteList']>(notesPath(applicationId), signal);
export const addNote = (applicationId: string, text: string) =>
  adminApi.post<Note>(notesPath(applicationId), { text });
export const editNote = (applicationId: string, noteId: string, text: string) =>
  adminApi.put<Note>(`${notesPath(applicationId)}/${encodeURIComponent(noteId)}`, { text });
export const deleteNote = (applicationId: string, noteId: string) =>
  adminApi.delete(`${notesPath(applicationId)}/${encodeURIComponent(noteId)}`);

export const listStaff = (signal?: AbortSignal) => adminApi.get<Schemas['StaffList']>('/staff', signal);
export const setOwner = (applicationId: string, ownerId: string) =>
  adminApi.put<Owner>(`/applications/${encodeURIComponent(applicationId)}/owner`, { ownerId });

export const getThread = (messageId: string, signal?: AbortSignal) =>
  adminApi.get<MessageThread>(`/messages/${encodeURIComponent(messageId)}`, signal);
export const sendReply = (messageId: string, channel: ReplyChannel, text: string) =>
  adminApi.post<MessageThread>(`/messages/${encodeURIComponent(messageId)}/replies`, { channel, text });
