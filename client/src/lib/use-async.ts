import { useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * Runs `load` when `key` changes, aborting the previous run. With `initial` (data the server put
 * in the page), the first render is already a success and the first load is skipped.
 */
export function useAsync<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  initial?: { data: T },
): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>(() =>
    initial ? { status: 'success', data: initial.data } : { status: 'loading' },
  );
  const skipKey = useRef<string | null>(initial ? key : null);
  useEffect(() => {
    if (skipKey.current === key) {
      skipKey.current = null;
      return undefined;
    }
    skipKey.current = null;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
