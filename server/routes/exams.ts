/**
 * Exams, marks, mark sheets and grade sheets (spec part 2 §Exams, marks, grade sheet).
 * The school admin sets up exams and publishes (locks) a session's results; teachers enter the
 * marks of what they teach (routines, or the exam naming them), the admin any of the school's;
 * students read their own mark and grade sheets once published; teachers their sections', the
 * admin the school's, viewers a linked school's.
 *
 * Paths added beyond the spec (it shows none for these duties): POST /api/exam_name (add a type),
 * PUT /api/exam_name/{id} (rename),
 * GET /api/exam_mark/audit, GET /api/exam/publication, POST /api/exam/publish, POST /api/exam/unlock,
 * GET /api/exam_mark serves the spec's per-exam mark sheet read alongside GET /api/mark.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  EXAM_CODES,
  EXAM_MESSAGES,
  examInfoBody,
  examInfoCreated,
  examInfoPage,
  examInfoQuery,
  examMarkBody,
  examMarkSaved,
  examNameCreateBody,
  examNameParams,
  examNameQuery,
  examNameRenameBody,
  examNameRow,
  gradesheet,
  gradesheetQuery,
  markAuditQuery,
  markAuditPage,
  markIdParams,
  markSheetQuery,
  markSheetRow,
  okMessage,
  publicationBody,
  publicationQuery,
  publicationSaved,
  publicationState,
  studentMarkQuery,
  studentMarkSheet,
} from '@/api/schemas/exams';
import { authOf } from '../auth/guard';
import { narrowedToTeacher, sectionInScope, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  examMarkAudit,
  examMarks,
  examTypes,
  exams,
  resultPublications,
  schools,
  sections,
  students,
  subjects,
  teachers,
  users,
} from '../db/schema';
import { ApiError, badRequest, conflict, notFound, type FieldErrors } from '../errors';
import type { ErrorCode } from '../error-codes';
import {
  ensureExamTypes,
  examById,
  examFilters,
  examListOrder,
  listExamTypes,
  lockedError,
  markOf,
  markSheet,
  publicationOf,
  saveMarks,
  sectionSheetsKept,
  selectExamInfo,
  teacherTeaches,
  examListPage,
  type NewMark,
} from '../services/exams';
import { gradesheetOf } from '../services/gradesheet';
import { listedNameBn } from '../services/bangla-names';
import { accountName, studentFullName } from '../services/names';
import { queuedTimeProblem, QUEUED_MAX_AGE_DAYS } from '../services/queued-time';

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
};

const fieldErrors = (fields: FieldErrors) => {
  const entries = Object.entries(fields);
  if (entries.length) throw new ApiError(400, 'invalid_input', entries.map(([f, m]) => `${f}: ${m}`).join(' '), fields);
};

/**
 * An exam the caller may enter marks for: 404 unknown, 403 another school or, for a teacher, not
 * theirs (server/auth/scope.ts: they teach its subject to its section, or the exam names them).
 */
async function markableExam(db: DbOrTx, req: FastifyRequest, examId: number) {
  const exam = await examById(db, examId);
  if (!exam) throw notFound('Exam');
  await teacherRowInScope(
    req,
    exam.school_id,
    (me) => teacherTeaches(db, me.id, exam),
    () => new ApiError(403, EXAM_CODES.notYours, 'You do not teach this subject to this section.'),
  );
  return exam;
}

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
 * The student a mark or grade sheet is about, and the caller's right to see it (server/auth/scope.ts):
 * a student only themself and a guardian a linked child, and only published results; a teacher
 * students of a section they teach or examine that session (or, for an earlier session, now); the
 * admin their school's; a viewer a linked school's (naming it). Unknown code: 404.
 */
export async function readableStudent(
  db: DbOrTx,
  req: FastifyRequest,
  q: { student_code: string; session_id: number; school_info_id?: number },
) {
  const schoolId = await schoolOf(req, q.school_info_id);
  const [row] = await db
    .select({
      studentId: students.id,
      userId: students.userId,
      enrolmentId: enrolments.id,
      sectionId: enrolments.sectionId,
    })
    .from(students)
    .leftJoin(enrolments, and(eq(enrolments.studentId, students.id), eq(enrolments.sessionId, q.session_id)))
    .where(and(eq(students.schoolId, schoolId), eq(students.studentCode, q.student_code)));
  if (!row) throw notFound('Student');
  // A student's or guardian's call: their own record or a linked child's (null for staff, whom
  // the school above holds), and only once published.
  const own = await studentOfCaller(req, row.studentId);
  if (row.enrolmentId === null || row.sectionId === null) throw notFound('Enrolment in that session');
  await sectionInScope(req, row.sectionId, { sessionId: q.session_id, reach: 'results', studentId: row.studentId });
  const publication = await publicationOf(db, schoolId, q.session_id);
  if (own && !publication.published)
    throw new ApiError(403, EXAM_CODES.notPublished, 'The results of this session are not published yet.');
  return { ...row, enrolmentId: row.enrolmentId, sectionId: row.sectionId, schoolId, publication };
}

const publicationAnswer = (sessionId: number, p: Awaited<ReturnType<typeof publicationOf>>) => ({
  session_id: sessionId,
  published: p.published,
  locked: p.locked,
  published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
  unlocked_at: p.unlockedAt ? p.unlockedAt.toISOString() : null,
});

/** An exam type as the API answers it. */
const examNameColumns = {
  id: examTypes.id,
  exam_name: examTypes.examName,
  exam_name_bn: examTypes.examNameBn,
  kind: examTypes.kind,
  sort_order: examTypes.sortOrder,
};

/** A write's error: the school's unique exam type name as a 409 naming the field, else as it was. */
function nameTakenOr(err: unknown, name: string): unknown {
  return pgCode(err) === '23505' ? conflict(`The school already has an exam type named ${name}.`, 'exam_name') : err;
}

export async function examRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- exam types

  app.get(
    '/exam_name',
    {
      config: { action: 'exam.types' },
      schema: { querystring: examNameQuery, response: { 200: z.array(examNameRow) } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const rows = await listExamTypes(db, schoolId);
      if (rows.length) return rows;
      // A school's first look gives it the default types.
      await ensureExamTypes(db, schoolId);
      return listExamTypes(db, schoolId);
    },
  );

  app.post(
    '/exam_name',
    {
      config: { action: 'exam.types-write' },
      schema: { body: examNameCreateBody, response: { 200: examNameRow } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      await ensureExamTypes(db, schoolId);
      const [{ order }] = await db
        .select({
          order: sql<number>`coalesce(max(${examTypes.sortOrder}), (select max(sort_order) from ${examTypes} where school_id = ${schoolId}), 0)::int`,
        })
        .from(examTypes)
        .where(and(eq(examTypes.schoolId, schoolId), eq(examTypes.kind, req.body.kind)));
      try {
        const [row] = await db
          .insert(examTypes)
          .values({
            schoolId,
            kind: req.body.kind,
            examName: req.body.exam_name,
            examNameBn: req.body.exam_name_bn ?? listedNameBn('exam_types', req.body.exam_name),
            sortOrder: order,
          })
          .returning(examNameColumns);
        return row as z.infer<typeof examNameRow>;
      } catch (err) {
        throw nameTakenOr(err, req.body.exam_name);
      }
    },
  );

  app.put(
    '/exam_name/:id',
    {
      config: { action: 'exam.types-write' },
      schema: { params: examNameParams, body: examNameRenameBody, response: { 200: examNameRow } },
    },
    async (req) => {
      const [type] = await db.select().from(examTypes).where(eq(examTypes.id, req.params.id));
      if (!type) throw notFound('Exam type');
      await schoolOf(req, type.schoolId);
      try {
        const [row] = await db
          .update(examTypes)
          .set({
            examName: req.body.exam_name,
            ...(req.body.exam_name_bn !== undefined && { examNameBn: req.body.exam_name_bn }),
          })
          .where(eq(examTypes.id, type.id))
          .returning(examNameColumns);
        return row as z.infer<typeof examNameRow>;
      } catch (err) {
        throw nameTakenOr(err, req.body.exam_name);
      }
    },
  );

  // ---------------------------------------------------------------- exam setup

  app.post(
    '/exam_info',
    {
      config: { action: 'exam.create' },
      schema: { body: examInfoBody, response: { 200: examInfoCreated } },
    },
    async (req) => {
      const auth = authOf(req);
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const sectionIds = [...new Set([...(b.section_ids ?? []), ...(b.section_id ? [b.section_id] : [])])];
      const subjectIds = [...new Set([...(b.subject_ids ?? []), ...(b.subject_id ? [b.subject_id] : [])])];
      const sectionField = b.section_ids?.length ? 'section_ids' : 'section_id';
      const subjectField = b.subject_ids?.length ? 'subject_ids' : 'subject_id';

      const fields: FieldErrors = {};
      const [session] = await db
        .select({ id: academicSessions.id })
        .from(academicSessions)
        .where(eq(academicSessions.id, b.session_id));
      if (!session) fields.session_id = 'No such academic session.';
      const [type] = await db
        .select({ id: examTypes.id })
        .from(examTypes)
        .where(and(eq(examTypes.id, b.exam_name_id), eq(examTypes.schoolId, schoolId)));
      if (!type) fields.exam_name_id = 'No such exam type in this school.';
      const [cls] = await db
        .select({ id: classes.id })
        .from(classes)
        .innerJoin(schools, eq(schools.schoolTypeId, classes.schoolTypeId))
        .where(and(eq(classes.id, b.class_id), eq(schools.id, schoolId)));
      if (!cls) fields.class_id = 'No such class in this school.';
      const secs = await db
        .select({ id: sections.id, name: sections.sectionDefaultName })
        .from(sections)
        .where(
          and(inArray(sections.id, sectionIds), eq(sections.schoolId, schoolId), eq(sections.classId, b.class_id)),
        );
      if (secs.length !== sectionIds.length) fields[sectionField] = 'No such section of this class in this school.';
      const subs = await db
        .select({ id: subjects.id, name: subjects.subjectName })
        .from(subjects)
        .where(and(inArray(subjects.id, subjectIds), eq(subjects.classId, b.class_id)));
      if (subs.length !== subjectIds.length) fields[subjectField] = 'No such subject of this class.';
      if (b.teacher_id) {
        const [tch] = await db
          .select({ id: teachers.id })
          .from(teachers)
          .where(and(eq(teachers.id, b.teacher_id), eq(teachers.schoolId, schoolId)));
        if (!tch) fields.teacher_id = 'No such teacher in this school.';
      }
      fieldErrors(fields);

      // One of a kind per subject, section and session: name the first duplicate.
      const [dup] = await db
        .select({ section: sections.sectionDefaultName, subject: subjects.subjectName, exam: examTypes.examName })
        .from(exams)
        .innerJoin(sections, eq(sections.id, exams.sectionId))
        .innerJoin(subjects, eq(subjects.id, exams.subjectId))
        .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
        .where(
          and(
            eq(exams.examTypeId, b.exam_name_id),
            eq(exams.sessionId, b.session_id),
            inArray(exams.sectionId, sectionIds),
            inArray(exams.subjectId, subjectIds),
          ),
        )
        .limit(1);
      const duplicate = (d: { section: string; subject: string; exam: string }) =>
        new ApiError(
          409,
          EXAM_CODES.duplicate,
          `${d.exam} of ${d.subject} for section ${d.section} already exists in this session.`,
        );
      if (dup) throw duplicate(dup);

      try {
        const ids = await db.transaction(async (tx) => {
          const rows = await tx
            .insert(exams)
            .values(
              sectionIds.flatMap((sectionId) =>
                subjectIds.map((subjectId) => ({
                  schoolId,
                  sessionId: b.session_id,
                  examTypeId: b.exam_name_id,
                  classId: b.class_id,
                  sectionId,
                  subjectId,
                  teacherId: b.teacher_id ?? null,
                  fullMarks: b.full_marks,
                  convertedMarks: b.converted_marks,
                  examDate: b.exam_date,
                  createdByUserId: auth.userId,
                })),
              ),
            )
            .returning({ id: exams.id });
          return rows.map((r) => r.id);
        });
        const rows = await selectExamInfo(db)
          .where(inArray(exams.id, ids))
          .orderBy(...examListOrder);
        return { ok: true as const, message: EXAM_MESSAGES.created, code: EXAM_CODES.created, rows };
      } catch (err) {
        if (pgCode(err) === '23505')
          throw new ApiError(409, EXAM_CODES.duplicate, 'That exam already exists in this session.');
        throw err;
      }
    },
  );

  app.get(
    '/exam_info',
    {
      config: { action: 'exam.list' },
      schema: { querystring: examInfoQuery, response: { 200: examInfoPage } },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      // A teacher's list is what they may enter marks for: what they teach (routines), or exams naming them.
      const me = await narrowedToTeacher(req);
      return examListPage(db, schoolId, q, me?.id ?? null);
    },
  );

  // ---------------------------------------------------------------- mark entry

  app.get(
    '/student_mark',
    {
      config: { action: 'exam.mark-sheet-entry' },
      schema: { querystring: studentMarkQuery, response: { 200: studentMarkSheet } },
    },
    async (req) => {
      const q = req.query;
      let examId = q.exam_info_id;
      if (!examId) {
        const fields: FieldErrors = {};
        for (const f of ['session_id', 'exam_name_id', 'section_id', 'subject_id'] as const)
          if (!q[f]) fields[f] = `${f} is required (or exam_info_id)`;
        fieldErrors(fields);
        const schoolId = await schoolOf(req, q.school_info_id);
        const [found] = await db.select({ id: exams.id }).from(exams).where(examFilters(schoolId, q));
        if (!found) throw notFound('Exam');
        examId = found.id;
      }
      const exam = await markableExam(db, req, examId);
      const { locked } = await publicationOf(db, exam.school_id, exam.session_id);
      const { school_id: _s, ...info } = exam;
      return { exam: info, locked, rows: await markSheet(db, exam) };
    },
  );

  app.post(
    '/exam_mark',
    {
      config: { action: 'exam.mark-entry' },
      schema: { body: examMarkBody, response: { 200: examMarkSaved } },
    },
    async (req) => {
      const auth = authOf(req);
      const b = req.body;
      const exam = await markableExam(db, req, b.exam_info_id);
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
      fieldErrors(fields);
      if (b.entered_at) checkEnteredAt(b.entered_at);
      try {
        const { count: n, kept } = await saveMarks(db, exam, auth.userId, marks, { enteredAt: b.entered_at });
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
    },
  );

  app.delete(
    '/exam_marks/:id',
    {
      config: { action: 'exam.mark-delete' },
      schema: { params: markIdParams, response: { 200: okMessage } },
    },
    async (req) => {
      const [mark] = await db
        .select({ id: examMarks.id, examId: examMarks.examId, enrolmentId: examMarks.enrolmentId })
        .from(examMarks)
        .where(eq(examMarks.id, req.params.id));
      if (!mark) throw notFound('Mark');
      const exam = await markableExam(db, req, mark.examId);
      await refuseLocked(db, exam.school_id, exam.session_id);
      await saveMarks(db, exam, authOf(req).userId, [{ enrolmentId: mark.enrolmentId, value: null }]);
      return { ok: true as const, message: EXAM_MESSAGES.markDeleted, code: EXAM_CODES.markDeleted };
    },
  );

  app.get(
    '/exam_mark/audit',
    {
      config: { action: 'exam.mark-audit' },
      schema: { querystring: markAuditQuery, response: { 200: markAuditPage } },
    },
    async (req) => {
      const exam = await examById(db, req.query.exam_info_id);
      if (!exam) throw notFound('Exam');
      await schoolOf(req, exam.school_id);
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
        .limit(req.query.limit)
        .offset(req.query.offset);
      const [{ total }] = await db
        .select({ total: count() })
        .from(examMarkAudit)
        .where(eq(examMarkAudit.examId, exam.id));
      const page = rows.map(({ oldMark, oldAbsent, newMark, newAbsent, changed_at, ...r }) => ({
        ...r,
        changed_at: changed_at.toISOString(),
        old_mark: markOf(oldMark, oldAbsent),
        new_mark: markOf(newMark, newAbsent),
      }));
      return { rows: page, total, limit: req.query.limit, offset: req.query.offset };
    },
  );

  // ---------------------------------------------------------------- publication

  app.get(
    '/exam/publication',
    {
      config: { action: 'exam.publication' },
      schema: { querystring: publicationQuery, response: { 200: publicationState } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return publicationAnswer(req.query.session_id, await publicationOf(db, schoolId, req.query.session_id));
    },
  );

  const setPublication = (action: 'publish' | 'unlock') => async (req: FastifyRequest) => {
    const auth = authOf(req);
    const b = req.body as z.infer<typeof publicationBody>;
    const schoolId = await schoolOf(req, b.school_info_id);
    const [session] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.id, b.session_id));
    if (!session) throw badRequest('session_id', 'No such academic session.');
    if (action === 'publish') {
      await db
        .insert(resultPublications)
        .values({ schoolId, sessionId: b.session_id, publishedByUserId: auth.userId })
        .onConflictDoUpdate({
          target: [resultPublications.schoolId, resultPublications.sessionId],
          set: { published: true, locked: true, publishedAt: sql`now()`, publishedByUserId: auth.userId },
        });
    } else {
      const done = await db
        .update(resultPublications)
        .set({ locked: false, unlockedAt: sql`now()`, unlockedByUserId: auth.userId })
        .where(and(eq(resultPublications.schoolId, schoolId), eq(resultPublications.sessionId, b.session_id)))
        .returning({ schoolId: resultPublications.schoolId });
      if (!done.length)
        throw new ApiError(409, EXAM_CODES.notPublished, 'The results of this session are not published.');
    }
    const state = publicationAnswer(b.session_id, await publicationOf(db, schoolId, b.session_id));
    const key = action === 'publish' ? 'published' : 'unlocked';
    return { ok: true as const, message: EXAM_MESSAGES[key], code: EXAM_CODES[key], ...state };
  };

  app.post(
    '/exam/publish',
    {
      config: { action: 'exam.publish' },
      schema: { body: publicationBody, response: { 200: publicationSaved } },
    },
    setPublication('publish'),
  );
  app.post(
    '/exam/unlock',
    {
      config: { action: 'exam.publish' },
      schema: { body: publicationBody, response: { 200: publicationSaved } },
    },
    setPublication('unlock'),
  );

  // ---------------------------------------------------------------- mark sheet and grade sheet

  const marksOfStudent = async (req: FastifyRequest) => {
    const q = req.query as z.infer<typeof markSheetQuery>;
    const who = await readableStudent(db, req, q);
    const where = [eq(exams.sectionId, who.sectionId), eq(exams.sessionId, q.session_id)];
    if (q.exam_name_id) where.push(eq(exams.examTypeId, q.exam_name_id));
    if (q.exam_info_id) where.push(eq(exams.id, q.exam_info_id));
    const rows = await db
      .select({
        exam_info_id: exams.id,
        student_code: students.studentCode,
        name: studentFullName(),
        class_name: classes.className,
        section_default_name: sections.sectionDefaultName,
        session_year: academicSessions.sessionYear,
        exam_name: examTypes.examName,
        subject_name: subjects.subjectName,
        full_marks: exams.fullMarks,
        marksObtained: examMarks.marksObtained,
        absent: examMarks.absent,
        groupId: subjects.groupId,
        studentGroup: enrolments.groupId,
      })
      .from(exams)
      .innerJoin(enrolments, eq(enrolments.id, who.enrolmentId))
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(classes, eq(classes.id, exams.classId))
      .innerJoin(sections, eq(sections.id, exams.sectionId))
      .innerJoin(academicSessions, eq(academicSessions.id, exams.sessionId))
      .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
      .innerJoin(subjects, eq(subjects.id, exams.subjectId))
      .leftJoin(examMarks, and(eq(examMarks.examId, exams.id), eq(examMarks.enrolmentId, who.enrolmentId)))
      .where(and(...where))
      .orderBy(asc(examTypes.sortOrder), asc(subjects.subjectCode));
    return rows
      .filter((r) => r.groupId === null || r.groupId === r.studentGroup)
      .map(({ marksObtained, absent, groupId: _g, studentGroup: _sg, ...r }) => ({
        ...r,
        marks_obtained: markOf(marksObtained, !!absent),
      }));
  };

  app.get(
    '/mark',
    {
      config: { action: 'exam.marksheet', cacheable: true },
      schema: { querystring: markSheetQuery, response: { 200: z.array(markSheetRow) } },
    },
    marksOfStudent,
  );
  app.get(
    '/exam_mark',
    {
      config: { action: 'exam.marksheet' },
      schema: { querystring: markSheetQuery, response: { 200: z.array(markSheetRow) } },
    },
    marksOfStudent,
  );

  app.get(
    '/gradesheet',
    {
      config: { action: 'exam.gradesheet', cacheable: true },
      schema: { querystring: gradesheetQuery, response: { 200: gradesheet } },
    },
    async (req) => {
      const q = req.query;
      const who = await readableStudent(db, req, q);
      const sheets = await sectionSheetsKept(db, app.hotCache, who.schoolId, who.sectionId, q.session_id);
      const me = sheets?.students.find((s) => s.enrolmentId === who.enrolmentId);
      if (!sheets || !me) throw notFound('Grade sheet');
      return gradesheetOf(sheets, me, q.session_id, who.publication.published);
    },
  );
}
