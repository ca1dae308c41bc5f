/**
 * A guardian's links to children. Every call a student may make about themself, a linked guardian
 * may make about that child, and nobody else about any other student: server/auth/scope.ts decides
 * it with these links (`studentOfCaller`, `studentInScope`; online payment asks `mayPayFor` in
 * services/online-payments.ts, which checks the same link).
 *
 * A guardian belongs to no school (users.school_id is null); guardian_students links them to
 * children, each link carrying the child's school, so the tenant of a guardian's call is always
 * the named child's school, never a school the client claims.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { guardians, guardianStudents } from '../db/schema';

export interface ChildRecord {
  id: number;
  schoolId: number;
}

/** The guardian record (id) of a guardian account, or null. */
export async function guardianOfUser(db: DbOrTx, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: guardians.id }).from(guardians).where(eq(guardians.userId, userId));
  return row?.id ?? null;
}

/** The link between a guardian account and a student, with the student's school; null if none. */
export async function linkedChild(db: DbOrTx, userId: number, studentId: number): Promise<ChildRecord | null> {
  const [row] = await db
    .select({ id: guardianStudents.studentId, schoolId: guardianStudents.schoolId })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .where(and(eq(guardians.userId, userId), eq(guardianStudents.studentId, studentId)))
    .limit(1);
  return row ?? null;
}

/** The schools of a guardian account's linked children (their answers hold those schools' data). */
export async function guardianSchools(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ schoolId: guardianStudents.schoolId })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .where(eq(guardians.userId, userId));
  return rows.map((r) => r.schoolId);
}

/** Whether a guardian account is linked to any student of `schoolId` (the tenant check for guardians). */
export async function guardianHasSchool(db: DbOrTx, userId: number, schoolId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .where(and(eq(guardians.userId, userId), eq(guardianStudents.schoolId, schoolId)))
    .limit(1);
  return rows.length > 0;
}
