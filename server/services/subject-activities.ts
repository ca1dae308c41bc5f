/**
 * Subject activities (the old portal's activities: docs/DOMAIN.md, "Exams and grades"): a teacher
 * sets one for a class, section and subject they teach (the routines table says which), with
 * questions, an optional attachment, a start and a due time and a full mark; the section's students
 * answer with text, a file or both; the teacher marks each answer. The marks are the subject's
 * Extra Curriculum (5%) on the grade sheet (`subjectActivityRates`, read by services/exams.ts
 * `sectionSheets`; the rule is subject-activity-rules.ts's).
 *
 * Who sees what: an activity is for the students enrolled in its section in its session, from its
 * start time on; its teacher and the school's admin and viewers see it too. An answer is seen by
 * the student who sent it (and a linked guardian), the activity's teacher and the school's admin
 * and viewers, never by classmates.
 *
 * Answers: only from the start time to the due time on the server's clock (server/clock.ts), both
 * included; before is 409 `subject_activities.not_open`, after 409 `subject_activities.closed`.
 * Before the due time a re-sending replaces the answer (its text and its file) while it is not
 * marked; a marked answer stands (409 `subject_activities.already_marked`): what the teacher
 * judged does not change behind their back. Marks follow the exam marks' lock: once the session's
 * results are published and locked, 409 `exams.locked` until the admin unlocks.
 */
import { and, asc, desc, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  SUBJECT_ACTIVITY_FIELD_MESSAGES as MSG,
  SUBJECT_ACTIVITY_MESSAGES,
  SUBJECT_ACTIVITY_SUCCESS_CODES,
  type ActivityAnswerRow,
  type Page,
  type StudentSubjectActivityRow,
  type SubjectActivityRow,
  type extraCurriculumMarkBody,
  type studentSubjectActivityQuery,
  type subjectActivityCreateBody,
} from '@/api/schemas/subject-activities';
import { activityAnswerFileUrl, subjectActivityFileUrl } from '@/api/endpoints/subject-activities';
import { clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  academicSessions,
  classes,
  enrolments,
  homeworkSubmissions,
  routines,
  sections,
  students,
  subjectActivities,
  subjectActivitySubmissions,
  subjects,
  teachers,
} from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { checkFile, keepFile, MB, type IncomingFile } from '../storage/files';
import { quotaExceeded } from '../storage/quota';
import { checkCreateBudget, RateLimited, type CreateBudget } from './create-budget';
import { lockedError, publicationOf } from './exams';
import { dropFile } from './homework-setting';
import { studentFullName, teacherFullName } from './names';
import { schoolClock, sessionNamedOrCurrent } from './school-time';
import { activityState, ratesBySubject } from './subject-activity-rules';

const A = subjectActivities;
const SUB = subjectActivitySubmissions;

/** Activities one teacher may set in an hour, as homework (homework-setting.ts). */
export const SUBJECT_ACTIVITY_CREATES_PER_HOUR = 30;

const BUDGET: CreateBudget = {
  lock: 7306,
  table: A,
  author: A.teacherId,
  createdAt: A.createdAt,
  perHour: SUBJECT_ACTIVITY_CREATES_PER_HOUR,
  refuse: (retryAfterSeconds) =>
    new RateLimited(
      retryAfterSeconds,
      'rate_limited',
      `You have set ${SUBJECT_ACTIVITY_CREATES_PER_HOUR} activities in the last hour, the most allowed. ` +
        `Try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute(s).`,
    ),
};

/** The per-student quota lock: the same key as homework's answers, which share the quota. */
const QUOTA_LOCK = 7305;

const notForYou = () => new ApiError(403, 'subject_activities.not_for_you', MSG.notForYou);
export const notOwnActivity = () => new ApiError(403, 'subject_activities.not_own', MSG.notOwn);

const submittedCount = sql<number>`(select count(*)::int from ${SUB} where ${SUB.activityId} = ${A.id})`;
const markedCount = sql<number>`(select count(*)::int from ${SUB} where ${SUB.activityId} = ${A.id} and ${SUB.mark} is not null)`;
const studentCount = sql<number>`(select count(*)::int from ${enrolments}
  where ${enrolments.sectionId} = ${A.sectionId} and ${enrolments.sessionId} = ${A.sessionId})`;
const windowTotal = sql<number>`(count(*) over ())::int`;

/** The student is enrolled in the section and session of the activity of the enclosing query. */
const enrolledFor = (studentId: number): SQL =>
  sql`exists (select 1 from ${enrolments} where ${enrolments.studentId} = ${studentId}
    and ${enrolments.sectionId} = ${A.sectionId} and ${enrolments.sessionId} = ${A.sessionId})`;

const now = () => clock.now();
const iso = (d: Date) => d.toISOString();
const num = (v: string | null) => (v === null ? null : Number(v));

function selectActivities(db: DbOrTx) {
  return db
    .select({
      id: A.id,
      schoolId: A.schoolId,
      sessionId: A.sessionId,
      sessionYear: academicSessions.sessionYear,
      classId: A.classId,
      className: classes.className,
      sectionId: A.sectionId,
      sectionName: sections.sectionDefaultName,
      subjectId: A.subjectId,
      subjectName: subjects.subjectName,
      teacherId: A.teacherId,
      initial: teachers.initial,
      teacherName: teacherFullName(),
      title: A.title,
      questions: A.questions,
      startsAt: A.startsAt,
      dueAt: A.dueAt,
      fullMark: A.fullMark,
      fileSha256: A.fileSha256,
      fileName: A.fileName,
      submitted: submittedCount,
      marked: markedCount,
      students: studentCount,
      total: windowTotal,
    })
    .from(A)
    .innerJoin(academicSessions, eq(academicSessions.id, A.sessionId))
    .innerJoin(classes, eq(classes.id, A.classId))
    .innerJoin(sections, eq(sections.id, A.sectionId))
    .innerJoin(subjects, eq(subjects.id, A.subjectId))
    .innerJoin(teachers, eq(teachers.id, A.teacherId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectActivities>['execute']>>[number];

function toRow(r: Selected, at: number, childId: number | null = null): SubjectActivityRow {
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
    title: r.title,
    questions: r.questions,
    starts_at: iso(r.startsAt),
    due_at: iso(r.dueAt),
    full_mark: r.fullMark,
    state: activityState(at, r.startsAt.getTime(), r.dueAt.getTime()),
    // A guardian's link names the child (the file route checks the link): as homework's.
    file_url: r.fileSha256 ? subjectActivityFileUrl(r.id, childId ?? undefined) : null,
    file_name: r.fileName,
    submitted: r.submitted,
    marked: r.marked,
    students: r.students,
  };
}

async function activityPage(
  db: DbOrTx,
  where: SQL,
  page: { limit: number; offset: number },
  childId: number | null = null,
): Promise<Page<SubjectActivityRow>> {
  const at = now();
  const rows = await selectActivities(db)
    .where(where)
    .orderBy(desc(A.dueAt), desc(A.id))
    .limit(page.limit)
    .offset(page.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page.offset > 0) {
    const [c] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(A)
      .where(where);
    total = c?.n ?? 0;
  }
  return { rows: rows.map((r) => toRow(r, at, childId)), total, limit: page.limit, offset: page.offset };
}

// ---------------------------------------------------------------- records for the routes' scope calls

/** An activity's record, for who may see it and answer it (404 for none). */
export async function subjectActivityRecord(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: A.id,
      schoolId: A.schoolId,
      sessionId: A.sessionId,
      sectionId: A.sectionId,
      teacherId: A.teacherId,
      startsAt: A.startsAt,
      dueAt: A.dueAt,
      fullMark: A.fullMark,
      fileSha256: A.fileSha256,
      fileName: A.fileName,
      fileType: A.fileType,
    })
    .from(A)
    .where(eq(A.id, id));
  if (!row) throw notFound('Activity');
  return row;
}
export type SubjectActivityRecord = Awaited<ReturnType<typeof subjectActivityRecord>>;

/** An answer (404 for none) with the activity it answers. */
export async function activityAnswerRecord(db: DbOrTx, id: number) {
  const [sub] = await db
    .select({
      id: SUB.id,
      schoolId: SUB.schoolId,
      activityId: SUB.activityId,
      studentId: SUB.studentId,
      fileSha256: SUB.fileSha256,
      fileName: SUB.fileName,
      fileType: SUB.fileType,
    })
    .from(SUB)
    .where(eq(SUB.id, id));
  if (!sub) throw notFound('Answer');
  return { sub, act: await subjectActivityRecord(db, sub.activityId) };
}

/**
 * A student reads an activity only when it is for them: enrolled in its section and session (else
 * 403 `subject_activities.not_for_you`), and from its start time on (else 403
 * `subject_activities.not_open`: its questions are not shown before).
 */
export async function checkActivityFor(db: DbOrTx, act: SubjectActivityRecord, studentId: number) {
  const [row] = await db
    .select({ id: A.id })
    .from(A)
    .where(and(eq(A.id, act.id), enrolledFor(studentId)));
  if (!row) throw notForYou();
  if (activityState(now(), act.startsAt.getTime(), act.dueAt.getTime()) === 'upcoming')
    throw new ApiError(403, 'subject_activities.not_open', MSG.notOpen);
}

// ---------------------------------------------------------------- the teacher's side

/** A moment of the form in the school's time zone (an ISO instant keeps its own offset). */
function instantOf(value: string, zone: string, field: string): Date {
  const dt = DateTime.fromISO(value, { zone });
  if (!dt.isValid) throw badRequest(field, `${field} is not a real date and time`);
  return dt.toJSDate();
}

/**
 * Set an activity for a class, section and subject the teacher teaches in the session (named, else
 * the current one), with its file if one came. 429 (`RateLimited`) past the hour's budget.
 */
export async function createSubjectActivity(
  db: Db,
  uploadDir: string,
  schoolId: number,
  teacherId: number,
  body: z.output<typeof subjectActivityCreateBody>,
  incoming: IncomingFile | null | undefined,
) {
  const { timeZone } = await schoolClock(db, schoolId);
  const startsAt = instantOf(body.starts_at, timeZone, 'starts_at');
  const dueAt = instantOf(body.due_at, timeZone, 'due_at');
  if (dueAt.getTime() <= startsAt.getTime()) throw badRequest('due_at', MSG.dueBeforeStart);
  const sessionId = await sessionNamedOrCurrent(db, schoolId, body.session_id);
  const [teaches] = await db
    .select({ id: routines.id })
    .from(routines)
    .where(
      and(
        eq(routines.teacherId, teacherId),
        eq(routines.sessionId, sessionId),
        eq(routines.classId, body.class_id),
        eq(routines.sectionId, body.section_id),
        eq(routines.subjectId, body.subject_id),
      ),
    )
    .limit(1);
  if (!teaches) throw badRequest('subject_id', MSG.notYourSubject);
  const checked = incoming ? await checkFile(incoming) : null;
  const row = await db.transaction(async (tx) => {
    await checkCreateBudget(tx, BUDGET, teacherId);
    const file = incoming && checked ? await keepFile(tx, uploadDir, incoming, checked) : null;
    const [created] = await tx
      .insert(A)
      .values({
        schoolId,
        sessionId,
        classId: body.class_id,
        sectionId: body.section_id,
        subjectId: body.subject_id,
        teacherId,
        title: body.title,
        questions: body.questions,
        startsAt,
        dueAt,
        fullMark: body.full_mark,
        fileSha256: file?.sha256 ?? null,
        fileName: file?.name ?? null,
        fileType: file?.type ?? null,
        fileSize: file?.size ?? null,
      })
      .returning({ id: A.id });
    return created;
  });
  return {
    ok: true as const,
    id: row.id,
    message: SUBJECT_ACTIVITY_MESSAGES.created,
    code: SUBJECT_ACTIVITY_SUCCESS_CODES.created,
  };
}

/** A teacher's own activities, latest due first. */
export function teacherActivityPage(db: DbOrTx, teacherId: number, page: { limit: number; offset: number }) {
  return activityPage(db, eq(A.teacherId, teacherId), page);
}

/** An activity with every student of its section and their answer and mark, by class roll. */
export async function activityWithAnswers(
  db: DbOrTx,
  act: SubjectActivityRecord,
  page: { limit: number; offset: number },
): Promise<Page<ActivityAnswerRow> & { activity: SubjectActivityRow }> {
  const [head] = await selectActivities(db).where(eq(A.id, act.id));
  if (!head) throw notFound('Activity');
  const rows = await db
    .select({
      studentId: students.id,
      code: students.studentCode,
      fullName: studentFullName(),
      roll: enrolments.classRollNo,
      subId: SUB.id,
      at: SUB.submittedAt,
      answer: SUB.answer,
      fileSha256: SUB.fileSha256,
      fileName: SUB.fileName,
      mark: SUB.mark,
      feedback: SUB.feedback,
      total: windowTotal,
    })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .leftJoin(SUB, and(eq(SUB.activityId, act.id), eq(SUB.studentId, students.id)))
    .where(and(eq(enrolments.sectionId, act.sectionId), eq(enrolments.sessionId, act.sessionId)))
    .orderBy(asc(enrolments.classRollNo))
    .limit(page.limit)
    .offset(page.offset);
  return {
    rows: rows.map((r) => ({
      student_id: r.studentId,
      student_code: r.code,
      full_name: r.fullName,
      class_roll_no: r.roll,
      status: r.subId == null ? 'missing' : r.mark == null ? 'submitted' : 'marked',
      submission_id: r.subId,
      submission_time: r.at ? iso(r.at) : null,
      answer: r.answer,
      file_url: r.subId != null && r.fileSha256 ? activityAnswerFileUrl(r.subId) : null,
      file_name: r.fileName,
      mark: num(r.mark),
      feedback: r.feedback,
    })),
    total: rows[0]?.total ?? head.students,
    limit: page.limit,
    offset: page.offset,
    activity: toRow(head, now()),
  };
}

/**
 * The activity's teacher marks an answer: 0 to the activity's full mark (400 naming `mark`
 * beyond it); re-marking replaces the mark and feedback. 409 `exams.locked` while the session's
 * results are locked.
 */
export async function markAnswer(
  db: DbOrTx,
  teacherId: number,
  found: Awaited<ReturnType<typeof activityAnswerRecord>>,
  body: z.output<typeof extraCurriculumMarkBody>,
) {
  const { sub, act } = found;
  if (body.mark > act.fullMark) throw badRequest('mark', `${MSG.markAboveFull} (${act.fullMark})`);
  if ((await publicationOf(db, act.schoolId, act.sessionId)).locked) throw lockedError();
  await db
    .update(SUB)
    .set({ mark: body.mark.toFixed(2), feedback: body.feedback, markedAt: new Date(now()), markedBy: teacherId })
    .where(eq(SUB.id, sub.id));
  return {
    ok: true as const,
    submission_id: sub.id,
    mark: body.mark,
    feedback: body.feedback,
    message: SUBJECT_ACTIVITY_MESSAGES.marked,
    code: SUBJECT_ACTIVITY_SUCCESS_CODES.marked,
  };
}

// ---------------------------------------------------------------- the student's side

/** A page of activities with the student's own answer to each. */
async function withOwnAnswers(
  db: DbOrTx,
  studentId: number,
  where: SQL,
  page: { limit: number; offset: number },
  childId: number | null,
): Promise<Page<StudentSubjectActivityRow>> {
  const base = await activityPage(db, where, page, childId);
  const ids = base.rows.map((r) => r.id);
  const mine = ids.length
    ? await db
        .select()
        .from(SUB)
        .where(and(eq(SUB.studentId, studentId), inArray(SUB.activityId, ids)))
    : [];
  const byActivity = new Map(mine.map((s) => [s.activityId, s]));
  return {
    ...base,
    rows: base.rows.map((r) => {
      const s = byActivity.get(r.id);
      return {
        ...r,
        submission: s
          ? {
              id: s.id,
              answer: s.answer,
              submission_time: iso(s.submittedAt),
              file_url: s.fileSha256 ? activityAnswerFileUrl(s.id) : null,
              file_name: s.fileName,
              mark: num(s.mark),
              feedback: s.feedback,
              marked_at: s.markedAt ? iso(s.markedAt) : null,
            }
          : null,
      };
    }),
  };
}

/**
 * A student's activities (of the sections they are enrolled in, started by now), latest due
 * first. A section named (the old client's stored one) must be the student's own (403).
 */
export async function studentActivityList(
  db: DbOrTx,
  student: { id: number; schoolId: number },
  q: z.output<typeof studentSubjectActivityQuery>,
  childId: number | null,
) {
  const where: SQL[] = [eq(A.schoolId, student.schoolId), enrolledFor(student.id), lte(A.startsAt, new Date(now()))];
  if (q.section_id) {
    const [own] = await db
      .select({ id: enrolments.id })
      .from(enrolments)
      .where(and(eq(enrolments.studentId, student.id), eq(enrolments.sectionId, q.section_id)));
    if (!own) throw forbidden('That is not your section.');
    where.push(eq(A.sectionId, q.section_id));
  }
  return withOwnAnswers(db, student.id, and(...where)!, q, childId);
}

/** One activity with the student's own answer. */
export async function studentActivityOne(db: DbOrTx, activityId: number, studentId: number, childId: number | null) {
  const page = await withOwnAnswers(db, studentId, eq(A.id, activityId), { limit: 1, offset: 0 }, childId);
  if (!page.rows[0]) throw notFound('Activity');
  return page.rows[0];
}

/** Where an answer's file is kept and how much a student may keep. */
export interface AnswerPlace {
  uploadDir: string;
  quotaMb: number;
  log: FastifyBaseLogger;
}

/**
 * A student's answer (text, a file or both) to an activity for them, by the rule in the header;
 * the file it replaces goes once the answer is committed.
 */
export async function submitActivityAnswer(
  db: Db,
  place: AnswerPlace,
  act: SubjectActivityRecord,
  studentId: number,
  answer: string,
  incoming: IncomingFile | null | undefined,
) {
  if (!answer && !incoming) throw badRequest('answer', MSG.answerRequired);
  const at = now();
  const state = activityState(at, act.startsAt.getTime(), act.dueAt.getTime());
  if (state === 'upcoming') throw new ApiError(409, 'subject_activities.not_open', MSG.notOpen);
  if (state === 'closed') throw new ApiError(409, 'subject_activities.closed', MSG.closed);
  const checked = incoming ? await checkFile(incoming) : null;
  const saved = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${A} where ${A.id} = ${act.id} for update`);
    const [existing] = await tx
      .select({ id: SUB.id, sha256: SUB.fileSha256, mark: SUB.mark })
      .from(SUB)
      .where(and(eq(SUB.activityId, act.id), eq(SUB.studentId, studentId)));
    if (existing && existing.mark !== null)
      throw new ApiError(409, 'subject_activities.already_marked', MSG.alreadyMarked);
    let file = null;
    if (incoming && checked) {
      // The quota: every answer the student keeps (homework's too), but the one this replaces.
      await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${studentId})`);
      const [kept] = rowsOf<{ bytes: string }>(
        await tx.execute(sql`select (
          coalesce((select sum(${homeworkSubmissions.fileSize}) from ${homeworkSubmissions}
            where ${homeworkSubmissions.studentId} = ${studentId}), 0)
        + coalesce((select sum(${SUB.fileSize}) from ${SUB}
            where ${SUB.studentId} = ${studentId} and ${SUB.activityId} <> ${act.id}), 0))::bigint as bytes`),
      );
      const keptBytes = Number(kept?.bytes ?? 0);
      if (keptBytes + incoming.size > place.quotaMb * MB) throw quotaExceeded(keptBytes, incoming.size, place.quotaMb);
      file = await keepFile(tx, place.uploadDir, incoming, checked);
    }
    const cols = {
      answer,
      submittedAt: new Date(at),
      fileSha256: file?.sha256 ?? null,
      fileName: file?.name ?? null,
      fileType: file?.type ?? null,
      fileSize: file?.size ?? null,
    };
    if (existing) {
      await tx.update(SUB).set(cols).where(eq(SUB.id, existing.id));
      const replacedSha256 = existing.sha256 && existing.sha256 !== file?.sha256 ? existing.sha256 : null;
      return { id: existing.id, replaced: true, replacedSha256 };
    }
    const [row] = await tx
      .insert(SUB)
      .values({ schoolId: act.schoolId, activityId: act.id, studentId, ...cols })
      .returning({ id: SUB.id });
    return { id: row.id, replaced: false, replacedSha256: null };
  });
  await dropFile(db, place.uploadDir, place.log, saved.replacedSha256);
  const kind = saved.replaced ? 'resubmitted' : 'submitted';
  return {
    ok: true as const,
    id: saved.id,
    message: SUBJECT_ACTIVITY_MESSAGES[kind],
    code: SUBJECT_ACTIVITY_SUCCESS_CODES[kind],
  };
}

// ---------------------------------------------------------------- files

/** An activity's stored file (404 when it has none). */
export function activityFileOf(act: SubjectActivityRecord) {
  if (!act.fileSha256 || !act.fileName || !act.fileType) throw notFound('File');
  return { sha256: act.fileSha256, name: act.fileName, type: act.fileType };
}

/** An answer's stored file (404 when it has none). */
export function answerFileOf(sub: Awaited<ReturnType<typeof activityAnswerRecord>>['sub']) {
  if (!sub.fileSha256 || !sub.fileName || !sub.fileType) throw notFound('File');
  return { sha256: sub.fileSha256, name: sub.fileName, type: sub.fileType };
}

// ---------------------------------------------------------------- the grade sheet

/**
 * Each enrolment of a section's subject activity rates in a session (enrolment -> subject ->
 * rate), from its marked answers: the Extra Curriculum of services/exams.ts `sectionSheets`. One
 * statement; the rule is subject-activity-rules.ts's.
 */
export async function subjectActivityRates(
  db: DbOrTx,
  sectionId: number,
  sessionId: number,
): Promise<Map<number, Map<number, number>>> {
  const rows = await db
    .select({
      enrolmentId: enrolments.id,
      subjectId: A.subjectId,
      mark: SUB.mark,
      fullMark: A.fullMark,
    })
    .from(SUB)
    .innerJoin(A, eq(A.id, SUB.activityId))
    .innerJoin(enrolments, and(eq(enrolments.studentId, SUB.studentId), eq(enrolments.sessionId, A.sessionId)))
    .where(
      and(
        eq(enrolments.sectionId, sectionId),
        eq(A.sessionId, sessionId),
        sql`${SUB.mark} is not null`,
        ne(A.fullMark, 0),
      ),
    );
  return ratesBySubject(
    rows.map((r) => ({
      enrolmentId: r.enrolmentId,
      subjectId: r.subjectId,
      mark: Number(r.mark),
      fullMark: r.fullMark,
    })),
  );
}
