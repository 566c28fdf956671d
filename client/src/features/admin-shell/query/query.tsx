/**
 * The admin area's query cache (TanStack Query), in the lazy admin chunk only: the public pages keep
 * `@/lib/use-resource` and never load this (docs/client.md, "One data-fetching hook"). Each admin read
 * has a key per resource (`['applications', 'list', query]`, `['notes', id]`); a save invalidates the
 * keys it changed, so the pages showing them read again in the background, keeping what they show
 * (and a form's local state) in place; a list left for a record and come back to shows at once from
 * the cache. A route's read can start at entry, beside the session check (`prefetchAtEntry`).
 */
import {
  QueryClient,
  QueryClientProvider,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ResourceState } from '@/lib/use-resource';

/**
 * How long a read counts as fresh: long enough for the read started at entry to be taken over by the
 * page without a second request (on Fast 3G the page's chunk can come seconds after the data). A page
 * shown later shows the cache at once and, past this, reads again behind it; what staff change
 * here is read again at once (the saves invalidate their keys).
 */
export const FRESH_MS = 10_000;

/** An admin read: its key (resource first, then every input the load reads) and the load. */
export interface AdminRead<T> {
  key: QueryKey;
  load: (signal: AbortSignal) => Promise<T>;
}

export function newAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // An ApiError is the server's answer (a 403's message, a 401 that ends the session): retrying
        // it only delays what staff must see (use-resource never retried either).
        retry: false,
        staleTime: FRESH_MS,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let current: QueryClient | null = null;

/** The client the admin app mounts with: the one the entry's prefetch started, or a fresh one. */
export function takeAdminQueryClient(): QueryClient {
  current ??= newAdminQueryClient();
  return current;
}

/** Starts a read before React renders (beside the session check): the page that mounts takes it over. */
export function prefetchAtEntry<T>(read: AdminRead<T>): void {
  void takeAdminQueryClient().prefetchQuery({
    queryKey: read.key,
    queryFn: ({ signal }) => read.load(signal),
  });
}

/** The admin app's cache, one per mount (a later mount, or a test, starts empty). */
export function AdminQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(takeAdminQueryClient);
  useEffect(
    () => () => {
      if (current === client) current = null;
    },
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * An admin read through the cache, as `[state, reload]` (`useResource`'s shape, which AsyncView and
 * RecordPage take). "Loading..." only while nothing has been read for the key; a background read
 * (after an invalidation, or a revisit after FRESH_MS) keeps the data shown, so nothing under it
 * remounts. An error shows when there is no data to keep. `reload` invalidates the key.
 */
export function useAdminQuery<T>(read: AdminRead<T>): [ResourceState<T>, () => void] {
  const client = useQueryClient();
  const query = useQuery({ queryKey: read.key, queryFn: ({ signal }) => read.load(signal) });
  // A stable reload (pages pass it to effects and children), for the key of the latest render.
  const key = useRef(read.key);
  key.current = read.key;
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: key.current }), [client]);
  return [stateOf(query), reload];
}

function stateOf<T>(query: {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
}): ResourceState<T> {
  if (query.data !== undefined) return { status: 'success', data: query.data };
  if (query.isError && !query.isFetching) return { status: 'error', error: query.error };
  return { status: 'loading' };
}

/** Marks the given keys (prefixes) stale: the pages showing them read again, the others on their next visit. */
export function useInvalidate(): (...keys: QueryKey[]) => void {
  const client = useQueryClient();
  return useCallback(
    (...keys: QueryKey[]) => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    },
    [client],
  );
}

/** Forgets every read (the session ended: the next admin's pages read their own). */
export function useForgetReads(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    void client.cancelQueries();
    client.clear();
  }, [client]);
}
