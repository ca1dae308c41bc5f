/**
 * The one error shape: { error: { code, message, fields?, params? } } with the right HTTP status.
 * Every code is listed in server/error-codes.ts, where the client's texts for it are checked.
 */
import { DrizzleQueryError } from 'drizzle-orm';
import type { ErrorCode, ErrorParamsOf } from './error-codes';
export type FieldErrors = Record<string, string>;
/**
 * The names and numbers a message is about (a teacher, a room, student codes), so that the client
 * can say the same sentence in the user's language: `<area>.errors.<name>_named` with these values.
 */
export type ErrorParams = Record<string, string | number>;

export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly params?: ErrorParams;
  constructor(
    readonly statusCode: number,
    readonly code: C,
    message: string,
    readonly fields?: FieldErrors,
    params?: ErrorParamsOf<C>,
  ) {
    super(message);
    if (params) this.params = params;
  }
  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.params ? { params: this.params } : {}),
      },
    };
  }
}

/** An error body sent without throwing (the app's error handler, sign-in's answers). */
export const errorBodyOf = (code: ErrorCode, message: string, fields?: FieldErrors) => ({
  error: { code, message, ...(fields ? { fields } : {}) },
});

export const badRequest = (field: string, message: string) =>
  new ApiError(400, 'invalid_input', `${field}: ${message}`, { [field]: message });
export const unauthorized = (message = 'Please sign in to continue.') => new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this.') => new ApiError(403, 'forbidden', message);
export const notFound = (what = 'Record') => new ApiError(404, 'not_found', `${what} not found.`);
export const conflict = (message: string, field?: string) =>
  new ApiError(409, 'conflict', message, field ? { [field]: message } : undefined);
export const tooMany = (message: string) => new ApiError(429, 'too_many_requests', message);

/** Seconds a client is asked to wait (Retry-After) while the database is away: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new ApiError(
    503,
    'database_unavailable',
    'The server cannot reach its database just now. Please try again in a few seconds.',
  );

/**
 * SQLSTATEs that say the database cannot serve now, not that the request is wrong: class 08
 * (connection exception), 57P01 admin_shutdown, 57P02 crash_shutdown (another backend crashed),
 * 57P03 cannot_connect_now (starting up, recovering, shutting down), 53300 too_many_connections and
 * 25006 read_only_sql_transaction (a write that met a standby: a switchover demoted its server, and
 * the pool moves on to the new primary, server/db/targets.ts).
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300|25006)$/;
/** Socket errors of a connection to the database (node-postgres passes them on as they are). */
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words for a connection that ended or never came (pg/lib/client.js, pg-pool). */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/**
 * Whether `err` says the database is away (stopped, restarting, unreachable) rather than anything
 * about the request: such a request was not done, and is answered 503 with Retry-After. Drizzle
 * wraps a failed statement's error as the `cause` of its own (DrizzleQueryError); other wrappers
 * are not looked through, so that, say, a failed call to an SMS gateway (a fetch whose cause is
 * ECONNREFUSED) is never taken for the database.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const { code, message, name } = e as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    if (name !== 'DrizzleQueryError' && !(e instanceof DrizzleQueryError)) return false;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
