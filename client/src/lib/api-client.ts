/**
 * The one API client of the app, built on the generated `paths` of `src/generated/api.ts`
 * (openapi-fetch): every call names a route, its parameters and its body as the server's OpenAPI
 * document says, so a renamed route or field fails `tsc`. JSON in and out, cookies same-origin,
 * the CSRF token on unsafe admin calls, `ApiError` on any non-2xx answer. Only this module turns a route into a URL (`api-urls.test.ts` keeps
 * `'/api/...'` strings out of every other module, but as the route of a typed call).
 */
import createClient, { createFinalURL, defaultPathSerializer } from 'openapi-fetch';
import type { PathsWithMethod, SuccessResponseJSON } from 'openapi-typescript-helpers';
import { env } from '@/config/env';
import type { paths } from '@/generated/api';

export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message?: string) {
    const fromBody =
      body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
        ? body.message
        : undefined;
    super(message ?? fromBody ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

/** The generated routes start with `/api`; `env.apiBaseUrl` is where the server's `/api` is served. */
const API_PREFIX = '/api';

function apiRoot(): string {
  const base = env.apiBaseUrl.replace(/\/$/, '');
  if (!base.endsWith(API_PREFIX)) throw new Error(`VITE_API_BASE_URL must end with ${API_PREFIX}: ${base}`);
  return base.slice(0, -API_PREFIX.length);
}

/** Where links (downloads) point: relative to the page, like every other link of the site. */
const linkRoot = apiRoot();

/** `Request` needs an absolute URL outside a browser (the tests); in a page this is the same origin. */
const requestRoot = typeof location === 'undefined' ? linkRoot : new URL(`${linkRoot}/`, location.href).href;

type QueryValue = string | number | boolean | null | undefined;

/** A query string without the empty filters (`q=''`): the server reads a missing and an empty value alike. */
function querySerializer(query: Record<string, QueryValue | QueryValue[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  return params.toString();
}

export const client = createClient<paths>({
  baseUrl: requestRoot,
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  querySerializer: querySerializer as (query: unknown) => string,
  // Looked up at each call, not kept: the tests' mock server replaces `fetch` after this module loads.
  fetch: (request) => globalThis.fetch(request),
});

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

/** Every unsafe admin call carries the CSRF token, read from its cookie at the call (it changes at sign-in). */
client.use({
  onRequest({ request, schemaPath }) {
    if (schemaPath.startsWith(ADMIN_ROUTES) && !SAFE_METHODS.has(request.method)) {
      request.headers.set(CSRF_HEADER, readCookie(CSRF_COOKIE));
    }
    return request;
  },
});

/** What every call of `client` resolves to: the 2xx body, or the error body and the response. */
export interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a 2xx answer; any other status throws `ApiError` (its message from the body's `message`). */
export async function ok<T>(call: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(response.status, error === '' ? null : error);
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
type PostPath = PathsWithMethod<paths, 'post'>;
type LinkParams<P extends GetPath> = paths[P]['get'] extends { parameters: infer Q }
  ? Pick<Q, 'path' & keyof Q> & Partial<Pick<Q, 'query' & keyof Q>>
  : never;

/** The address of a GET route as a link (CSV exports, files, ZIPs: the browser sends the session cookie). */
export function apiHref<P extends GetPath>(path: P, params: LinkParams<P>): string {
  return createFinalURL(path, {
    baseUrl: linkRoot,
    params: params as { path?: Record<string, unknown>; query?: Record<string, unknown> },
    querySerializer: querySerializer as (query: unknown) => string,
    pathSerializer: defaultPathSerializer,
  });
}

export type UploadProgress = (loaded: number, total: number) => void;
type Created<P extends PostPath> = SuccessResponseJSON<paths[P]['post']>;

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POST a multipart form with upload progress (XMLHttpRequest: fetch cannot report upload progress);
 * the same answers as `ok(client.POST(...))`: the 2xx body, else `ApiError`.
 */
export function upload<P extends PostPath>(
  path: P,
  body: FormData,
  onProgress?: UploadProgress,
): Promise<Created<P>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${linkRoot}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
    }
    xhr.onload = () => {
      const answer = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(answer as Created<P>);
      else reject(new ApiError(xhr.status, answer));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, null, 'The connection failed. Please check your network and try again.'));
    xhr.ontimeout = xhr.onerror;
    xhr.send(body);
  });
}
