/**
 * A teacher's side of homework (routes/homework.ts): what they may set it for (the routines table
 * says what they teach: class, section and subject together), setting it with its file, and
 * deleting it while no one has answered. Setting is limited per teacher and hour, as notices are
 * (services/create-budget.ts), checked in the insert's transaction before the file is kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  HOMEWORK_FIELD_MESSAGES,
  HOMEWORK_MESSAGES,
  HOMEWORK_SUCCESS_CODES,
  type homeworkCreateBody,
} from '@/api/schemas/homework';
import type { Db, DbOrTx } from '../db/client';
import { academicSessions, classes, homework, homeworkSubmissions, routines, sections, subjects } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { checkFile, keepFile, type IncomingFile } from '../storage/files';
import { dropIfUnreferenced } from '../storage/sweep';
import { checkCreateBudget, RateLimited, type CreateBudget } from './create-budget';
import { schoolClock, sessionIdForDate } from './school-time';

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

/** Delete a file its row no longer keeps; a failure leaves it to the housekeeping sweep (storage/sweep.ts). */
export function dropFile(db: Db, uploadDir: string, log: FastifyBaseLogger, sha256: string | null) {
  return sha256
    ? dropIfUnreferenced(db, uploadDir, sha256).catch((err: unknown) =>
        log.warn({ err, sha256 }, 'deleting a file no row keeps failed; the sweep will retry'),
      )
    : undefined;
}

/** The class, section and subject a teacher teaches in the school's current session (none without one). */
export async function teacherOptions(db: DbOrTx, me: { id: number; schoolId: number }) {
  const { today } = await schoolClock(db, me.schoolId);
  const sessionId = await sessionIdForDate(db, today);
  if (!sessionId) return [];
  return db
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
}

/**
 * Set homework for a class, section and subject the teacher teaches in the session (named, else
 * the current one), with its file if one came. 429 (`RateLimited`, with its retry time) past the
 * hour's budget.
 */
export async function createHomework(
  db: Db,
  uploadDir: string,
  schoolId: number,
  teacherId: number,
  body: z.output<typeof homeworkCreateBody>,
  incoming: IncomingFile | null | undefined,
) {
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
        eq(routines.teacherId, teacherId),
        eq(routines.sessionId, sessionId),
        eq(routines.classId, body.class_id),
        eq(routines.sectionId, body.section_id),
        eq(routines.subjectId, body.subject_id),
      ),
    )
    .limit(1);
  if (!teaches) throw badRequest('subject_id', HOMEWORK_FIELD_MESSAGES.notYourSubject);
  const checked = incoming ? await checkFile(incoming) : null;
  const row = await db.transaction(async (tx) => {
    await checkCreateBudget(tx, HOMEWORK_BUDGET, teacherId);
    const file = incoming && checked ? await keepFile(tx, uploadDir, incoming, checked) : null;
    const [created] = await tx
      .insert(homework)
      .values({
        schoolId,
        sessionId,
        classId: body.class_id,
        sectionId: body.section_id,
        subjectId: body.subject_id,
        teacherId,
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
  });
  return {
    ok: true as const,
    id: row.id,
    message: HOMEWORK_MESSAGES.created,
    code: HOMEWORK_SUCCESS_CODES.created,
  };
}

/**
 * Delete a homework no one has answered (409 `homework.has_submissions` otherwise), under a row
 * lock so a submission cannot slip in; its file goes once the delete is committed.
 */
export async function deleteHomework(
  db: Db,
  uploadDir: string,
  log: FastifyBaseLogger,
  hw: { id: number; fileSha256: string | null },
) {
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
  await dropFile(db, uploadDir, log, hw.fileSha256);
  return { ok: true as const, message: HOMEWORK_MESSAGES.deleted, code: HOMEWORK_SUCCESS_CODES.deleted };
}
