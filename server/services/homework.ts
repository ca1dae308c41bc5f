/**
 * Homework: the row the API speaks, who may see which homework and file, and the submission rule.
 *
 * Who sees what: a homework is for the students enrolled in its section in its session (from its
 * issue date on); its teacher and the school's admin and viewers see it too. A submitted file is
 * seen by the student who sent it, the homework's teacher and the school's admin and viewers,
 * never by classmates.
 *
 * Submissions (one per student and homework): up to the due date (the school's own calendar day)
 * a re-submission replaces the file and the time; after the due date a first submission is
 * accepted and marked late, while an answer already in stays as it was (409): what the teacher
 * may already have judged does not change behind their back. A replaced file no longer counts
 * against the student's quota (UPLOAD_QUOTA_MB, the answers they keep together) and is deleted
 * when no other row keeps it (server/storage/sweep.ts).
 *
 * Every list is one statement: counts are correlated subqueries, the total is a window count.
 */
import { and, asc, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  HOMEWORK_FIELD_MESSAGES,
  HOMEWORK_MESSAGES,
  HOMEWORK_SUCCESS_CODES,
  PENDING_OVERDUE_DAYS,
  type homeworkFilterQuery,
  type studentHomeworkQuery,
  type HomeworkRow,
  type Page,
  type StudentHomeworkRow,
  type SubmissionRow,
} from '@/api/schemas/homework';
import { homeworkFileUrl, submissionFileUrl } from '@/api/endpoints/homework';
import type { Db, DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  homework,
  homeworkMarks,
  homeworkSubmissions,
  sections,
  students,
  subjects,
  teachers,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { checkFile, FILE_MESSAGES, keepFile, MB, type IncomingFile } from '../storage/files';
import { quotaExceeded } from '../storage/quota';
import { dropFile } from './homework-setting';
import { studentFullName, teacherFullName } from './names';
import { schoolClock } from './school-time';

const submittedCount = sql<number>`(select count(*)::int from ${homeworkSubmissions}
  where ${homeworkSubmissions.homeworkId} = ${homework.id})`;
const studentCount = sql<number>`(select count(*)::int from ${enrolments}
  where ${enrolments.sectionId} = ${homework.sectionId} and ${enrolments.sessionId} = ${homework.sessionId})`;
const windowTotal = sql<number>`(count(*) over ())::int`;

/** The student is enrolled in the section and session of the homework of the enclosing query. */
export const enrolledFor = (studentId: number): SQL =>
  sql`exists (select 1 from ${enrolments} where ${enrolments.studentId} = ${studentId}
    and ${enrolments.sectionId} = ${homework.sectionId} and ${enrolments.sessionId} = ${homework.sessionId})`;

function selectHomework(db: DbOrTx) {
  return db
    .select({
      id: homework.id,
      schoolId: homework.schoolId,
      sessionId: homework.sessionId,
      sessionYear: academicSessions.sessionYear,
      classId: homework.classId,
      className: classes.className,
      sectionId: homework.sectionId,
      sectionName: sections.sectionDefaultName,
      subjectId: homework.subjectId,
      subjectName: subjects.subjectName,
      teacherId: homework.teacherId,
      initial: teachers.initial,
      teacherName: teacherFullName(),
      topic: homework.topic,
      details: homework.details,
      issueDate: homework.issueDate,
      dueDate: homework.dueDate,
      fileSha256: homework.fileSha256,
      fileName: homework.fileName,
      submitted: submittedCount,
      students: studentCount,
      total: windowTotal,
    })
    .from(homework)
    .innerJoin(academicSessions, eq(academicSessions.id, homework.sessionId))
    .innerJoin(classes, eq(classes.id, homework.classId))
    .innerJoin(sections, eq(sections.id, homework.sectionId))
    .innerJoin(subjects, eq(subjects.id, homework.subjectId))
    .innerJoin(teachers, eq(teachers.id, homework.teacherId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectHomework>['execute']>>[number];

export function toHomeworkRow(r: Selected): HomeworkRow {
  const url = r.fileSha256 ? homeworkFileUrl(r.id) : null;
  return {
    id: r.id,
    school_info_id: r.schoolId,
    session_id: r.sessionId,
    session_year: r.sessionYear,
    class_id: r.classId,
    class_name: r.className,
    section_id: r.sectionId,
    section_local_name: r.sectionName,
    subject_id: r.subjectId,
    subject_name: r.subjectName,
    teacher_id: r.teacherId,
    initial: r.initial,
    teacher_name: r.teacherName,
    topic: r.topic,
    details: r.details,
    issue_date: r.issueDate,
    due_date: r.dueDate,
    file_url: url,
    attachment_link: url,
    file_name: r.fileName,
    submitted: r.submitted,
    students: r.students,
  };
}

/** The total of a page whose offset went past its end (the window count then has no row). */
async function countOf(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(homework)
    .where(where);
  return row?.n ?? 0;
}

/** Newest set first (the lists), or the soonest last date first (what is still to do). */
export type HomeworkOrder = 'newest' | 'due';

export async function homeworkPage(
  db: DbOrTx,
  where: SQL,
  page: { limit: number; offset: number },
  order: HomeworkOrder = 'newest',
): Promise<Page<HomeworkRow>> {
  const rows = await selectHomework(db)
    .where(where)
    .orderBy(
      ...(order === 'due' ? [asc(homework.dueDate), asc(homework.id)] : [desc(homework.issueDate), desc(homework.id)]),
    )
    .limit(page.limit)
    .offset(page.offset);
  const total = rows[0]?.total ?? (page.offset > 0 ? await countOf(db, where) : 0);
  return { rows: rows.map(toHomeworkRow), total, limit: page.limit, offset: page.offset };
}

export async function oneHomework(db: DbOrTx, id: number): Promise<HomeworkRow | null> {
  const [row] = await selectHomework(db).where(eq(homework.id, id));
  return row ? toHomeworkRow(row) : null;
}

/** A student's homework list (newest first, or by last date), each with the student's own submission. */
export async function studentHomeworkPage(
  db: DbOrTx,
  studentId: number,
  where: SQL,
  page: { limit: number; offset: number },
  order: HomeworkOrder = 'newest',
): Promise<Page<StudentHomeworkRow>> {
  const base = await homeworkPage(db, where, page, order);
  const ids = base.rows.map((r) => r.id);
  const mine = ids.length
    ? await db
        .select({
          id: homeworkSubmissions.id,
          homeworkId: homeworkSubmissions.homeworkId,
          late: homeworkSubmissions.late,
          submittedAt: homeworkSubmissions.submittedAt,
          fileName: homeworkSubmissions.fileName,
          mark: homeworkMarks.mark,
          feedback: homeworkMarks.feedback,
          markedAt: homeworkMarks.markedAt,
        })
        .from(homeworkSubmissions)
        .leftJoin(homeworkMarks, eq(homeworkMarks.submissionId, homeworkSubmissions.id))
        .where(
          and(
            eq(homeworkSubmissions.studentId, studentId),
            sql`${homeworkSubmissions.homeworkId} in (${sql.join(
              ids.map((i) => sql`${i}`),
              sql`, `,
            )})`,
          ),
        )
    : [];
  const byHomework = new Map(mine.map((s) => [s.homeworkId, s]));
  return {
    ...base,
    rows: base.rows.map((r) => {
      const s = byHomework.get(r.id);
      return {
        ...r,
        submission: s
          ? {
              id: s.id,
              status: s.late ? ('late' as const) : ('submitted' as const),
              submission_time: s.submittedAt.toISOString(),
              file_url: submissionFileUrl(s.id),
              file_name: s.fileName,
              mark: s.mark,
              feedback: s.feedback,
              marked_at: s.markedAt ? s.markedAt.toISOString() : null,
            }
          : null,
      };
    }),
  };
}

/** Not yet answered by the student (the "still to do" list). */
export function unansweredBy(studentId: number): SQL {
  return sql`not exists (select 1 from ${homeworkSubmissions} where ${homeworkSubmissions.homeworkId} = ${homework.id} and ${homeworkSubmissions.studentId} = ${studentId})`;
}

/** Every student of the homework's section and session, with their submission, by class roll. */
export async function submissionPage(
  db: DbOrTx,
  hw: { id: number; sectionId: number; sessionId: number },
  page: { limit: number; offset: number },
): Promise<Page<SubmissionRow>> {
  const rows = await db
    .select({
      studentId: students.id,
      code: students.studentCode,
      fullName: studentFullName(),
      firstName: students.firstName,
      roll: enrolments.classRollNo,
      subId: homeworkSubmissions.id,
      at: homeworkSubmissions.submittedAt,
      late: homeworkSubmissions.late,
      fileName: homeworkSubmissions.fileName,
      mark: homeworkMarks.mark,
      feedback: homeworkMarks.feedback,
      markedAt: homeworkMarks.markedAt,
      total: windowTotal,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .leftJoin(
      homeworkSubmissions,
      and(eq(homeworkSubmissions.homeworkId, hw.id), eq(homeworkSubmissions.studentId, students.id)),
    )
    .leftJoin(homeworkMarks, eq(homeworkMarks.submissionId, homeworkSubmissions.id))
    .where(and(eq(enrolments.sectionId, hw.sectionId), eq(enrolments.sessionId, hw.sessionId)))
    .orderBy(asc(enrolments.classRollNo))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(enrolments)
      .where(and(eq(enrolments.sectionId, hw.sectionId), eq(enrolments.sessionId, hw.sessionId)));
    total = c?.n ?? 0;
  }
  return {
    rows: rows.map((r) => ({
      student_id: r.studentId,
      student_code: r.code,
      full_name: r.fullName,
      first_name: r.firstName,
      class_roll_no: r.roll,
      status: r.subId == null ? 'missing' : r.late ? 'late' : 'submitted',
      submission_id: r.subId,
      submission_time: r.at ? r.at.toISOString() : null,
      file_url: r.subId == null ? null : submissionFileUrl(r.subId),
      file_name: r.fileName,
      mark: r.mark,
      feedback: r.feedback,
      marked_at: r.markedAt ? r.markedAt.toISOString() : null,
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}

export class SubmissionClosed extends ApiError {}

/** Any number that is the same in every process: the first key of the per-student quota lock. */
const QUOTA_LOCK = 7305;

/**
 * Record a student's file for a homework (see the rule in the header). One statement each way,
 * under a row lock on the homework so two submissions of the same student cannot race, and a
 * per-student lock so two answers to different homework cannot pass the quota together. The file
 * is placed in the same transaction (storage `keepFile`). `replacedSha256` is the file the answer
 * no longer keeps, for the caller to delete once this is committed.
 */
export async function saveSubmission(
  db: DbOrTx,
  input: {
    schoolId: number;
    homeworkId: number;
    studentId: number;
    dueDate: string;
    today: string;
    uploadDir: string;
    file: IncomingFile;
    checked: { type: string; name: string };
    quotaMb: number;
  },
  closedMessage: string,
): Promise<{ id: number; late: boolean; replaced: boolean; replacedSha256: string | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${homework} where ${homework.id} = ${input.homeworkId} for update`);
    const [existing] = await tx
      .select({ id: homeworkSubmissions.id, sha256: homeworkSubmissions.fileSha256 })
      .from(homeworkSubmissions)
      .where(
        and(eq(homeworkSubmissions.homeworkId, input.homeworkId), eq(homeworkSubmissions.studentId, input.studentId)),
      );
    const late = input.today > input.dueDate;
    if (existing && late) throw new SubmissionClosed(409, 'homework.closed', closedMessage, { file: closedMessage });
    // The quota: every answer the student keeps, but the one this file replaces.
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${input.studentId})`);
    const [kept] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${homeworkSubmissions.fileSize}), 0)::bigint` })
      .from(homeworkSubmissions)
      .where(
        and(eq(homeworkSubmissions.studentId, input.studentId), ne(homeworkSubmissions.homeworkId, input.homeworkId)),
      );
    const keptBytes = Number(kept.bytes);
    if (keptBytes + input.file.size > input.quotaMb * MB) {
      throw quotaExceeded(keptBytes, input.file.size, input.quotaMb);
    }
    const file = await keepFile(tx, input.uploadDir, input.file, input.checked);
    const fileCols = {
      fileSha256: file.sha256,
      fileName: file.name,
      fileType: file.type,
      fileSize: file.size,
    };
    if (existing) {
      await tx
        .update(homeworkSubmissions)
        .set({ ...fileCols, submittedAt: sql`now()`, late: false })
        .where(eq(homeworkSubmissions.id, existing.id));
      const replacedSha256 = existing.sha256 !== file.sha256 ? existing.sha256 : null;
      return { id: existing.id, late: false, replaced: true, replacedSha256 };
    }
    const [row] = await tx
      .insert(homeworkSubmissions)
      .values({ schoolId: input.schoolId, homeworkId: input.homeworkId, studentId: input.studentId, late, ...fileCols })
      .returning({ id: homeworkSubmissions.id });
    return { id: row.id, late, replaced: false, replacedSha256: null };
  });
}

// ---------------------------------------------------------------- the routes' reads and the submission

/** A homework's record, for who may see it and its file (404 for none). */
export async function homeworkRecord(db: DbOrTx, id: number) {
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
export type HomeworkRecord = Awaited<ReturnType<typeof homeworkRecord>>;

/**
 * A student reads a homework only when it is for them: enrolled in its section and session, and
 * issued by the school's today (else 403 `homework.not_for_you`).
 */
export async function checkHomeworkFor(db: DbOrTx, hw: HomeworkRecord, studentId: number) {
  const { today } = await schoolClock(db, hw.schoolId);
  const [row] = await db
    .select({ id: homework.id })
    .from(homework)
    .where(and(eq(homework.id, hw.id), enrolledFor(studentId), lte(homework.issueDate, today)));
  if (!row) throw new ApiError(403, 'homework.not_for_you', HOMEWORK_FIELD_MESSAGES.notForYou);
}

/** A homework's row with every student of its section and their submission, paged. */
export async function homeworkWithSubmissions(db: DbOrTx, hw: HomeworkRecord, page: { limit: number; offset: number }) {
  const row = await oneHomework(db, hw.id);
  if (!row) throw notFound('Homework');
  return { ...(await submissionPage(db, hw, page)), homework: row };
}

/** A teacher's own homework, newest first. */
export async function teacherHomeworkPage(db: DbOrTx, teacherId: number, page: { limit: number; offset: number }) {
  return homeworkPage(db, eq(homework.teacherId, teacherId), page);
}

/**
 * A guardian's homework links name the child: the attachment's link carries the child's id, which
 * the file route checks against the guardian's links (scope.ts `childOfLinks` says when).
 */
function childFileLinks<R extends { id: number; file_url: string | null; attachment_link: string | null }>(
  row: R,
  childId: number | null,
): R {
  if (childId === null) return row;
  const url = row.file_url ? homeworkFileUrl(row.id, childId) : null;
  return { ...row, file_url: url, attachment_link: url };
}

/**
 * A student's homework (issued by today, of the sections they are enrolled in), newest first or,
 * `pending`, what they have not answered and is at most PENDING_OVERDUE_DAYS overdue, soonest
 * first. A section named (the old client's stored one) must be the student's own (403).
 * `childId`: the child a guardian's links name (null: the links as they are).
 */
export async function studentHomeworkList(
  db: DbOrTx,
  student: { id: number; schoolId: number },
  q: z.output<typeof studentHomeworkQuery>,
  childId: number | null,
) {
  const { today } = await schoolClock(db, student.schoolId);
  const where: SQL[] = [
    eq(homework.schoolId, student.schoolId),
    enrolledFor(student.id),
    lte(homework.issueDate, today),
  ];
  if (q.section_id) {
    // The old client sent its stored section: it must be the student's own.
    const [own] = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, student.id), eq(enrolments.sectionId, q.section_id)));
    if (!own) throw forbidden('That is not your section.');
    where.push(eq(homework.sectionId, q.section_id));
  }
  const pending = q.pending === '1';
  if (pending)
    where.push(unansweredBy(student.id), gte(homework.dueDate, sql`(${today}::date - ${PENDING_OVERDUE_DAYS}::int)`));
  const result = await studentHomeworkPage(db, student.id, and(...where)!, q, pending ? 'due' : 'newest');
  return { ...result, rows: result.rows.map((r) => childFileLinks(r, childId)) };
}

/** One homework with the student's own submission (404 when there is none to show); links as in the list. */
export async function studentHomeworkOne(db: DbOrTx, homeworkId: number, studentId: number, childId: number | null) {
  const page = await studentHomeworkPage(db, studentId, eq(homework.id, homeworkId), { limit: 1, offset: 0 });
  if (!page.rows[0]) throw notFound('Homework');
  return childFileLinks(page.rows[0], childId);
}

/** Where a submission's file is kept and how big an answer may be. */
export interface UploadPlace {
  uploadDir: string;
  quotaMb: number;
  log: FastifyBaseLogger;
}

/**
 * A student's answer to a homework for them (a file is required), by the rule in the header; the
 * file it replaces goes once the answer is committed.
 */
export async function submitHomework(
  db: Db,
  place: UploadPlace,
  hw: HomeworkRecord,
  studentId: number,
  incoming: IncomingFile | null | undefined,
) {
  if (!incoming) throw badRequest('file', FILE_MESSAGES.required);
  const checked = await checkFile(incoming);
  const { today } = await schoolClock(db, hw.schoolId);
  const saved = await saveSubmission(
    db,
    {
      schoolId: hw.schoolId,
      homeworkId: hw.id,
      studentId,
      dueDate: hw.dueDate,
      today,
      uploadDir: place.uploadDir,
      file: incoming,
      checked,
      quotaMb: place.quotaMb,
    },
    HOMEWORK_FIELD_MESSAGES.closed,
  );
  await dropFile(db, place.uploadDir, place.log, saved.replacedSha256);
  const kind = saved.late ? 'submittedLate' : saved.replaced ? 'resubmitted' : 'submitted';
  return {
    ok: true as const,
    id: saved.id,
    late: saved.late,
    message: HOMEWORK_MESSAGES[kind],
    code: HOMEWORK_SUCCESS_CODES[kind],
  };
}

/** A school's homework filtered by class, section, subject, teacher and the day it is open on. */
export async function schoolHomeworkPage(db: DbOrTx, schoolId: number, q: z.output<typeof homeworkFilterQuery>) {
  const where: SQL[] = [eq(homework.schoolId, schoolId)];
  if (q.class_id) where.push(eq(homework.classId, q.class_id));
  if (q.section_id) where.push(eq(homework.sectionId, q.section_id));
  if (q.subject_id) where.push(eq(homework.subjectId, q.subject_id));
  if (q.teacher_id) where.push(eq(homework.teacherId, q.teacher_id));
  // "Date": the homework open on that day, from its issue date to its due date.
  if (q.date) where.push(lte(homework.issueDate, q.date), gte(homework.dueDate, q.date));
  return homeworkPage(db, and(...where)!, q);
}

/** A homework's stored file (404 when it has none). */
export function homeworkFileOf(hw: HomeworkRecord) {
  if (!hw.fileSha256 || !hw.fileName || !hw.fileType) throw notFound('File');
  return { sha256: hw.fileSha256, name: hw.fileName, type: hw.fileType };
}

/** A submission (404 for none) with the homework it answers, for who may read its file. */
export async function submissionRecord(db: DbOrTx, id: number) {
  const [sub] = await db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, id));
  if (!sub) throw notFound('File');
  const hw = await homeworkRecord(db, sub.homeworkId);
  return { sub, hw, file: { sha256: sub.fileSha256, name: sub.fileName, type: sub.fileType } };
}
