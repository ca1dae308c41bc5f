/**
 * Per-author create budgets: at most `perHour` rows an author made in the last hour, counted from
 * the very table the rows go into (its author and created-at columns), so every server process
 * shares one budget and nothing else needs keeping. A per-author advisory lock, held until the
 * caller's transaction ends, makes two simultaneous creates count one after the other; the caller
 * checks and inserts in that one transaction. Notices and homework are limited this way.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { ApiError } from '../errors';
import type { ErrorCode } from '../error-codes';

/** 429 with the seconds until the next create is allowed (the route sends them as Retry-After). */
export class RateLimited extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    code: ErrorCode,
    message: string,
  ) {
    super(429, code, message);
  }
}

export interface CreateBudget {
  /** A number of its own per kind of row: the first key of the advisory lock. */
  lock: number;
  table: PgTable;
  author: AnyPgColumn;
  createdAt: AnyPgColumn;
  perHour: number;
  /** The refusal, given the seconds until the oldest create of the hour leaves the window. */
  refuse: (retryAfterSeconds: number) => RateLimited;
}

/** Throws the budget's RateLimited when `authorId` made `perHour` rows in the last hour. */
export async function checkCreateBudget(tx: DbOrTx, b: CreateBudget, authorId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${b.lock}, ${authorId})`);
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      wait: sql<number>`ceil(extract(epoch from (min(${b.createdAt}) + interval '1 hour' - now())))::int`,
    })
    .from(b.table)
    .where(and(eq(b.author, authorId), sql`${b.createdAt} > now() - interval '1 hour'`));
  if (Number(row.n) >= b.perHour) throw b.refuse(Math.max(1, Number(row.wait)));
}
