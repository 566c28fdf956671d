import { useCallback, useEffect, useRef } from 'react';

/** How often, and how many times at most, a record is read again while its messages go out. */
export const FOLLOW_EVERY_MS = 1500;
export const FOLLOW_TRIES = 40;

/**
 * After an action that queues messages (a newsletter sent, a reply), the record the server
 * returned still says "Queued"/"Pending": the outbox sends them in the next seconds. `follow(first)`
 * reads the record again every {@link FOLLOW_EVERY_MS} until `settled` says its counts are final
 * (or {@link FOLLOW_TRIES} reads), handing each fresh read to `onFresh`, so staff see the counts
 * change without pressing Refresh. It stops on unmount and when followed again.
 */
export function useFollow<T>(
  read: (last: T) => Promise<T>,
  settled: (value: T) => boolean,
  onFresh: (value: T) => void,
): (first: T) => void {
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );
  const latest = useRef({ read, settled, onFresh });
  latest.current = { read, settled, onFresh };
  return useCallback((first: T) => {
    run.current += 1;
    const mine = run.current;
    const step = (value: T, left: number) => {
      if (latest.current.settled(value) || left <= 0) return;
      setTimeout(() => {
        if (run.current !== mine) return;
        latest.current.read(value).then(
          (fresh) => {
            if (run.current !== mine) return;
            latest.current.onFresh(fresh);
            step(fresh, left - 1);
          },
          () => step(value, left - 1),
        );
      }, FOLLOW_EVERY_MS);
    };
    step(first, FOLLOW_TRIES);
  }, []);
}
