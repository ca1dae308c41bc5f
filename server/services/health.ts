/**
 * The database ping behind GET /api/health (routes/health.ts): whether the database answers a
 * trivial query within a time limit. Never throws: a refused or slow database is `false`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Whether `select 1` comes back within `timeoutMs`. */
export async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
