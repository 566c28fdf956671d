/**
 * The frame of a page of one record (an applicant, a contact message, a bulk action): what leads back,
 * then "Loading...", the error with "Try again", or the record under its heading. `shown` swaps in a
 * newer copy than the one loaded (an action's answer, a re-read while something is pending).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ResourceState } from '@/lib/use-resource';
import { AsyncView } from './AsyncView';
import { PageHeader } from './PageHeader';

/** "← All messages": the link back to the list a record belongs to. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="admin-back">
      <Link to={to}>{`← ${label}`}</Link>
    </p>
  );
}

export function RecordPage<T>({
  back,
  state,
  onRetry,
  shown = (loaded) => loaded,
  title,
  badge,
  children,
}: {
  /** Above the record whatever its state: a `BackLink`, or the record's neighbours. */
  back: ReactNode;
  state: ResourceState<T>;
  onRetry: () => void;
  shown?: (loaded: T) => T;
  title: (record: T) => string;
  /** Beside the heading (the record's status). */
  badge?: (record: T) => ReactNode;
  /** The record's sections, under its heading. */
  children: (record: T) => ReactNode;
}) {
  return (
    <>
      {back}
      <AsyncView state={state} onRetry={onRetry}>
        {(loaded) => {
          const record = shown(loaded);
          return (
            <>
              <PageHeader title={title(record)}>{badge?.(record)}</PageHeader>
              {children(record)}
            </>
          );
        }}
      </AsyncView>
    </>
  );
}
