/**
 * The teacher and student record of a signed-in account, asked on most teacher and student
 * requests: from the process's cache (hot-cache.ts; the `member` notification drops an account's
 * entry when its record is added, moved or removed), else one prepared query.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { students, teachers } from '../db/schema';
import { cacheOf, type MemberRecord } from './hot-cache';

const teacherStatement = preparedFor((db) =>
  db
    .select({ id: teachers.id, schoolId: teachers.schoolId })
    .from(teachers)
    .where(eq(teachers.userId, sql.placeholder('userId')))
    .prepare('teacher_of_user'),
);

const studentStatement = preparedFor((db) =>
  db
    .select({ id: students.id, schoolId: students.schoolId })
    .from(students)
    .where(eq(students.userId, sql.placeholder('userId')))
    .prepare('student_of_user'),
);

/** The teacher record of an account (null: it has none). */
export async function teacherOfUser(db: DbOrTx, userId: number): Promise<MemberRecord | null> {
  const cache = cacheOf(db);
  if (!cache) {
    const [row] = await db
      .select({ id: teachers.id, schoolId: teachers.schoolId })
      .from(teachers)
      .where(eq(teachers.userId, userId));
    return row ?? null;
  }
  return cache.through(cache.teachers, userId, async () => {
    const [row] = await teacherStatement(db as Db).execute({ userId });
    return row ?? null;
  });
}

/** The student record of an account (null: it has none). */
export async function studentOfUser(db: DbOrTx, userId: number): Promise<MemberRecord | null> {
  const cache = cacheOf(db);
  if (!cache) {
    const [row] = await db
      .select({ id: students.id, schoolId: students.schoolId })
      .from(students)
      .where(eq(students.userId, userId));
    return row ?? null;
  }
  return cache.through(cache.students, userId, async () => {
    const [row] = await studentStatement(db as Db).execute({ userId });
    return row ?? null;
  });
}

/** Cached `teacherIdOfUser` (services/attendance.ts): the teacher id of a signed-in account. */
export async function cachedTeacherIdOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  return (await teacherOfUser(db, userId))?.id ?? null;
}
