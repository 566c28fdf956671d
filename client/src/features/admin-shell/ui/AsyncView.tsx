import type { ReactNode } from 'react';
import type { ResourceState } from '@/lib/use-resource';
import { errorMessage } from '../api/client';

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
