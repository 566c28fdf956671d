/** The bulk move of the selected applicants: each is moved on its own (past Departed through its own
 * departure gate), and every refusal comes back with why, listed here. */
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors, useConfirm } from '@/features/admin-shell';
import { bulkMove, type BulkMoveAnswer, type BulkMoveIn } from '../api/board';
import type { StageKey } from '../api/pipeline';

const CLOSE_REASONS: [NonNullable<BulkMoveIn['closeReason']>, string][] = [
  ['medical_unfit', 'Medical unfit'],
  ['visa_refused', 'Visa refused'],
  ['candidate_withdrew', 'Candidate withdrew'],
  ['employer_withdrew', 'Employer withdrew'],
  ['order_cancelled', 'Order cancelled'],
  ['returned_early', 'Returned early'],
  ['left_employer', 'Left employer'],
  ['other', 'Other'],
];

/** The request: only the texts that are given, a close's reason and text only for a close. */
function bulkBody(
  ids: string[],
  to: StageKey,
  reason: string,
  closeReason: BulkMoveIn['closeReason'] | '',
  closeText: string,
): BulkMoveIn {
  const body: BulkMoveIn = { ids, to };
  if (reason.trim()) body.reason = reason.trim();
  if (closeReason) body.closeReason = closeReason;
  if (closeReason && closeText.trim()) body.closeText = closeText.trim();
  return body;
}

export function BulkMoveBar({
  selected,
  stages,
  onDone,
}: {
  selected: string[];
  stages: { key: StageKey; label: string }[];
  onDone: (answer: BulkMoveAnswer) => void;
}) {
  const [to, setTo] = useState<StageKey | ''>('');
  const [reason, setReason] = useState('');
  const [closeReason, setCloseReason] = useState<BulkMoveIn['closeReason'] | ''>('');
  const [closeText, setCloseText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { dialog, confirm } = useConfirm();
  const label = stages.find((s) => s.key === to)?.label ?? '';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    if (!to) {
      setError('Choose the stage to move them to.');
      return;
    }
    const count = selected.length;
    const ok = await confirm({
      title: `Move ${count} applicant${count === 1 ? '' : 's'} to ${label}?`,
      description:
        'Each one is moved on its own and told by SMS and e-mail; a move past Departed is checked against their departure gate. Those that cannot move are listed with why.',
      confirmLabel: 'Move them',
    });
    if (!ok) return;
    const body = bulkBody(selected, to, reason, to === 'closed' ? closeReason : '', closeText);
    setBusy(true);
    try {
      onDone(await bulkMove(body));
    } catch (failure) {
      const fields = fieldErrors(failure);
      setError(Object.values(fields ?? {}).join(' ') || errorMessage(failure, 'The move could not be made.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="admin-card pipeline-bulk" aria-label="Move the selected applicants">
      <form onSubmit={onSubmit} className="pipeline-bulk__form">
        <p className="pipeline-bulk__count" aria-live="polite">
          {selected.length} selected
        </p>
        <div className="pipeline-filter">
          <label htmlFor="bulk-to">Move to</label>
          <select id="bulk-to" value={to} onChange={(event) => setTo(event.target.value as StageKey | '')}>
            <option value="">Choose a stage</option>
            {stages.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        {to === 'closed' ? (
          <>
            <div className="pipeline-filter">
              <label htmlFor="bulk-close-reason">Close reason</label>
              <select
                id="bulk-close-reason"
                value={closeReason}
                onChange={(event) => setCloseReason(event.target.value as BulkMoveIn['closeReason'] | '')}
              >
                <option value="">Choose a reason</option>
                {CLOSE_REASONS.map(([key, text]) => (
                  <option key={key} value={key}>
                    {text}
                  </option>
                ))}
              </select>
            </div>
            {closeReason === 'other' ? (
              <div className="pipeline-filter">
                <label htmlFor="bulk-close-text">Why</label>
                <input
                  id="bulk-close-text"
                  value={closeText}
                  onChange={(event) => setCloseText(event.target.value)}
                />
              </div>
            ) : null}
          </>
        ) : null}
        <div className="pipeline-filter">
          <label htmlFor="bulk-reason">Reason (needed for a correction back)</label>
          <input id="bulk-reason" value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <div className="pipeline-filter pipeline-filter--actions">
          <button
            type="submit"
            className="admin-button admin-button--primary"
            disabled={busy || !selected.length}
          >
            {busy ? 'Moving...' : 'Move selected'}
          </button>
        </div>
      </form>
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
      {dialog}
    </section>
  );
}

/** What the last bulk move did: how many moved, and each one refused with why (the gate's failing checks). */
export function BulkResult({ result }: { result: BulkMoveAnswer }) {
  return (
    <section className="admin-card pipeline-bulk__result" role="status" aria-label="Last bulk move">
      <p>
        Moved {result.moved.length}.
        {result.refused.length ? ` Not moved: ${result.refused.length} (still selected).` : ''}
      </p>
      {result.refused.length ? (
        <ul aria-label="Not moved">
          {result.refused.map((r) => (
            <li key={r.applicationId}>
              <strong>{r.applicationId}</strong>: {r.message}
              {r.failing.length ? (
                <ul>
                  {r.failing.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
