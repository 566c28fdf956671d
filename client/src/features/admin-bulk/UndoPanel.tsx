import { useEffect, useState } from 'react';
import { undoBulk, type BulkAction } from './api/bulk';
import { countOf, humanize, runAction } from '@/features/admin-shell';
import { ScrollList } from './ScrollList';

function secondsLeft(until: string | null | undefined): number {
  if (!until) return 0;
  return Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000));
}

/** After a move: what was done and refused, and Undo while the SMS still wait in the outbox. */
export function UndoPanel({
  action,
  onChanged,
  onDismiss,
}: {
  action: BulkAction;
  onChanged: (action: BulkAction) => void;
  onDismiss: () => void;
}) {
  const [left, setLeft] = useState(() => secondsLeft(action.undoUntil));
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (action.undoneAt) return undefined;
    const timer = window.setInterval(() => setLeft(secondsLeft(action.undoUntil)), 1000);
    return () => window.clearInterval(timer);
  }, [action.undoUntil, action.undoneAt]);
  const undo = async () => {
    setBusy(true);
    const undone = await runAction(() => undoBulk(action.bulkId), 'Undone: no SMS was sent');
    setBusy(false);
    if (undone) onChanged(undone);
  };
  const status = humanize(action.status ?? '');
  const refused = action.items.filter((item) => item.error);
  return (
    <section className="admin-card bulk-undo" aria-labelledby="bulk-undo-title">
      <h2 id="bulk-undo-title" className="visually-hidden">
        Last bulk change
      </h2>
      <div role="status">
        {action.undoneAt ? (
          <p>Undone: {countOf(action.done, 'applicant')} back to their previous status; no SMS was sent.</p>
        ) : (
          <p>
            Moved {countOf(action.done, 'applicant')} to {status}.{' '}
            {left > 0 ? `The SMS leave in ${left} s.` : 'The SMS have left the outbox.'}
          </p>
        )}
        {refused.length > 0 ? (
          <ScrollList className="bulk-refused" label="Not moved">
            {refused.map((item) => (
              <li key={item.applicationId}>
                {item.applicationId}: {item.error}
              </li>
            ))}
          </ScrollList>
        ) : null}
      </div>
      <div className="admin-actions">
        {!action.undoneAt && left > 0 ? (
          <button
            type="button"
            className="admin-button admin-button--danger"
            disabled={busy}
            onClick={() => void undo()}
          >
            Undo
          </button>
        ) : null}
        <button type="button" className="admin-button admin-button--ghost" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </section>
  );
}
