/** One welfare case: the worker's message, who opened it, and the note that closes it. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { fieldErrors, formatDateTime, runAction } from '@/features/admin-shell';
import { closeCase, type WelfareCase } from './api/welfare';

const NOTE_MAX = 1000;

export function CasePanel({
  shown,
  onClosed,
  onDone,
}: {
  shown: WelfareCase;
  onClosed: (closed: WelfareCase) => void;
  onDone: () => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError('Write a note saying how the case was closed');
      return;
    }
    setBusy(true);
    let refused = '';
    const closed = await runAction(
      () =>
        closeCase(shown.id, note.trim()).catch((failure: unknown) => {
          refused = fieldErrors(failure)?.note ?? '';
          throw failure;
        }),
      'Case closed',
    );
    setBusy(false);
    setError(refused);
    if (closed) onClosed(closed);
  };

  return (
    <section className="admin-card" aria-labelledby="case-heading">
      <h2 id="case-heading">
        Case {shown.id} of{' '}
        <Link to={`/admin/applications/${encodeURIComponent(shown.applicationId)}`}>
          {shown.applicationId}
        </Link>
      </h2>
      <dl className="admin-dl">
        <dt>Answered</dt>
        <dd>{formatDateTime(shown.createdAt)}</dd>
        <dt>Message</dt>
        <dd data-testid="case-message">{shown.message || '(no message)'}</dd>
        <dt>Owner</dt>
        <dd>{shown.ownerName || 'Nobody'}</dd>
        <dt>Opened</dt>
        <dd>{shown.openedAt ? `${formatDateTime(shown.openedAt)} by ${shown.openedBy}` : 'Not yet'}</dd>
        {shown.closedAt ? (
          <>
            <dt>Closed</dt>
            <dd>{`${formatDateTime(shown.closedAt)} by ${shown.closedBy}`}</dd>
            <dt>Note</dt>
            <dd data-testid="case-note">{shown.closeNote}</dd>
          </>
        ) : null}
      </dl>
      {shown.closedAt ? null : (
        <form
          className="admin-form"
          aria-label="Close the case"
          noValidate
          onSubmit={(e) => void onSubmit(e)}
        >
          <div className="admin-field admin-field--full">
            <label htmlFor="close-note">How was the case closed?</label>
            <textarea
              id="close-note"
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'close-note-error' : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            {error ? (
              <p id="close-note-error" className="admin-error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              Close the case
            </button>
          </div>
        </form>
      )}
      <button type="button" className="admin-button admin-button--ghost" onClick={onDone}>
        Back to the list
      </button>
    </section>
  );
}
