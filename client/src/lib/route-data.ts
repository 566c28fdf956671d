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
