import { useRef, useState } from 'react';
import { Modal } from '@/components/ui/Modal';
import { confirmMove, type BulkAction, type BulkPreview, type BulkSelection } from './api/bulk';
import type { ApplicationStatus } from '@/features/admin-shell';
import { countOf, humanize, runAction } from '@/features/admin-shell';
import { partsSummary } from './parts';
import { ScrollList } from './ScrollList';

/** The confirmation of a status move: the SMS each applicant will get, the count and the parts. */
export function MoveDialog({
  preview,
  selection,
  status,
  onClose,
  onMoved,
}: {
  preview: BulkPreview;
  selection: BulkSelection;
  status: ApplicationStatus;
  onClose: () => void;
  onMoved: (action: BulkAction) => void;
}) {
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const willMove = preview.items.filter((item) => !item.error);
  const refused = preview.items.filter((item) => item.error);
  const confirm = async () => {
    setBusy(true);
    const action = await runAction(() => confirmMove(selection, status, preview.bulkId));
    setBusy(false);
    if (action) onMoved(action);
  };
  return (
    <Modal
      labelledBy="move-title"
      describedBy="move-summary"
      className="bulk-dialog"
      onClose={onClose}
      initialFocus={confirmRef}
    >
      <h2 id="move-title">
        Move {countOf(preview.count, 'applicant')} to {humanize(status)}?
      </h2>
      <p id="move-summary" data-testid="move-summary">
        {preview.messages} SMS, {partsSummary(preview)}. The SMS wait {preview.undoWindowS} seconds in the
        outbox: you can undo until then.
      </p>
      {willMove.length > 0 ? (
        <>
          <h3>The SMS each applicant will get</h3>
          <ScrollList className="bulk-preview-list" label="SMS preview">
            {willMove.map((item) => (
              <li key={item.applicationId}>
                <strong>{item.name || item.applicationId}</strong>{' '}
                <span className="admin-muted admin-small">
                  {item.text ? countOf(item.parts, 'part') : item.note}
                </span>
                {item.text ? <blockquote className="bulk-sms">{item.text}</blockquote> : null}
              </li>
            ))}
          </ScrollList>
        </>
      ) : null}
      {refused.length > 0 ? (
        <>
          <h3>Not moved ({refused.length})</h3>
          <ScrollList className="bulk-refused" label="Not moved">
            {refused.map((item) => (
              <li key={item.applicationId}>
                {item.name || item.applicationId} ({item.applicationId}): {item.error}
              </li>
            ))}
          </ScrollList>
        </>
      ) : null}
      <div className="admin-actions">
        <button
          ref={confirmRef}
          type="button"
          className="admin-button admin-button--primary"
          disabled={busy || preview.count === 0}
          onClick={() => void confirm()}
        >
          Move {countOf(preview.count, 'applicant')} to {humanize(status)}
        </button>
        <button type="button" className="admin-button admin-button--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
