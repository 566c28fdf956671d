import { Link } from 'react-router-dom';
import type { ApplicationFilters, ApplicationSummary, ApplicationStatus } from '@/features/admin-shell';
import { countOf, humanize } from '@/features/admin-shell';
import { selectedCount, toBulkSelection, type SelectionState } from './selection';
import type { BulkMove } from './useBulkMove';

const MOVE_TO: readonly ApplicationStatus[] = ['processing', 'approved', 'rejected'];

/** What the counter says: everything the filter matches, or how many are picked. */
function selectedText(selected: SelectionState['selected'], count: number, total: number): string {
  return selected.all ? `All ${countOf(total, 'matching application')} selected` : `${count} selected`;
}

/** The message link's text: the picked applicants, or everyone the filter matches. */
function messageText(selected: SelectionState['selected'], count: number): string {
  return count > 0 && !selected.all ? `Message ${countOf(count, 'applicant')}` : 'Message everyone matching';
}

function messageLink(search: string): string {
  return `/admin/applications/message${search ? `?${search}` : ''}`;
}

/** Above the applications list: what is selected (one, a page, or everything the filter matches) and what to do with it. */
export function BulkBar({
  items,
  total,
  filters,
  search,
  selection,
  move,
}: {
  items: readonly ApplicationSummary[];
  total: number;
  filters: ApplicationFilters;
  /** The list's query string, so the message page keeps the filter. */
  search: string;
  selection: SelectionState;
  /** Kept by the page, so its confirmation and undo outlive the list's reloads. */
  move: BulkMove;
}) {
  const { selected } = selection;
  const pageIds = items.map((app) => app.applicationId);
  const pageSelected = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));
  const count = selectedCount(selected, total);
  const body = toBulkSelection(selected, filters);
  const messageState = selected.all || count === 0 ? undefined : { applicationIds: [...selected.ids] };
  const offerAll = pageSelected && !selected.all && total > pageIds.length;
  return (
    <>
      <section className="admin-card bulk-bar" aria-label="Selection and bulk actions">
        <label className="bulk-check">
          <input
            type="checkbox"
            checked={pageSelected}
            onChange={(event) => selection.setPage(pageIds, event.target.checked)}
          />
          Select this page
        </label>
        <span aria-live="polite" data-testid="selected-count">
          {selectedText(selected, count, total)}
        </span>
        {offerAll ? (
          <button
            type="button"
            className="admin-button admin-button--ghost"
            onClick={selection.selectAllMatching}
          >
            Select all {countOf(total, 'matching application')}
          </button>
        ) : null}
        {count > 0 ? (
          <button type="button" className="admin-button admin-button--ghost" onClick={selection.clear}>
            Clear selection
          </button>
        ) : null}
        {MOVE_TO.map((status) => (
          <button
            key={status}
            type="button"
            className="admin-button"
            disabled={count === 0 || move.busy}
            onClick={() => void move.start(body, status)}
          >
            Move to {humanize(status)}
          </button>
        ))}
        <Link className="admin-button" to={messageLink(search)} state={messageState}>
          {messageText(selected, count)}
        </Link>
      </section>
    </>
  );
}

/** The row's checkbox (its label names the applicant). */
export function SelectCell({ app, selection }: { app: ApplicationSummary; selection: SelectionState }) {
  return (
    <td>
      <label className="bulk-check">
        <input
          type="checkbox"
          checked={selection.isSelected(app.applicationId)}
          onChange={() => selection.toggle(app.applicationId)}
        />
        <span className="visually-hidden">
          Select {app.firstName} {app.lastName}
        </span>
      </label>
    </td>
  );
}
