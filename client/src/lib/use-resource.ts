import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

export type ResourceState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

/**
 * The one data-fetching hook: runs `load` with a fresh `AbortSignal` on mount, whenever `key`
 * changes and on `reload()`, and aborts the run in flight on each of those and on unmount, so a
 * late answer never overwrites a newer one. `key` names every input `load` reads (an id, a page,
 * a filter). With `initial` (data the server put in the page) the first render is already a
 * success and the first load is skipped.
 */
export function useResource<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string,
  initial?: { data: T },
): [ResourceState<T>, () => void] {
  const [state, setState] = useState<ResourceState<T>>(() =>
    initial ? { status: 'success', data: initial.data } : { status: 'loading' },
  );
  const [version, setVersion] = useState(0);
  const servedFirst = useRef(initial !== undefined);
  const run = useEffectEvent(load);

  useEffect(() => {
    if (servedFirst.current) {
      servedFirst.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
  }, [key, version]);

  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return [state, reload];
}
