/** Small shared pieces of the admin screens. */
import type { ReactNode } from 'react';
import type { ResourceState } from '@/lib/use-resource';
import { errorMessage } from '../api/client';
import type { Page } from '../api/types';
import { humanize } from '../lib/text';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page-header">
      <h1>{title}</h1>
      {children ? <div className="admin-page-header__actions">{children}</div> : null}
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`admin-status admin-status--${status.replace(/\s+/g, '-')}`}>{humanize(status)}</span>
  );
}

/** Renders loading / error / data of an async state. */
export function AsyncView<T>({
  state,
  children,
  onRetry,
}: {
  state: ResourceState<T>;
  children: (data: T) => ReactNode;
  onRetry?: () => void;
}) {
  if (state.status === 'loading') {
    return (
      <p className="admin-muted" role="status">
        Loading...
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="admin-alert" role="alert">
        <p>{errorMessage(state.error, 'Could not load this page. Please try again.')}</p>
        {onRetry ? (
          <button type="button" className="admin-button" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </div>
    );
  }
  return <>{children(state.data)}</>;
}

export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pagination" aria-label={`${label} pages`}>
      <button type="button" className="admin-button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} ({total} total)
      </span>
      <button
        type="button"
        className="admin-button"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="admin-empty">
        {text}
      </td>
    </tr>
  );
}

interface DataTableProps<T> {
  caption: ReactNode;
  /** Caption for screen readers only. */
  hiddenCaption?: boolean;
  columns: readonly string[];
  items: readonly T[];
  /** Text of the row shown when there are no items. */
  empty: string;
  /** Renders one item's `<tr>` (with its key). */
  row: (item: T, index: number) => ReactNode;
}

/** A table in its sideways-scrolling region: caption, column headings, one row per item or an empty row. */
export function DataTable<T>({
  caption,
  hiddenCaption = false,
  columns,
  items,
  empty,
  row,
}: DataTableProps<T>) {
  return (
    <div
      className="admin-table-wrap"
      tabIndex={0}
      role="region"
      aria-label="Table, scrolls sideways on small screens"
    >
      <table className="admin-table">
        <caption className={hiddenCaption ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? <EmptyRow colSpan={columns.length} text={empty} /> : items.map(row)}
        </tbody>
      </table>
    </div>
  );
}

/** A `DataTable` of one page of items, followed by its pagination. */
export function PagedTable<T>({
  data,
  label,
  onPage,
  ...table
}: Omit<DataTableProps<T>, 'items'> & {
  data: Page<T>;
  label: string;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <DataTable items={data.items} {...table} />
      <Pagination
        label={label}
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        onPage={onPage}
      />
    </>
  );
}

export type FilterOption = readonly [value: string, label: string];

/** A group of toggle buttons that filter a list by one value (e.g. status). */
export function FilterTabs({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-tabs" role="group" aria-label={label}>
      {options.map(([option, text]) => (
        <button
          key={text}
          type="button"
          className="admin-button admin-button--small"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
