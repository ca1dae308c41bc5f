/**
 * Promotion at the end of a session (POST /api/student/promote, routes/promotion.ts): a section's
 * students, or some of them, move into a class and section of a later session in one
 * all-or-nothing step. The old enrolment is left as it was, so the year's attendance, marks and
 * grade sheet keep pointing at it; the new one takes the student's class roll with it. Nothing is
 * written when any student is already enrolled in the new session or would take a roll that is
 * already someone's there.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { PROMOTION_MESSAGES, type promoteBody } from '@/api/schemas/promotion';
import type { Db, DbOrTx } from '../db/client';
import { academicSessions, classes, enrolments, sections, students } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { pgErrorOf } from '../db/pg-error';
import { onTheBooks } from './leaving';
import { schoolClock } from './school-time';

/** At most this many codes are named in a refusal; the rest are counted. */
const NAMED = 10;
const listOf = (codes: string[]) =>
  codes.slice(0, NAMED).join(', ') + (codes.length > NAMED ? ` and ${codes.length - NAMED} more` : '');

async function sectionOfSchool(db: DbOrTx, schoolId: number, sectionId: number, field: string) {
  const [row] = await db
    .select({
      id: sections.id,
      name: sections.sectionDefaultName,
      shiftId: sections.shiftId,
      classId: sections.classId,
      className: classes.className,
      sortOrder: classes.sortOrder,
    })
    .from(sections)
    .innerJoin(classes, eq(classes.id, sections.classId))
    .where(and(eq(sections.id, sectionId), eq(sections.schoolId, schoolId)));
  if (!row) throw new ApiError(404, 'not_found', 'Section not found.', { [field]: 'is not a section of this school' });
  return row;
}

async function sessionYear(db: DbOrTx, sessionId: number, field: string) {
  const [row] = await db
    .select({ year: academicSessions.sessionYear })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  if (!row) throw badRequest(field, 'is not a session');
  return row.year;
}

/**
 * Promotes the students of `body.section_id` in the session `from_session_id` (all, or those in
 * student_ids) to `to_section_id` in `to_session_id`, keeping each class roll, in one transaction.
 */
export async function promoteStudents(db: Db, schoolId: number, body: z.output<typeof promoteBody>) {
  return db.transaction(async (tx) => {
    const from = await sectionOfSchool(tx, schoolId, body.section_id, 'section_id');
    const to = await sectionOfSchool(tx, schoolId, body.to_section_id, 'to_section_id');
    const fromYear = await sessionYear(tx, body.from_session_id, 'from_session_id');
    const toYear = await sessionYear(tx, body.to_session_id, 'to_session_id');
    if (!(Number(toYear.slice(0, 4)) > Number(fromYear.slice(0, 4)))) {
      throw badRequest('to_session_id', `must be a session after ${fromYear}`);
    }
    if (to.sortOrder < from.sortOrder) {
      throw badRequest('to_section_id', `is in ${to.className}, a lower class than ${from.className}`);
    }

    const { today } = await schoolClock(tx, schoolId);
    const moving = await tx
      .select({
        studentId: enrolments.studentId,
        code: students.studentCode,
        groupId: enrolments.groupId,
        roll: enrolments.classRollNo,
      })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(
        and(
          eq(enrolments.schoolId, schoolId),
          eq(enrolments.sectionId, from.id),
          eq(enrolments.sessionId, body.from_session_id),
          // A whole section moves without those who left (docs/DOMAIN.md, Records); named students as named.
          body.student_ids ? inArray(enrolments.studentId, body.student_ids) : onTheBooks(students.leftOn, today),
        ),
      )
      .orderBy(enrolments.classRollNo);
    if (body.student_ids) {
      const found = new Set(moving.map((m) => m.studentId));
      const strangers = [...new Set(body.student_ids)].filter((sid) => !found.has(sid));
      if (strangers.length) {
        throw badRequest('student_ids', `are not in this section in ${fromYear}: ${listOf(strangers.map(String))}`);
      }
    }
    if (!moving.length) throw badRequest('section_id', `has no students in ${fromYear}`);

    const ids = moving.map((m) => m.studentId);
    const already = await tx
      .select({ studentId: enrolments.studentId })
      .from(enrolments)
      .where(and(eq(enrolments.sessionId, body.to_session_id), inArray(enrolments.studentId, ids)));
    if (already.length) {
      const enrolled = new Set(already.map((a) => a.studentId));
      const codes = moving.filter((m) => enrolled.has(m.studentId)).map((m) => m.code);
      throw new ApiError(
        409,
        'people.already_enrolled',
        `Already enrolled in ${toYear}: ${listOf(codes)}`,
        { student_ids: `already enrolled in ${toYear}` },
        { year: toYear, codes: listOf(codes) },
      );
    }
    const taken = await tx
      .select({ roll: enrolments.classRollNo })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.sectionId, to.id),
          eq(enrolments.sessionId, body.to_session_id),
          inArray(
            enrolments.classRollNo,
            moving.map((m) => m.roll),
          ),
        ),
      );
    if (taken.length) {
      const rolls = taken.map((r) => r.roll).sort((a, b) => a - b);
      throw new ApiError(
        409,
        'people.roll_taken',
        `Class rolls already taken in ${to.className} ${to.name} (${toYear}): ${listOf(rolls.map(String))}`,
        { class_roll_no: 'is already taken' },
        { section: `${to.className} ${to.name}`, year: toYear, rolls: listOf(rolls.map(String)) },
      );
    }

    try {
      await tx.insert(enrolments).values(
        moving.map((m) => ({
          schoolId,
          studentId: m.studentId,
          sessionId: body.to_session_id,
          shiftId: to.shiftId,
          classId: to.classId,
          sectionId: to.id,
          groupId: m.groupId,
          classRollNo: m.roll,
        })),
      );
    } catch (err) {
      // A promotion or an admission that committed between the checks and this insert.
      if (pgErrorOf(err)?.code === '23505') {
        throw new ApiError(409, 'people.already_enrolled', 'Someone enrolled these students meanwhile: try again.');
      }
      throw err;
    }
    return {
      ok: true as const,
      message: PROMOTION_MESSAGES.promoted(moving.length, to.className, to.name, toYear),
      promoted: moving.length,
      to_session_year: toYear,
      to_class_name: to.className,
      to_section_name: to.name,
    };
  });
}
