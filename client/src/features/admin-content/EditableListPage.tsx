/** A page of items edited in place: its header and editor, and each item's actions. */
import { Fragment, type ReactNode } from 'react';
import type { EditableList, EditorProps } from './editable-list';
import { PageHeader } from '@/features/admin-shell';

/** Header with a "new" button, the editor when one is open, then the page's list. */
export function EditableListPage<T extends { id: string }>({
  title,
  newLabel,
  list,
  editor,
  children,
}: {
  title: string;
  newLabel: string;
  list: EditableList<T>;
  editor: (props: EditorProps<T>) => ReactNode;
  children: ReactNode;
}) {
  const { editing, setEditing, reload } = list;
  return (
    <>
      <PageHeader title={title}>
        <button
          type="button"
          className="admin-button admin-button--primary"
          onClick={() => setEditing('new')}
        >
          {newLabel}
        </button>
      </PageHeader>
      {editing ? (
        <Fragment key={editing === 'new' ? 'new' : editing.id}>
          {editor({
            item: editing === 'new' ? null : editing,
            onCancel: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              reload();
            },
          })}
        </Fragment>
      ) : null}
      {children}
    </>
  );
}

/** Edit, toggle (e.g. Close/Reopen) and delete-with-confirm buttons of one list item. */
export function ItemActions<T extends { id: string }>({
  list,
  item,
  name,
  toggleLabel,
  onToggle,
}: {
  list: EditableList<T>;
  item: T;
  name: string;
  toggleLabel: string;
  onToggle: () => void;
}) {
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="admin-button admin-button--small"
        aria-label={`Edit ${name}`}
        onClick={() => list.setEditing(item)}
      >
        Edit
      </button>
      <button
        type="button"
        className="admin-button admin-button--small"
        aria-label={`${toggleLabel} ${name}`}
        onClick={onToggle}
      >
        {toggleLabel}
      </button>
      {list.confirmDelete === item.id ? (
        <>
          <button
            type="button"
            className="admin-button admin-button--small admin-button--danger"
            aria-label={`Confirm delete ${name}`}
            onClick={() => void list.remove(item)}
          >
            Confirm delete
          </button>
          <button
            type="button"
            className="admin-button admin-button--small admin-button--ghost"
            onClick={() => list.setConfirmDelete(null)}
          >
            Cancel
          </button>
        </>
      ) : (
        <button
          type="button"
          className="admin-button admin-button--small admin-button--danger"
          aria-label={`Delete ${name}`}
          onClick={() => list.setConfirmDelete(item.id)}
        >
          Delete
        </button>
      )}
    </div>
  );
}
