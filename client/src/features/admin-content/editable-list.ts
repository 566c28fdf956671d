/** The state of a list page whose items are created, edited and deleted in place (the jobs, the blog posts). */
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { errorMessage, fieldErrors, runAction } from '@/features/admin-shell';

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
