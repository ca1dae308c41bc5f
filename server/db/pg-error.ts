/**
 * PostgreSQL's error behind a Drizzle one (Drizzle wraps it in `cause`): its SQLSTATE and the
 * constraint it names, for the services that turn a unique or foreign-key violation into a 409
 * naming the field. Null when the error is not PostgreSQL's.
 */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | null, i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return null;
}
