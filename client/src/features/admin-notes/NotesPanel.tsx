import { useFormik } from 'formik';
import './notes.css';
import { useState } from 'react';
import * as yup from 'yup';
import { addNote, deleteNote, editNote, listNotes, NOTE_MAX_LENGTH, type Note } from './api/notes';
import { formatDateTime, runAction, AsyncView, TextAreaField, useAdminQuery } from '@/features/admin-shell';

/** The server's words (agency_core/staff/notes.py). */
export const NOTE_REQUIRED = 'Note is required';
export const NOTE_TOO_LONG = `Note must be at most ${NOTE_MAX_LENGTH} characters`;

const noteSchema = yup.object({
  text: yup.string().trim().required(NOTE_REQUIRED).max(NOTE_MAX_LENGTH, NOTE_TOO_LONG),
});

function NoteForm({
  id,
  label,
  initial,
  submitLabel,
  onSave,
  onCancel,
}: {
  id: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSave: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const form = useFormik({
    initialValues: { text: initial },
    validationSchema: noteSchema,
    onSubmit: async (values, helpers) => {
      if (await onSave(values.text.trim())) helpers.resetForm();
    },
  });
  return (
    <form onSubmit={form.handleSubmit} noValidate>
      <TextAreaField form={form} name="text" id={id} label={label} maxLength={NOTE_MAX_LENGTH} />
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button--primary" disabled={form.isSubmitting}>
          {form.isSubmitting ? 'Saving...' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="admin-button admin-button--ghost" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function NoteItem({
  note,
  applicationId,
  onChanged,
}: {
  note: Note;
  applicationId: string;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (editing) {
    return (
      <li className="admin-note">
        <NoteForm
          id={`note-edit-${note.id}`}
          label="Edit note"
          initial={note.text}
          submitLabel="Save note"
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            const saved = await runAction(() => editNote(applicationId, note.id, text), 'Note saved');
            if (saved) {
              setEditing(false);
              onChanged();
            }
            return saved !== null;
          }}
        />
      </li>
    );
  }
  return (
    <li className="admin-note">
      {/* Plain text: React escapes it; line breaks are kept by CSS. */}
      <p className="admin-note__text">{note.text}</p>
      <p className="admin-muted admin-small">
        {note.authorName} ({note.author}), {formatDateTime(note.createdAt)}
        {note.editedAt ? `, edited ${formatDateTime(note.editedAt)}` : ''}
      </p>
      <div className="admin-actions">
        <button type="button" className="admin-button admin-button--small" onClick={() => setEditing(true)}>
          Edit
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              className="admin-button admin-button--small admin-button--danger"
              onClick={() =>
                void runAction(() => deleteNote(applicationId, note.id), 'Note deleted').then((done) => {
                  setConfirming(false);
                  if (done !== null) onChanged();
                })
              }
            >
              Yes, delete note
            </button>
            <button
              type="button"
              className="admin-button admin-button--small"
              onClick={() => setConfirming(false)}
            >
              Keep note
            </button>
          </>
        ) : (
          <button
            type="button"
            className="admin-button admin-button--small"
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

/** The applicant's notes: who wrote each and when; write, edit and delete (all audited). */
export function NotesPanel({ applicationId }: { applicationId: string }) {
  const [state, reload] = useAdminQuery({
    key: ['notes', applicationId],
    load: (signal) => listNotes(applicationId, signal),
  });
  return (
    <section className="admin-card" aria-labelledby="notes-heading">
      <h2 id="notes-heading">Notes</h2>
      <AsyncView state={state} onRetry={reload}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="admin-muted">No notes yet.</p>
          ) : (
            <ul className="admin-notes" aria-label="Notes on this applicant">
              {data.items.map((note) => (
                <NoteItem key={note.id} note={note} applicationId={applicationId} onChanged={reload} />
              ))}
            </ul>
          )
        }
      </AsyncView>
      <NoteForm
        id="new-note"
        label="New note"
        initial=""
        submitLabel="Add note"
        onSave={async (text) => {
          const added = await runAction(() => addNote(applicationId, text), 'Note added');
          if (added) reload();
          return added !== null;
        }}
      />
    </section>
  );
}
