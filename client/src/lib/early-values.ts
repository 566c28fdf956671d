/**
 * What a visitor chose in a pre-rendered filter before its page hydrated: hydration puts back the
 * value the page was served with, so client/scripts/start-after-paint.js keeps the last value of each
 * changed control by its id until the page is alive (`<html data-hydrated>`), and the page takes them
 * on its first render. Controls inside a form the form code replays (`lib/form-replay.ts`) are left to it.
 */
import { useEffect, useRef } from 'react';

declare global {
  interface Window {
    __earlyValues?: Record<string, string>;
  }
}

/** The value the visitor gave control `id` before hydration, once (later calls get `undefined`). */
export function takeEarlyValue(id: string): string | undefined {
  const values = window.__earlyValues;
  if (!values || document.documentElement.hasAttribute('data-hydrated') || !(id in values)) return undefined;
  const value = values[id];
  delete values[id];
  return value;
}

/** On the page's first render, hands `apply` the early values of the controls `ids` (only those given). */
export function useEarlyValues(
  ids: readonly string[],
  apply: (values: Record<string, string>) => void,
): void {
  const first = useRef({ ids, apply });
  useEffect(() => {
    const taken: Record<string, string> = {};
    for (const id of first.current.ids) {
      const value = takeEarlyValue(id);
      if (value !== undefined) taken[id] = value;
    }
    if (Object.keys(taken).length > 0) first.current.apply(taken);
  }, []);
}
