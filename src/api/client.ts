/**
 * The one HTTP client. Every call goes through `apiGet` / `apiPost` so that:
 * - the session travels in the HttpOnly cookie the sign-in set (server/auth/guard.ts): no script
 *   on the page, this one included, ever holds the token, so an injected script cannot carry it
 *   away. Every call says it comes from the app (`X-Requested-With`), which the server requires of
 *   every write the cookie authenticates (another site's page cannot add that header);
 * - every failure becomes a typed `ApiError` whose message is the server's `error.message`
 *   (or the sign-in `errorMsg`), ready to show to the user;
 * - a 401 on a call made with the session's token tells the session, which ends it and sends the
 *   user back to sign-in; the session's own calls never trigger that (they handle 401 themselves);
 * - every answer is parsed with the shared zod contract before a screen or machine sees it. The
 *   contract may be given as a promise (a schema module being imported): the sign-in path passes
 *   its schemas that way, so that zod is not part of the first download and its chunk loads in
 *   parallel with the request.
 */
import { ofetch, FetchError } from 'ofetch';
import type { z } from 'zod';
import { urlOf, type Endpoint, type PathParams, type Schemas } from '@/api/endpoints/define';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** The error answer's whole body, for calls whose refusal carries a report (bulk import). */
  readonly body?: unknown;
  /** What the message names (a teacher, a room, codes), for the translated sentence. */
  readonly params?: Record<string, string | number>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.body = body;
    const params = (body as { error?: { params?: unknown } } | undefined)?.error?.params;
    if (params && typeof params === 'object' && !Array.isArray(params)) {
      this.params = Object.fromEntries(
        Object.entries(params).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
      ) as Record<string, string | number>;
    }
  }
}

export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';
const UNEXPECTED_MESSAGE = 'The server sent an answer this page does not understand.';

/**
 * Whose call it is: the signed-in session's (the default: a 401 ends it), or the session's own
 * calls (sign-in, restore, sign-out), which handle a 401 themselves. Both go with the cookie.
 */
export type CallAuth = 'session' | 'none';

/** The header every call carries; the server refuses a cookie-authenticated write without it. */
export const APP_REQUEST_HEADER = 'x-requested-with';
const APP_REQUEST_VALUE = 'pathshala';
/** The headers that make a request the app's own (for calls made outside ofetch: uploads, downloads). */
export const appRequestHeaders = (): Record<string, string> => ({ [APP_REQUEST_HEADER]: APP_REQUEST_VALUE });

interface AuthHooks {
  /** Which sign-in is current (an id of the sign-in, not a credential), or null when signed out. */
  getSessionKey: () => string | null;
  /** Called with the sign-in whose call was refused, so a late 401 for an old one can be ignored. */
  onUnauthorized: (refusedKey: string) => void;
}

let hooks: AuthHooks | null = null;

/** The session provider registers itself here; the returned function unregisters it. */
export function configureAuth(next: AuthHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = null;
  };
}

/** The current sign-in, for calls made outside ofetch (uploads with progress: src/api/upload.ts). */
export function sessionKey(): string | null {
  return hooks?.getSessionKey() ?? null;
}

/** A failed answer to a call made outside ofetch, as the same ApiError (a 401 ends the session). */
export function failedAnswer(status: number, data: unknown, key: string | null): ApiError {
  if (status === 401 && key) hooks?.onUnauthorized(key);
  return toApiError(status, data);
}

// Same-origin: in the browser this is the page's own origin; jsdom needs an absolute URL.
const baseURL = typeof window !== 'undefined' && window.location?.origin ? window.location.origin : '';

/** How long a call may take before it counts as "could not reach the server". */
export const REQUEST_TIMEOUT_MS = 20_000;

// ofetch's own retries are off: reads are retried by TanStack Query (network and 5xx only), and a
// write is retried only by its flow's "Try again", with the same idempotency key, so the server
// answers the first result instead of saving twice.
const http = ofetch.create({ baseURL, retry: 0, timeout: REQUEST_TIMEOUT_MS });

/** A fresh idempotency key for one write (or one submission that may be retried). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

type Query = Record<string, string | number | boolean | null | undefined>;

interface CallOptions {
  query?: Query;
  body?: unknown;
  auth?: CallAuth;
  /**
   * Writes only: the `Idempotency-Key` header. Omitted, each call gets a fresh one; a flow that
   * lets the user retry a failed submission passes the same key for every attempt.
   */
  idempotencyKey?: string;
  /** Extra request headers (a CSV body's content type). */
  headers?: Record<string, string>;
  /** Sees a successful answer's headers (a bare list's X-Total-Count). */
  onHeaders?: (headers: Headers) => void;
  /**
   * The request outlives the page (fetch's keepalive): a reload or a closed tab does not cancel
   * it. For small writes that must reach the server, such as signing out.
   */
  keepalive?: boolean;
}

function cleanQuery(query: Query | undefined): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = v;
  return out;
}

function toApiError(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as {
    error?: { code?: unknown; message?: unknown; fields?: unknown };
    errorMsg?: unknown;
  };
  const err = body.error ?? {};
  const message =
    (typeof err.message === 'string' && err.message) ||
    (typeof body.errorMsg === 'string' && body.errorMsg) ||
    defaultMessage(status);
  const code = typeof err.code === 'string' ? err.code : `http_${status}`;
  const fields = err.fields && typeof err.fields === 'object' ? (err.fields as Record<string, string>) : undefined;
  return new ApiError(status, code, message, fields, data);
}

function defaultMessage(status: number): string {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many attempts. Please wait a moment and try again.';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed.';
}

/** A wire contract, or the promise of one (see the header). */
export type Schema<S extends z.ZodType> = S | Promise<S>;

async function call<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: Schema<S>,
  { query, body, auth = 'session', idempotencyKey, headers: extraHeaders, onHeaders, keepalive }: CallOptions = {},
): Promise<z.infer<S>> {
  // Awaited only after the answer; a failure to load it must not go unhandled before then.
  const contract = Promise.resolve(schema);
  contract.catch(() => undefined);
  const key = auth === 'session' ? (hooks?.getSessionKey() ?? null) : null;
  const headers: Record<string, string> = { accept: 'application/json', ...appRequestHeaders(), ...extraHeaders };
  if (method !== 'GET') headers['idempotency-key'] = idempotencyKey ?? newIdempotencyKey();

  let response;
  try {
    response = await http.raw(path, {
      method,
      query: cleanQuery(query),
      body: body as Record<string, unknown> | undefined,
      headers,
      // Same origin: the session cookie goes with every call (fetch's default, said explicitly).
      credentials: 'same-origin',
      ...(keepalive ? { keepalive: true } : {}),
      ignoreResponseError: true,
    });
  } catch (error) {
    if (error instanceof FetchError && error.response) throw toApiError(error.response.status, error.data);
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const apiError = toApiError(response.status, response._data);
    if (response.status === 401 && key) hooks?.onUnauthorized(key);
    throw apiError;
  }
  let parser: S;
  try {
    parser = await contract;
  } catch {
    // The schema's chunk could not be fetched: to the user that is the network failing.
    throw new ApiError(0, 'network', NETWORK_ERROR_MESSAGE);
  }
  onHeaders?.(response.headers);
  const parsed = parser.safeParse(response._data);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, 'bad_response', UNEXPECTED_MESSAGE);
  }
  return parsed.data;
}

export function apiGet<S extends z.ZodType>(path: string, schema: Schema<S>, options?: Omit<CallOptions, 'body'>) {
  return call('GET', path, schema, options);
}

export function apiPost<S extends z.ZodType>(path: string, schema: Schema<S>, options?: CallOptions) {
  return call('POST', path, schema, options);
}

export function apiPut<S extends z.ZodType>(path: string, schema: Schema<S>, options?: CallOptions) {
  return call('PUT', path, schema, options);
}

export function apiDelete<S extends z.ZodType>(path: string, schema: Schema<S>, options?: CallOptions) {
  return call('DELETE', path, schema, options);
}

type BodyOf<S> = S extends { body: infer B extends z.ZodType } ? z.input<B> : unknown;

/** A call through an endpoint: its path parameters filled, a body of its schema's shape. */
export interface RequestOptions<S extends Schemas> extends Omit<CallOptions, 'body'> {
  params?: PathParams;
  body?: BodyOf<S>;
}

/**
 * Calls an endpoint of the registry (src/api/endpoints/): its method, `/api` and its path with
 * `params` filled. The answer is parsed with the endpoint's response schema; an endpoint without one
 * (the sign-in's, whose contracts load apart: src/api/session.ts) is given `schema`.
 */
export function request<S extends Schemas & { response: z.ZodType }>(
  endpoint: Endpoint<S>,
  options?: RequestOptions<S>,
): Promise<z.infer<S['response']>>;
export function request<S extends Schemas & { response?: undefined }, R extends z.ZodType>(
  endpoint: Endpoint<S>,
  options: RequestOptions<S> & { schema: Schema<R> },
): Promise<z.infer<R>>;
export function request(
  endpoint: Endpoint,
  { params, schema, ...options }: RequestOptions<Schemas> & { schema?: Schema<z.ZodType> } = {},
): Promise<unknown> {
  const contract = endpoint.schemas.response ?? schema;
  if (!contract) throw new Error(`${endpoint.method} ${endpoint.path}: no schema for its answer`);
  return call(endpoint.method, urlOf(endpoint, params), contract, options);
}

/** A readable message for anything a call or actor may throw. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return fallback;
}

/**
 * A validation message names its field for API callers ("code: Enter the code", "date: no
 * session covers that date"); a person reads the problem alone, next to the form it is about.
 */
export function withoutFieldName(message: string): string {
  const m = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*: ([\s\S]+)$/.exec(message);
  if (!m) return message;
  return m[1].charAt(0).toUpperCase() + m[1].slice(1);
}

/** The HTTP status of an ApiError-like value (0 for network failures and unknown errors). */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object' && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (typeof status === 'number') return status;
  }
  return 0;
}
