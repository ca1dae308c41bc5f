/**
 * The endpoint registry's building blocks (docs/ARCHITECTURE.md, "The endpoint registry"): each
 * endpoint is written once, in `src/api/endpoints/<resource>.ts`, as its method, its path under
 * `/api`, the action the guard checks (or `'public'`) and the zod schemas of its query, body, path
 * parameters and 200 answer. The server registers its route from it (server/routes/define.ts) and
 * the client calls through it (`request` in src/api/client.ts), so a path is never spelt twice.
 *
 * Type-only imports: this module adds nothing to a bundle but the four helpers.
 */
import type { z } from 'zod';
import type { Action } from '@/api/permissions';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call: an action of the permission table, or `'public'` (no session at all). */
export type Access = Action | 'public';

/** What the endpoint sends and answers; every part is optional (a download has no JSON answer). */
export interface Schemas {
  query?: z.ZodType;
  body?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
}

export interface Endpoint<S extends Schemas = Schemas> {
  readonly method: Method;
  /** Under `/api`, Fastify's syntax for parameters (`/activities/:id`). */
  readonly path: string;
  readonly action: Access;
  readonly schemas: S;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- an endpoint without schemas
type None = {};

const define =
  (method: Method) =>
  <S extends Schemas = None>(path: string, action: Access, schemas?: S): Endpoint<S> => ({
    method,
    path,
    action,
    schemas: schemas ?? ({} as S),
  });

export const get = define('GET');
export const post = define('POST');
export const put = define('PUT');
/** DELETE (`delete` is a reserved word). */
export const del = define('DELETE');

/** Where the API is mounted: the server's prefix (server/app.ts) and every URL the client calls. */
export const API_PREFIX = '/api';

/** Path parameters by name, for `:name` in an endpoint's path. */
export type PathParams = Record<string, string | number>;

/** The endpoint's URL under the prefix, its `:name` parameters filled (each encoded). */
export function urlOf(endpoint: Pick<Endpoint, 'path'>, params?: PathParams): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return API_PREFIX + path;
}
