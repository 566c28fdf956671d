import { useLocation } from 'react-router-dom';
import { useResource, type ResourceState } from './use-resource';

/**
 * Data the server put in the page for hydration: `<script type="application/json" id="route-data">`
 * (non-executable, so it passes a `script-src 'self'` CSP). A record page reads it on its first
 * render so the hydrated markup is the server's; later navigations fetch from the API.
 */
export interface RouteData<T = unknown> {
  kind: string;
  path: string;
  url: string;
  record: T | null;
  /** The query a filtered page was served for (`/jobs?country=...`: its filters). */
  query?: Record<string, string>;
}

let serverData: RouteData | null = null;

/** Set by the pre-render (entry-server) before it renders a record template. */
export function setServerRouteData(data: RouteData | null): void {
  serverData = data;
}

function readBlock(): RouteData | null {
  if (typeof document === 'undefined') return serverData;
  const block = document.getElementById('route-data');
  if (!block?.textContent) return null;
  try {
    return JSON.parse(block.textContent) as RouteData;
  } catch {
    return null;
  }
}

/** The route data for `kind` at `path`, or undefined when the page was not served with it. */
export function initialRouteData<T>(kind: string, path: string): RouteData<T> | undefined {
  const data = readBlock();
  if (!data || data.kind !== kind || data.path !== path) return undefined;
  return data as RouteData<T>;
}

/**
 * A record page's record: the one served in the page on its first render (no request), else
 * fetched by `load` (`null`: not found). Returns the resource state and the served route data.
 */
export function useServedRecord<T>(
  kind: string,
  id: string,
  load: (id: string, signal: AbortSignal) => Promise<T | null>,
): [ResourceState<T | null>, RouteData<T> | undefined] {
  const { pathname } = useLocation();
  const served = initialRouteData<T>(kind, pathname);
  const [state] = useResource((signal) => load(id, signal), id, served ? { data: served.record } : undefined);
  return [state, served];
}
