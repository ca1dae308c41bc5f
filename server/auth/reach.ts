/**
 * A teacher's reach: the sections they teach, i.e. those with a routine row of theirs in the
 * session concerned (the current one unless a call names another). The school's students beyond
 * it are not a teacher's to address or to contact: the section student list, the student profile's
 * mobile and e-mail and the audience of a teacher's notice all stop here. This is the one place
 * that says which sections those are; school admins and viewers are scoped by school instead
 * (auth/tenant.ts). server/auth/scope.ts decides row access with these.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { enrolments, exams, routines, teachers } from '../db/schema';

/**
 * The sections the teacher signed in as `userId` teaches in `sessionId`, as a subquery of
 * section ids (narrowed further by `also`, a condition on routines).
 */
export function sectionsTaughtBy(db: DbOrTx, userId: number, sessionId: number, also?: SQL) {
  return db
    .select({ sectionId: routines.sectionId })
    .from(routines)
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .where(and(eq(teachers.userId, userId), eq(routines.sessionId, sessionId), also));
}

/** Whether the teacher signed in as `userId` teaches the section in the session. */
export async function teachesSection(db: DbOrTx, userId: number, sectionId: number, sessionId: number) {
  const [row] = await sectionsTaughtBy(db, userId, sessionId, eq(routines.sectionId, sectionId)).limit(1);
  return !!row;
}

/**
 * Whether the teacher signed in as `userId` teaches the section in the session, or an exam of the
 * section in the session names them as its teacher: whose mark and grade sheets they may read
 * (the `results` reach of server/auth/scope.ts).
 */
export async function teachesOrExaminesSection(db: DbOrTx, userId: number, sectionId: number, sessionId: number) {
  if (await teachesSection(db, userId, sectionId, sessionId)) return true;
  const [exam] = await db
    .select({ id: exams.id })
    .from(exams)
    .innerJoin(teachers, eq(teachers.id, exams.teacherId))
    .where(and(eq(teachers.userId, userId), eq(exams.sectionId, sectionId), eq(exams.sessionId, sessionId)))
    .limit(1);
  return !!exam;
}

/** Whether the student is enrolled, in the session, in a section the teacher signed in as `userId` teaches. */
export async function teachesStudent(db: DbOrTx, userId: number, studentId: number, sessionId: number) {
  const [row] = await db
    .select({ id: enrolments.id })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.studentId, studentId),
        eq(enrolments.sessionId, sessionId),
        inArray(enrolments.sectionId, sectionsTaughtBy(db, userId, sessionId)),
      ),
    )
    .limit(1);
  return !!row;
}

/** Every (session, class, section) the teacher signed in as `userId` teaches, in any session. */
export async function teacherReach(db: DbOrTx, userId: number) {
  return db
    .selectDistinct({ session_id: routines.sessionId, class_id: routines.classId, section_id: routines.sectionId })
    .from(routines)
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .where(eq(teachers.userId, userId))
    .orderBy(routines.sessionId, routines.classId, routines.sectionId);
}
