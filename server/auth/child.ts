/**
 * Child-scoped access. Every call a student may make about themself, a linked guardian
 * may make about that child, and nobody else about any other student. This is the ONE place that
 * decides it: routes ask `studentInScope` for "the student" of a student's or guardian's call
 * (online payment asks `mayPayFor` in services/online-payments.ts, which checks the same link).
 *
 * A guardian belongs to no school (users.school_id is null); guardian_students links them to
 * children, each link carrying the child's school, so the tenant of a guardian's call is always
 * the named child's school, never a school the client claims.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { USER_TYPES } from '@/api/permissions';
import { studentOfUser } from '../cache/members';
import type { DbOrTx } from '../db/client';
import { guardians, guardianStudents } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { authOf } from './guard';

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

/**
 * The student a student's or guardian's call is about, or null for any other caller (staff and
 * viewers: the route resolves the named student within the schools they may see, as before).
 * - a student: their own record; naming another student is 403 `own_records_only`;
 * - a guardian: the named child (`requested`), which must be linked to them: none named is 400
 *   `student_id`, anyone else's child is 403 `not_your_child`.
 */
export async function studentInScope(req: FastifyRequest, requested?: number | null): Promise<ChildRecord | null> {
  const auth = authOf(req);
  const db: DbOrTx = req.server.db;
  if (auth.userType === USER_TYPES.student) {
    const own = await studentOfUser(db, auth.userId);
    if (!own) throw new ApiError(403, 'no_student_record', 'Your account has no student record.');
    if (requested && requested !== own.id)
      throw new ApiError(403, 'own_records_only', 'You may only see your own records.');
    return own;
  }
  if (auth.userType === USER_TYPES.guardian) {
    if (!requested) throw badRequest('student_id', 'Choose one of your children.');
    const child = await linkedChild(db, auth.userId, requested);
    if (!child) throw new ApiError(403, 'not_your_child', 'That student is not linked to your account.');
    return child;
  }
  return null;
}
