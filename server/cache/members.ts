/**
 * The teacher and student record of a signed-in account, asked on most teacher and student
 * requests: from the process's cache (hot-cache.ts; the `member` notification drops an account's
 * entry when its record is added, moved or removed), else one prepared query.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { students, teachers } from '../db/schema';
import { cacheOf, type HotCache, type MemberRecord, type TtlMap } from './hot-cache';

/** An account's record in `table` (teachers or students): cached, else one prepared query. */
function memberOf(
  table: typeof teachers | typeof students,
  name: string,
  pick: (c: HotCache) => TtlMap<number, MemberRecord | null>,
) {
  const select = (db: DbOrTx) => db.select({ id: table.id, schoolId: table.schoolId }).from(table);
  const statement = preparedFor((db: Db) =>
    select(db)
      .where(eq(table.userId, sql.placeholder('userId')))
      .prepare(name),
  );
  return async (db: DbOrTx, userId: number): Promise<MemberRecord | null> => {
    const cache = cacheOf(db);
    if (!cache) {
      const [row] = await select(db).where(eq(table.userId, userId));
      return row ?? null;
    }
    return cache.through(pick(cache), userId, async () => {
      const [row] = await statement(db as Db).execute({ userId });
      return row ?? null;
    });
  };
}

/** The teacher record of an account (null: it has none). */
export const teacherOfUser = memberOf(teachers, 'teacher_of_user', (c) => c.teachers);

/** The student record of an account (null: it has none). */
export const studentOfUser = memberOf(students, 'student_of_user', (c) => c.students);
