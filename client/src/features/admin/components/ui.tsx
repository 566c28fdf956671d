/** Small shared pieces of the admin screens. */
import type { ReactNode } from 'react';
import type { AsyncState } from '@/lib/use-async';
import { errorMessage } from '../api/client';
import { humanize } from './hooks';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="admin-page-header">
      <h1>{title}</h1>
      {children ? <div className="admin-page-header__actions">{children}</div> : null}
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`admin-status admin-status--${status}`}>{humanize(status)}</span>;
}

/** Renders loading / error / data of an async state. */
export function AsyncView<T>({
  state,
  children,
  onRetry,
}: {
  state: AsyncState<T>;
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
      <button type="button" className="admin-button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
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
