import { useEffect, useState } from 'react';
import { notify } from '@/lib/notify';
import { ApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '../api/client';

export function useAdminTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | Admin`;
  }, [title]);
}

/** What an editor of one list item gets: the item (null for a new one) and how to close it. */
export interface EditorProps<T> {
  item: T | null;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * Saving state of an item editor and its `save`: runs the create/update, toasts `success` and calls `onSaved`,
 * or puts the server's field errors on the form and toasts the failure.
 */
export function useEditorSave(
  onSaved: () => void,
  setErrors: (errors: Record<string, string>) => void,
): {
  saving: boolean;
  save: (action: () => Promise<unknown>, success: string, failure: string) => Promise<void>;
} {
  const [saving, setSaving] = useState(false);
  const save = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setSaving(true);
    try {
      await action();
      void notify(success, 'success');
      onSaved();
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields) setErrors(fields);
      void notify(errorMessage(error, failure), 'error');
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}

/** State of a list page whose items can be created, edited, acted on and deleted (with a confirm step). */
export interface EditableList<T> {
  editing: T | 'new' | null;
  setEditing: (editing: T | 'new' | null) => void;
  confirmDelete: string | null;
  setConfirmDelete: (id: string | null) => void;
  /** Runs an action on an item via `runAction`; reloads the list when it succeeds. */
  act: (action: () => Promise<unknown>, success: string) => Promise<void>;
  /** Deletes an item (after the confirm step) and reloads the list. */
  remove: (item: T) => Promise<void>;
  reload: () => void;
}

export function useEditableList<T extends { id: string }>(
  reload: () => void,
  deleteItem: (id: string) => Promise<unknown>,
  deleted: string,
): EditableList<T> {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<string | null>(null);
  const act = async (action: () => Promise<unknown>, success: string) => {
    const done = await runAction(action, success);
    if (done) reload();
  };
  const remove = async (item: T) => {
    setConfirmDelete(null);
    await act(() => deleteItem(item.id).then(() => true), deleted);
  };
  return { editing, setEditing, confirmDelete, setConfirmDelete, act, remove, reload };
}

/** Runs an admin action; toasts `success` or the server's message. Resolves the result or null. */
export async function runAction<T>(action: () => Promise<T>, success?: string): Promise<T | null> {
  try {
    const result = await action();
    if (success) void notify(success, 'success');
    return result;
  } catch (error) {
    // A 401 means the session ended: the guard sends the admin to the login page instead.
    const ended =
      error instanceof ApiError && (error.status === 401 || error.message === 'User not authorized');
    if (!ended) void notify(errorMessage(error), 'error');
    return null;
  }
}

const ZONE_KEY = 'agency.admin.timeZone';
/** The zones staff can read times in: the office's, the UAE desk's, and this device's own. */
export const STAFF_ZONES = ['Africa/Accra', 'Asia/Dubai'] as const;

/** The IANA zone this staff member reads times in (chosen in Settings, kept on this device). */
export function staffTimeZone(): string {
  try {
    return window.localStorage.getItem(ZONE_KEY) ?? 'Africa/Accra';
  } catch {
    return 'Africa/Accra';
  }
}

export function setStaffTimeZone(zone: string): void {
  try {
    window.localStorage.setItem(ZONE_KEY, zone);
  } catch {
    // private mode: the choice lasts for this page only
  }
}

/** A time in the staff member's zone, naming it: "24 Nov 2026, 10:00 GMT". */
export function formatDateTime(iso: string | null | undefined, timeZone: string = staffTimeZone()): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** A day: a calendar date ("2026-11-24") as it is, a moment (a job's last update) as its day in the
 * staff member's zone, never the device's. */
export function formatDate(iso: string | null | undefined, timeZone: string = staffTimeZone()): string {
  if (!iso) return '—';
  const calendarDay = iso.length === 10;
  const date = new Date(calendarDay ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: calendarDay ? 'UTC' : timeZone });
}

/** "1 job", "2 jobs". */
export function countOf(total: number, noun: string): string {
  return `${total} ${noun}${total === 1 ? '' : 's'}`;
}

export function humanize(value: string): string {
  const spaced = value.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
