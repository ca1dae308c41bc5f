/**
 * Entering marks, as the mark entry routes ask (routes/exams.ts): the entry sheet of an exam, a
 * save of several students' marks (each checked against the exam's section and full marks, a
 * queued save's `entered_at` against services/queued-time.ts), a mark's deletion and the marks'
 * audit trail. Who may enter an exam's marks is server/auth/scope.ts's (`examInScope`); saving
 * itself, with the offline conflict rule and the lock, is services/exams.ts's `saveMarks`.
 */
import { alias } from 'drizzle-orm/pg-core';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { EXAM_CODES, EXAM_MESSAGES, type examMarkBody, type studentMarkQuery } from '@/api/schemas/exams';
import type { DbOrTx } from '../db/client';
import { enrolments, examMarkAudit, examMarks, exams, students, teachers, users } from '../db/schema';
import { ApiError, badRequest, notFound, type FieldErrors } from '../errors';
import type { ErrorCode } from '../error-codes';
import { pgCode, refuseFields } from './exam-setup';
import {
  examById,
  examFilters,
  lockedError,
  markOf,
  markSheet,
  publicationOf,
  saveMarks,
  type ExamInfo,
  type NewMark,
} from './exams';
import { accountName, studentFullName } from './names';
import { queuedTimeProblem, QUEUED_MAX_AGE_DAYS } from './queued-time';

/** An exam as examById answers it. */
type Exam = ExamInfo & { school_id: number };

/**
 * A queued save's `entered_at`: within the bounds attendance's `taken_at` has
 * (services/queued-time.ts). Every refusal is a 400 naming `entered_at`.
 */
function checkEnteredAt(enteredAt: string) {
  const problem = queuedTimeProblem(enteredAt);
  if (!problem) return;
  const [code, message]: [ErrorCode, string] =
    problem === 'future'
      ? [EXAM_CODES.enteredAtFuture, 'The time the marks were entered is in the future; check the phone’s clock.']
      : problem === 'too_old'
        ? [
            EXAM_CODES.enteredAtTooOld,
            `These marks waited on the phone for more than ${QUEUED_MAX_AGE_DAYS} days. Open the sheet and enter them again.`,
          ]
        : ['invalid_input', 'must be an ISO date-time with offset'];
  throw new ApiError(400, code, badRequest('entered_at', message).message, { entered_at: message });
}

async function refuseLocked(db: DbOrTx, schoolId: number, sessionId: number) {
  if ((await publicationOf(db, schoolId, sessionId)).locked) throw lockedError();
}

/**
 * The exam a mark entry sheet names without its id: by session, type, section and subject in the
 * school (each required, 400 naming the missing); none is 404.
 */
export async function examIdByFilters(db: DbOrTx, schoolId: number, q: z.output<typeof studentMarkQuery>) {
  const [found] = await db.select({ id: exams.id }).from(exams).where(examFilters(schoolId, q));
  if (!found) throw notFound('Exam');
  return found.id;
}

/** Without exam_info_id, the fields that must name the exam instead: 400 for each missing. */
export function requireExamFilters(q: z.output<typeof studentMarkQuery>) {
  const fields: FieldErrors = {};
  for (const f of ['session_id', 'exam_name_id', 'section_id', 'subject_id'] as const)
    if (!q[f]) fields[f] = `${f} is required (or exam_info_id)`;
  refuseFields(fields);
}

/** An exam's mark entry sheet: the exam, whether its session is locked, and every student's mark. */
export async function markEntrySheet(db: DbOrTx, exam: Exam) {
  const { locked } = await publicationOf(db, exam.school_id, exam.session_id);
  const { school_id: _s, ...info } = exam;
  return { exam: info, locked, rows: await markSheet(db, exam) };
}

/**
 * Saves the marks of an exam's students: each a student of the exam's section that session, listed
 * once, at most the full marks (400 naming every bad row); a locked session is 409. Answers the
 * sheet as it now stands and the students whose newer mark stood against a queued save.
 */
export async function enterMarks(db: DbOrTx, exam: Exam, userId: number, b: z.output<typeof examMarkBody>) {
  if (b.subject_id !== exam.subject_id) throw badRequest('subject_id', 'That is not the subject of this exam.');
  await refuseLocked(db, exam.school_id, exam.session_id);

  const studentIds = b.mark_update.map((m) => m.student_id);
  const enrolled = await db
    .select({ studentId: enrolments.studentId, enrolmentId: enrolments.id, code: students.studentCode })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(
      and(
        inArray(enrolments.studentId, studentIds),
        eq(enrolments.sectionId, exam.section_id),
        eq(enrolments.sessionId, exam.session_id),
      ),
    );
  const byStudent = new Map(enrolled.map((e) => [e.studentId, e]));
  const fields: FieldErrors = {};
  const seen = new Set<number>();
  const marks: NewMark[] = [];
  b.mark_update.forEach((m, i) => {
    const e = byStudent.get(m.student_id);
    if (!e) {
      fields[`mark_update.${i}.student_id`] = `Student ${m.student_id} is not in this exam's section.`;
      return;
    }
    if (seen.has(m.student_id)) {
      fields[`mark_update.${i}.student_id`] = `Student ${e.code} is listed twice.`;
      return;
    }
    seen.add(m.student_id);
    const v = m.mark_obtained;
    if (typeof v === 'number' && v > exam.full_marks) {
      fields[`mark_update.${i}.mark_obtained`] =
        `The mark of ${e.code} must be at most ${exam.full_marks} (the full marks).`;
      return;
    }
    marks.push({ enrolmentId: e.enrolmentId, value: v === '' ? null : v });
  });
  refuseFields(fields);
  if (b.entered_at) checkEnteredAt(b.entered_at);
  try {
    const { count: n, kept } = await saveMarks(db, exam, userId, marks, { enteredAt: b.entered_at });
    const studentOf = new Map(enrolled.map((e) => [e.enrolmentId, e.studentId]));
    return {
      ok: true as const,
      message: (kept.length ? EXAM_MESSAGES.marksKept : EXAM_MESSAGES.marksSaved)
        .replace('{n}', String(n))
        .replace('{k}', String(kept.length)),
      code: kept.length ? EXAM_CODES.marksKept : EXAM_CODES.marksSaved,
      count: n,
      rows: await markSheet(db, exam),
      kept: kept.map((id) => studentOf.get(id)!),
    };
  } catch (err) {
    // The full marks changed under us (the database's bound): say so as the same 400.
    if (pgCode(err) === '23514') throw badRequest('mark_update', 'A mark is above the exam’s full marks.');
    throw err;
  }
}

/** A stored mark, by id (404 for none). */
export async function markById(db: DbOrTx, markId: number) {
  const [mark] = await db
    .select({ id: examMarks.id, examId: examMarks.examId, enrolmentId: examMarks.enrolmentId })
    .from(examMarks)
    .where(eq(examMarks.id, markId));
  if (!mark) throw notFound('Mark');
  return mark;
}

/** Clears a mark (audited, as any change); a locked session is 409. */
export async function deleteMark(db: DbOrTx, exam: Exam, mark: { enrolmentId: number }, userId: number) {
  await refuseLocked(db, exam.school_id, exam.session_id);
  await saveMarks(db, exam, userId, [{ enrolmentId: mark.enrolmentId, value: null }]);
  return { ok: true as const, message: EXAM_MESSAGES.markDeleted, code: EXAM_CODES.markDeleted };
}

/** An exam by id, 404 for none (for the school check of a read about it). */
export async function examOrNotFound(db: DbOrTx, examId: number): Promise<Exam> {
  const exam = await examById(db, examId);
  if (!exam) throw notFound('Exam');
  return exam;
}

/** A page of an exam's mark changes, newest first: who changed whose mark, from what to what. */
export async function markAuditPage(db: DbOrTx, exam: Exam, q: { limit: number; offset: number }) {
  const changer = alias(users, 'changer');
  const changerTeacher = alias(teachers, 'changer_teacher');
  const rows = await db
    .select({
      id: examMarkAudit.id,
      student_id: students.id,
      student_code: students.studentCode,
      name: studentFullName(),
      changed_by: accountName(changer, changerTeacher),
      changed_at: examMarkAudit.changedAt,
      oldMark: examMarkAudit.oldMark,
      oldAbsent: examMarkAudit.oldAbsent,
      newMark: examMarkAudit.newMark,
      newAbsent: examMarkAudit.newAbsent,
    })
    .from(examMarkAudit)
    .innerJoin(enrolments, eq(enrolments.id, examMarkAudit.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(changer, eq(changer.id, examMarkAudit.changedByUserId))
    .leftJoin(changerTeacher, eq(changerTeacher.userId, changer.id))
    .where(eq(examMarkAudit.examId, exam.id))
    .orderBy(desc(examMarkAudit.changedAt), desc(examMarkAudit.id))
    .limit(q.limit)
    .offset(q.offset);
  const [{ total }] = await db.select({ total: count() }).from(examMarkAudit).where(eq(examMarkAudit.examId, exam.id));
  const page = rows.map(({ oldMark, oldAbsent, newMark, newAbsent, changed_at, ...r }) => ({
    changed_at: changed_at.toISOString(),
    old_mark: markOf(oldMark, oldAbsent),
    new_mark: markOf(newMark, newAbsent),
    ...r,
  }));
  return { rows: page, total, limit: q.limit, offset: q.offset };
}
