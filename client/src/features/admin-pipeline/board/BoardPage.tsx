/** /admin/pipeline: the pipeline as columns by stage, each with its whole count and its cards
 * (longest in the stage first; "Show more" pages one column on), filtered by destination, employer,
 * job and owner; select cards and move them together (each through its own gate). */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AsyncView, PageHeader, countOf, errorMessage, useAdminTitle } from '@/features/admin-shell';
import { useResource } from '@/lib/use-resource';
import { getBoard, type BoardCard, type BoardColumn, type BulkMoveAnswer } from '../api/board';
import { BoardFilters, toQuery, type Filters } from './BoardFilters';
import { BulkMoveBar, BulkResult } from './BulkMoveBar';
import '../pipeline.css';
import './board.css';

function filtersFrom(params: URLSearchParams): Filters {
  return {
    destination: params.get('destination') ?? '',
    employer: params.get('employer') ?? '',
    job: params.get('job') ?? '',
    owner: params.get('owner') ?? '',
  };
}

function Card({
  card,
  checked,
  onToggle,
}: {
  card: BoardCard;
  checked: boolean;
  onToggle: (id: string) => void;
}) {
  const box = `pick-${card.applicationId}`;
  return (
    <li className="pipeline-card">
      <input
        id={box}
        type="checkbox"
        checked={checked}
        onChange={() => onToggle(card.applicationId)}
        aria-label={`Select ${card.name} (${card.applicationId})`}
      />
      <div className="pipeline-card__body">
        <Link
          to={`/admin/applications/${encodeURIComponent(card.applicationId)}`}
          className="pipeline-card__name"
        >
          {card.name || card.applicationId}
        </Link>
        <span className="pipeline-card__id">{card.applicationId}</span>
        <span>
          {[card.destination, card.jobTitle].filter(Boolean).join(' · ') || 'No destination or job given'}
        </span>
        <span className="pipeline-card__meta">
          {countOf(card.daysInStage, 'day')} in stage{card.ownerName ? ` · ${card.ownerName}` : ''}
        </span>
      </div>
    </li>
  );
}

function Column({
  column,
  filters,
  picked,
  onToggle,
}: {
  column: BoardColumn;
  filters: Filters;
  picked: Set<string>;
  onToggle: (id: string) => void;
}) {
  const [more, setMore] = useState<{ cards: BoardCard[]; cursor: string | null }>({
    cards: [],
    cursor: null,
  });
  const [error, setError] = useState('');
  const cursor = more.cards.length ? more.cursor : column.nextCursor;
  const cards = [...column.cards, ...more.cards];
  const heading = `col-${column.stage}`;
  const showMore = async () => {
    if (!cursor) return;
    setError('');
    try {
      const page = await getBoard({ ...toQuery(filters), stage: column.stage, cursor });
      const [next] = page.columns;
      setMore((m) => ({ cards: [...m.cards, ...(next?.cards ?? [])], cursor: next?.nextCursor ?? null }));
    } catch (failure) {
      setError(errorMessage(failure, 'Could not load more cards.'));
    }
  };
  return (
    <section className="pipeline-column" aria-labelledby={heading}>
      <h2 id={heading} className="pipeline-column__title">
        <span>{column.label}</span> <span className="pipeline-column__count">{column.count}</span>
      </h2>
      {cards.length ? (
        <ul className="pipeline-column__cards">
          {cards.map((card) => (
            <Card
              key={card.applicationId}
              card={card}
              checked={picked.has(card.applicationId)}
              onToggle={onToggle}
            />
          ))}
        </ul>
      ) : (
        <p className="admin-muted pipeline-column__empty">Nobody</p>
      )}
      {cursor ? (
        <button type="button" className="admin-button admin-button--ghost" onClick={showMore}>
          Show more ({column.count - cards.length} more)
        </button>
      ) : null}
      {error ? (
        <p className="admin-alert" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

export default function BoardPage() {
  useAdminTitle('Pipeline');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const key = JSON.stringify(filters);
  const [state, reload] = useResource(
    (signal) => getBoard(toQuery(filters), signal),
    `pipeline-board:${key}`,
  );
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [bulk, setBulk] = useState<BulkMoveAnswer | null>(null);
  const onToggle = (id: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const apply = (next: Filters) => {
    setPicked(new Set());
    setBulk(null);
    setParams(Object.fromEntries(Object.entries(next).filter(([, value]) => value)));
  };
  return (
    <>
      <PageHeader title="Pipeline">
        <Link className="admin-button admin-button--ghost" to="/admin/pipeline/report">
          Stage times report
        </Link>
      </PageHeader>
      <BoardFilters key={key} filters={filters} onApply={apply} />
      {bulk ? <BulkResult result={bulk} /> : null}
      <AsyncView state={state} onRetry={reload}>
        {(board) => (
          <>
            <p className="admin-muted" role="status">
              {countOf(board.total, 'applicant')} in the pipeline
              {Object.values(filters).some(Boolean) ? ' (filtered)' : ''}
            </p>
            {picked.size ? (
              <BulkMoveBar
                selected={[...picked]}
                stages={board.columns.map((c) => ({ key: c.stage, label: c.label }))}
                onDone={(answer) => {
                  setBulk(answer);
                  setPicked(new Set(answer.refused.map((r) => r.applicationId)));
                  reload();
                }}
              />
            ) : null}
            <div className="pipeline-board">
              {board.columns.map((column) => (
                <Column
                  key={column.stage}
                  column={column}
                  filters={filters}
                  picked={picked}
                  onToggle={onToggle}
                />
              ))}
            </div>
          </>
        )}
      </AsyncView>
    </>
  );
}
