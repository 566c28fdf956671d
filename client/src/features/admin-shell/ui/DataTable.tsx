/** The admin tables: one of items, one of a page of items with its pagination. */
import type { ReactNode } from 'react';
import type { Page } from '../api/types';
import { Pagination } from './Pagination';

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
