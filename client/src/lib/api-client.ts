/**
 * The one API client of the app, typed by the generated `paths` of `src/generated/api.ts`: every call
 * names a route, its parameters and its body as the server's OpenAPI document says, so a renamed
 * route or field fails `tsc`. JSON in and out, cookies same-origin, the CSRF token on unsafe admin
 * calls, `ApiError` on any non-2xx answer. Only this module turns a route into a URL
 * (`api-urls.test.ts` keeps `'/api/...'` strings out of every other module, but as a typed route).
 *
 * The calls have openapi-fetch's published types (`Client<paths>`); the runtime below is ours: it
 * does the subset we use (path and flat query parameters, JSON or FormData bodies, one header rule)
 * in a fraction of openapi-fetch's 2.3 KB brotli, which every public page that calls the API loads.
 */
import type { Client } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import { env } from '@/config/env';
import type { paths } from '@/generated/api';
import { ApiError } from './api-error';

export { ApiError } from './api-error';

/** The generated routes start with `/api`; `env.apiBaseUrl` is where the server's `/api` is served. */
const API_PREFIX = '/api';

function apiRoot(): string {
  const base = env.apiBaseUrl.replace(/\/$/, '');
  if (!base.endsWith(API_PREFIX)) throw new Error(`VITE_API_BASE_URL must end with ${API_PREFIX}: ${base}`);
  return base.slice(0, -API_PREFIX.length);
}

/** Where the routes are: relative to the page, like every other link of the site. */
const root = apiRoot();

type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue | QueryValue[]>;
interface Params {
  path?: Record<string, string | number>;
  query?: Query;
}

/** A query string without the empty filters (`q=''`): the server reads a missing and an empty value alike. */
function queryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** `/api/jobs/{job_id}` with its parameters: `/api/jobs/J%201?q=x`. */
export function routeUrl(route: string, params: Params = {}): string {
  const path = route.replace(/\{([^{}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(params.path?.[name] ?? '')),
  );
  return `${root}${path}${queryString(params.query)}`;
}

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRF-Token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_ROUTES = '/api/admin/';

export function readCookie(name: string): string {
  if (typeof document === 'undefined') return '';
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return '';
}

export function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface Init {
  params?: Params;
  body?: unknown;
  /** Makes the body another way (a multipart form: openapi-fetch's option of the same name). */
  bodySerializer?: (body: unknown) => BodyInit;
  signal?: AbortSignal | null;
}

function requestBody(init: Init, headers: Headers): BodyInit | undefined {
  if (init.body === undefined) return undefined;
  const body = init.bodySerializer ? init.bodySerializer(init.body) : init.body;
  if (body instanceof FormData) return body;
  headers.set('Content-Type', 'application/json');
  return typeof body === 'string' ? body : JSON.stringify(body);
}

async function call(method: string, route: string, init: Init = {}): Promise<Answer<unknown>> {
  const headers = new Headers({ Accept: 'application/json' });
  // Every unsafe admin call carries the CSRF token, read from its cookie at the call (it changes at sign-in).
  if (route.startsWith(ADMIN_ROUTES) && !SAFE_METHODS.has(method)) {
    headers.set(CSRF_HEADER, readCookie(CSRF_COOKIE));
  }
  const response = await fetch(routeUrl(route, init.params), {
    method,
    headers,
    body: requestBody(init, headers),
    credentials: 'same-origin',
    signal: init.signal ?? null,
  });
  const body = parse(await response.text());
  return response.ok ? { data: body, response } : { error: body, response };
}

const method =
  (name: string) =>
  (route: string, init?: Init): Promise<Answer<unknown>> =>
    call(name, route, init);

/** The typed calls, as openapi-fetch's client has them (`client.GET('/api/jobs', { params, signal })`). */
export const client = {
  GET: method('GET'),
  POST: method('POST'),
  PUT: method('PUT'),
  DELETE: method('DELETE'),
} as Pick<Client<paths>, 'GET' | 'POST' | 'PUT' | 'DELETE'>;

/** What every call of `client` resolves to: the 2xx body, or the error body and the response. */
export interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a 2xx answer; any other status throws `ApiError` (its message from the body's `message`). */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error ?? null);
  return data as T;
}

/** Like `ok`, but a 404 (no such record) resolves to null. */
export async function orNull<T>(call: Promise<Answer<T>>): Promise<T | null> {
  try {
    return await ok(call);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

type GetPath = PathsWithMethod<paths, 'get'>;
export type PostPath = PathsWithMethod<paths, 'post'>;
type LinkParams<P extends GetPath> = paths[P]['get'] extends { parameters: infer Q }
  ? Pick<Q, 'path' & keyof Q> & Partial<Pick<Q, 'query' & keyof Q>>
  : never;

/** The address of a GET route as a link (CSV exports, files, ZIPs: the browser sends the session cookie). */
export function apiHref<P extends GetPath>(path: P, params: LinkParams<P>): string {
  return routeUrl(path, params);
}
