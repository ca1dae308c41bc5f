/**
 * Homework (spec part 2 §Homework and section 7). Teachers set homework for the sections
 * and subjects they teach (the routines table says which) and see who submitted; students list
 * their section's homework and submit a file; the school admin and viewers filter a school's
 * homework and read the submissions. Files come as multipart/form-data (storage/uploads-plugin.ts)
 * and leave only through the two download routes here, which check who asks. A file is placed in
 * the transaction that writes its row (storage keepFile), and one that a replaced answer or a
 * deleted homework no longer keeps is deleted at once unless another row keeps it (storage/sweep.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  HOMEWORK_FIELD_MESSAGES,
  HOMEWORK_MESSAGES,
  HOMEWORK_SUCCESS_CODES,
  homeworkCreateBody,
  homeworkDeleteResponse,
  homeworkFileParams,
  homeworkFileQuery,
  homeworkFileUrl,
  homeworkFilterQuery,
  homeworkIdQuery,
  homeworkPage as homeworkPageSchema,
  homeworkSubmitBody,
  homeworkSubmitResponse,
  homeworkWriteResponse,
  PENDING_OVERDUE_DAYS,
  studentHomeworkOneQuery,
  studentHomeworkPage as studentHomeworkPageSchema,
  studentHomeworkQuery,
  studentHomeworkRow,
  submitListPage,
  submitListQuery,
  teacherHomeworkQuery,
  teacherOptionsQuery,
  teacherOptionsResponse,
} from '@/api/schemas/homework';
import { USER_TYPES } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { callerTeacher, studentInScope, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  homework,
  homeworkSubmissions,
  routines,
  sections,
  subjects,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { checkCreateBudget, RateLimited, type CreateBudget } from '../services/create-budget';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import {
  enrolledFor,
  homeworkPage,
  oneHomework,
  saveSubmission,
  studentHomeworkPage,
  submissionPage,
  unansweredBy,
} from '../services/homework';
import { checkFile, FILE_MESSAGES, keepFile, sendStoredFile, uploadDirOf } from '../storage/files';
import { dropIfUnreferenced } from '../storage/sweep';

/** Homework one teacher may set in an hour: room for every section they teach, not for a flood. */
export const HOMEWORK_CREATES_PER_HOUR = 30;

const HOMEWORK_BUDGET: CreateBudget = {
  lock: 7302,
  table: homework,
  author: homework.teacherId,
  createdAt: homework.createdAt,
  perHour: HOMEWORK_CREATES_PER_HOUR,
  refuse: (retryAfterSeconds) =>
    new RateLimited(
      retryAfterSeconds,
      'rate_limited',
      `You have set ${HOMEWORK_CREATES_PER_HOUR} homework in the last hour, the most allowed. ` +
        `Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    ),
};

/** The calling teacher (server/auth/scope.ts); a teacher_id in the request must be their own. */
async function ownTeacher(req: FastifyRequest, requested?: number) {
  const me = await callerTeacher(req);
  if (requested && requested !== me.id) throw forbidden('You can act only as yourself.');
  return me;
}

const notOwn = () => new ApiError(403, 'homework.not_own', 'That is another teacher’s homework.');

/** A guardian's homework links the attachment with the child named: the file route checks the link. */
function childFileLinks<R extends { id: number; file_url: string | null; attachment_link: string | null }>(
  row: R,
  studentId: number,
): R {
  const url = row.file_url ? homeworkFileUrl(row.id, studentId) : null;
  return { ...row, file_url: url, attachment_link: url };
}

function forChild<
  R extends { id: number; file_url: string | null; attachment_link: string | null },
  P extends { rows: R[] },
>(page: P, studentId: number): P {
  return { ...page, rows: page.rows.map((r) => childFileLinks(r, studentId)) };
}

async function homeworkRecord(db: DbOrTx, id: number) {
  const [hw] = await db
    .select({
      id: homework.id,
      schoolId: homework.schoolId,
      sessionId: homework.sessionId,
      sectionId: homework.sectionId,
      teacherId: homework.teacherId,
      issueDate: homework.issueDate,
      dueDate: homework.dueDate,
      fileSha256: homework.fileSha256,
      fileName: homework.fileName,
      fileType: homework.fileType,
    })
    .from(homework)
    .where(eq(homework.id, id));
  if (!hw) throw notFound('Homework');
  return hw;
}

/** The student is enrolled in the homework's section and session (and it has been issued). */
async function isFor(db: DbOrTx, homeworkId: number, studentId: number, today: string) {
  const [row] = await db
    .select({ id: homework.id })
    .from(homework)
    .where(and(eq(homework.id, homeworkId), enrolledFor(studentId), lte(homework.issueDate, today)));
  return !!row;
}

/**
 * May the caller read this homework (and its attachment)? Its teacher, its school's admin and
 * viewers (server/auth/scope.ts), and the students of its section: a student, or a guardian for
 * the child named (`studentId`).
 */
async function mayReadHomework(
  db: DbOrTx,
  req: FastifyRequest,
  hw: Awaited<ReturnType<typeof homeworkRecord>>,
  studentId?: number,
) {
  await teacherRowInScope(req, hw.schoolId, (me) => me.id === hw.teacherId, notOwn);
  const student = await studentOfCaller(req, studentId);
  if (!student) return;
  const { today } = await schoolClock(db, hw.schoolId);
  if (!(await isFor(db, hw.id, student.id, today))) {
    throw new ApiError(403, 'homework.not_for_you', HOMEWORK_FIELD_MESSAGES.notForYou);
  }
}

export async function homeworkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const uploadDir = uploadDirOf(app.config);
  /** Delete a file its row no longer keeps; a failure leaves it to the housekeeping sweep. */
  const dropFile = (req: FastifyRequest, sha256: string | null) =>
    sha256
      ? dropIfUnreferenced(app.db, uploadDir, sha256).catch((err: unknown) =>
          req.log.warn({ err, sha256 }, 'deleting a file no row keeps failed; the sweep will retry'),
        )
      : undefined;

  app.get(
    '/homework/teacher/options',
    {
      config: { action: 'homework.teacher-options' },
      schema: { querystring: teacherOptionsQuery, response: { 200: teacherOptionsResponse } },
    },
    async (req) => {
      const me = await ownTeacher(req);
      const { today } = await schoolClock(db, me.schoolId);
      const sessionId = await sessionIdForDate(db, today);
      if (!sessionId) return [];
      const rows = await db
        .selectDistinct({
          class_id: routines.classId,
          class_name: classes.className,
          section_id: routines.sectionId,
          section_name: sections.sectionDefaultName,
          subject_id: routines.subjectId,
          subject_name: subjects.subjectName,
          session_id: routines.sessionId,
        })
        .from(routines)
        .innerJoin(classes, eq(classes.id, routines.classId))
        .innerJoin(sections, eq(sections.id, routines.sectionId))
        .innerJoin(subjects, eq(subjects.id, routines.subjectId))
        .where(and(eq(routines.teacherId, me.id), eq(routines.sessionId, sessionId)))
        .orderBy(routines.classId, sections.sectionDefaultName, subjects.subjectName);
      return rows;
    },
  );

  app.post(
    '/homework/teacher',
    {
      config: { action: 'homework.create', upload: true },
      schema: { body: homeworkCreateBody, response: { 200: homeworkWriteResponse } },
    },
    async (req, reply) => {
      const body = req.body;
      const me = await ownTeacher(req, body.teacher_id);
      const schoolId = await schoolOf(req, body.school_info_id ?? undefined);
      if (body.due_date < body.issue_date) throw badRequest('due_date', HOMEWORK_FIELD_MESSAGES.dueBeforeIssue);
      let sessionId = body.session_id;
      if (sessionId) {
        const [s] = await db
          .select({ id: academicSessions.id })
          .from(academicSessions)
          .where(eq(academicSessions.id, sessionId));
        if (!s) throw badRequest('session_id', HOMEWORK_FIELD_MESSAGES.noSuchSession);
      } else {
        const { today } = await schoolClock(db, schoolId);
        sessionId = (await sessionIdForDate(db, today)) ?? undefined;
        if (!sessionId) throw badRequest('session_id', HOMEWORK_FIELD_MESSAGES.noSession);
      }
      // The routines table says what the teacher teaches: class, section and subject together.
      const [teaches] = await db
        .select({ id: routines.id })
        .from(routines)
        .where(
          and(
            eq(routines.teacherId, me.id),
            eq(routines.sessionId, sessionId),
            eq(routines.classId, body.class_id),
            eq(routines.sectionId, body.section_id),
            eq(routines.subjectId, body.subject_id),
          ),
        )
        .limit(1);
      if (!teaches) throw badRequest('subject_id', HOMEWORK_FIELD_MESSAGES.notYourSubject);
      // Limited per teacher and hour, as notices are (services/create-budget.ts): checked in the
      // insert's transaction, before the file is kept.
      const incoming = req.incomingFile;
      const checked = incoming ? await checkFile(incoming) : null;
      const row = await db
        .transaction(async (tx) => {
          await checkCreateBudget(tx, HOMEWORK_BUDGET, me.id);
          const file = incoming && checked ? await keepFile(tx, uploadDir, incoming, checked) : null;
          const [created] = await tx
            .insert(homework)
            .values({
              schoolId,
              sessionId,
              classId: body.class_id,
              sectionId: body.section_id,
              subjectId: body.subject_id,
              teacherId: me.id,
              topic: body.topic,
              details: body.details,
              issueDate: body.issue_date,
              dueDate: body.due_date,
              fileSha256: file?.sha256 ?? null,
              fileName: file?.name ?? null,
              fileType: file?.type ?? null,
              fileSize: file?.size ?? null,
            })
            .returning({ id: homework.id });
          return created;
        })
        .catch((err: unknown) => {
          if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
          throw err;
        });
      return {
        ok: true as const,
        id: row.id,
        message: HOMEWORK_MESSAGES.created,
        code: HOMEWORK_SUCCESS_CODES.created,
      };
    },
  );

  app.post(
    '/homework/delete',
    {
      config: { action: 'homework.delete' },
      schema: { querystring: homeworkIdQuery, response: { 200: homeworkDeleteResponse } },
    },
    async (req) => {
      const hw = await homeworkRecord(db, req.query.id);
      await teacherRowInScope(req, hw.schoolId, (me) => me.id === hw.teacherId, notOwn);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${homework} where ${homework.id} = ${hw.id} for update`);
        const [answered] = await tx
          .select({ id: homeworkSubmissions.id })
          .from(homeworkSubmissions)
          .where(eq(homeworkSubmissions.homeworkId, hw.id))
          .limit(1);
        if (answered) throw new ApiError(409, 'homework.has_submissions', HOMEWORK_FIELD_MESSAGES.hasSubmissions);
        await tx.delete(homework).where(eq(homework.id, hw.id));
      });
      await dropFile(req, hw.fileSha256);
      return { ok: true as const, message: HOMEWORK_MESSAGES.deleted, code: HOMEWORK_SUCCESS_CODES.deleted };
    },
  );

  app.get(
    '/homework/teacher/individual',
    {
      config: { action: 'homework.teacher-list' },
      schema: { querystring: teacherHomeworkQuery, response: { 200: homeworkPageSchema } },
    },
    async (req) => {
      const me = await ownTeacher(req, req.query.teacher_id);
      return homeworkPage(db, eq(homework.teacherId, me.id), req.query);
    },
  );

  app.get(
    '/homework/teacher/submitlist',
    {
      config: { action: 'homework.submit-list' },
      schema: { querystring: submitListQuery, response: { 200: submitListPage } },
    },
    async (req) => {
      const hw = await homeworkRecord(db, req.query.home_work_id);
      await mayReadHomework(db, req, hw);
      const row = await oneHomework(db, hw.id);
      if (!row) throw notFound('Homework');
      const page = await submissionPage(db, hw, req.query);
      return { ...page, homework: row };
    },
  );

  app.get(
    '/homework/student',
    {
      config: { action: 'homework.student' },
      schema: { querystring: studentHomeworkQuery, response: { 200: studentHomeworkPageSchema } },
    },
    async (req) => {
      // A student's own, a guardian's linked child's (student_id): server/auth/scope.ts.
      const me = await studentInScope(req, req.query.student_id);
      const { today } = await schoolClock(db, me.schoolId);
      const where: SQL[] = [eq(homework.schoolId, me.schoolId), enrolledFor(me.id), lte(homework.issueDate, today)];
      if (req.query.section_id) {
        // The old client sent its stored section: it must be the student's own.
        const [own] = await db
          .select({ id: enrolments.id })
          .from(enrolments)
          .where(and(eq(enrolments.studentId, me.id), eq(enrolments.sectionId, req.query.section_id)));
        if (!own) throw forbidden('That is not your section.');
        where.push(eq(homework.sectionId, req.query.section_id));
      }
      const pending = req.query.pending === '1';
      if (pending)
        where.push(unansweredBy(me.id), gte(homework.dueDate, sql`(${today}::date - ${PENDING_OVERDUE_DAYS}::int)`));
      const result = await studentHomeworkPage(db, me.id, and(...where)!, req.query, pending ? 'due' : 'newest');
      return authOf(req).userType === USER_TYPES.guardian ? forChild(result, me.id) : result;
    },
  );

  app.get(
    '/homework/student/id',
    {
      config: { action: 'homework.student' },
      schema: { querystring: studentHomeworkOneQuery, response: { 200: studentHomeworkRow } },
    },
    async (req) => {
      const hw = await homeworkRecord(db, req.query.homework_id);
      await mayReadHomework(db, req, hw, req.query.student_id);
      const me = await studentInScope(req, req.query.student_id);
      const page = await studentHomeworkPage(db, me.id, eq(homework.id, hw.id), { limit: 1, offset: 0 });
      if (!page.rows[0]) throw notFound('Homework');
      return authOf(req).userType === USER_TYPES.guardian ? childFileLinks(page.rows[0], me.id) : page.rows[0];
    },
  );

  app.post(
    '/homework/submit',
    {
      config: { action: 'homework.submit', upload: true },
      schema: { body: homeworkSubmitBody, response: { 200: homeworkSubmitResponse } },
    },
    async (req) => {
      const me = await studentInScope(req, req.body.student_id);
      const hw = await homeworkRecord(db, req.body.homework_id);
      await mayReadHomework(db, req, hw);
      if (!req.incomingFile) throw badRequest('file', FILE_MESSAGES.required);
      const checked = await checkFile(req.incomingFile);
      const { today } = await schoolClock(db, hw.schoolId);
      const saved = await saveSubmission(
        db,
        {
          schoolId: hw.schoolId,
          homeworkId: hw.id,
          studentId: me.id,
          dueDate: hw.dueDate,
          today,
          uploadDir,
          file: req.incomingFile,
          checked,
          quotaMb: app.config.UPLOAD_QUOTA_MB,
        },
        HOMEWORK_FIELD_MESSAGES.closed,
      );
      await dropFile(req, saved.replacedSha256);
      const kind = saved.late ? 'submittedLate' : saved.replaced ? 'resubmitted' : 'submitted';
      return {
        ok: true as const,
        id: saved.id,
        late: saved.late,
        message: HOMEWORK_MESSAGES[kind],
        code: HOMEWORK_SUCCESS_CODES[kind],
      };
    },
  );

  app.get(
    '/homework/all/filter',
    {
      config: { action: 'homework.filter' },
      schema: { querystring: homeworkFilterQuery, response: { 200: homeworkPageSchema } },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const where: SQL[] = [eq(homework.schoolId, schoolId)];
      if (q.class_id) where.push(eq(homework.classId, q.class_id));
      if (q.section_id) where.push(eq(homework.sectionId, q.section_id));
      if (q.subject_id) where.push(eq(homework.subjectId, q.subject_id));
      if (q.teacher_id) where.push(eq(homework.teacherId, q.teacher_id));
      // "Date": the homework open on that day, from its issue date to its due date.
      if (q.date) where.push(lte(homework.issueDate, q.date), gte(homework.dueDate, q.date));
      return homeworkPage(db, and(...where)!, q);
    },
  );

  app.get(
    '/homework/file/:id',
    { config: { action: 'homework.file' }, schema: { params: homeworkFileParams, querystring: homeworkFileQuery } },
    async (req, reply) => {
      const hw = await homeworkRecord(db, req.params.id);
      // A guardian names the child (student_id): linked to them, and the homework set for the child.
      await mayReadHomework(db, req, hw, req.query.student_id);
      if (!hw.fileSha256 || !hw.fileName || !hw.fileType) throw notFound('File');
      return sendStoredFile(reply, uploadDir, { sha256: hw.fileSha256, name: hw.fileName, type: hw.fileType });
    },
  );

  app.get(
    '/homework/submission/file/:id',
    { config: { action: 'homework.file' }, schema: { params: homeworkFileParams } },
    async (req, reply) => {
      const [sub] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, req.params.id));
      if (!sub) throw notFound('File');
      const hw = await homeworkRecord(db, sub.homeworkId);
      // The homework's teacher, the school's admin and viewers; of the students, only the one who
      // sent it (never a classmate) or a guardian linked to them: server/auth/scope.ts.
      await teacherRowInScope(req, sub.schoolId, (me) => me.id === hw.teacherId, notOwn);
      await studentOfCaller(req, sub.studentId);
      return sendStoredFile(reply, uploadDir, { sha256: sub.fileSha256, name: sub.fileName, type: sub.fileType });
    },
  );
}
