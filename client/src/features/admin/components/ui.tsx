/** Small shared pieces of the admin screens. */
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ResourceState } from '@/lib/use-resource';
import { errorMessage } from '../api/client';
import type { ApplicationSummary, Page } from '../api/types';
import { formatDateTime, humanize, type EditableList, type EditorProps } from './hooks';

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

function ApplicantCell({ app, search }: { app: ApplicationSummary; search: string }) {
  return (
    <th scope="row">
      <Link to={`/admin/applications/${encodeURIComponent(app.applicationId)}${search}`}>
        {app.firstName} {app.lastName}
      </Link>
      {!app.opened ? <span className="admin-new">New</span> : null}
      <div className="admin-muted admin-small">{app.applicationId}</div>
    </th>
  );
}

function ContactCell({ app }: { app: ApplicationSummary }) {
  return (
    <td>
      <div>{app.email}</div>
      <div className="admin-muted admin-small">{app.phone}</div>
    </td>
  );
}

function PaymentCell({ app }: { app: ApplicationSummary }) {
  return (
    <td>
      <StatusBadge status={app.shownPayment ?? app.payment ?? 'unpaid'} />
    </td>
  );
}

/** One application in a table: applicant (linked, "New" when unopened), optional contact, job, country, date, status. */
export function ApplicationRow({
  app,
  withContact = false,
  withPayment = false,
  leading,
  search = '',
  extra,
}: {
  app: ApplicationSummary;
  withContact?: boolean;
  withPayment?: boolean;
  /** A first cell (the list's selection checkbox). */
  leading?: ReactNode;
  /** The list's filters (`?q=…`), carried into the record so "← All applications" comes back to them. */
  search?: string;
  /** A last cell (the list's owner). */
  extra?: ReactNode;
}) {
  return (
    <tr>
      {leading}
      <ApplicantCell app={app} search={search} />
      {withContact ? <ContactCell app={app} /> : null}
      <td>
        {app.jobCategory}
        {app.jobTitle ? <div className="admin-muted admin-small">Job: {app.jobTitle}</div> : null}
      </td>
      <td>{app.preferredCountry}</td>
      <td>{formatDateTime(app.createdAt)}</td>
      <td>
        <StatusBadge status={app.status} />
      </td>
      {withPayment ? <PaymentCell app={app} /> : null}
      {extra ? <td>{extra}</td> : null}
    </tr>
  );
}
