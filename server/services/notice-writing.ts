/**
 * Writing notices (routes/notices.ts): where a notice may go, its audience counted before
 * publishing, the write and the delete. The targets must fit the school (checkTargets); a
 * teacher's notice stays within the sections they teach in its session (checkTeacherReach, on the
 * sections server/auth/scope.ts `sectionsInReach` answers). The write itself is services/notices.ts.
 */
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import { USER_TYPES } from '@/api/permissions';
import {
  NOTICE_FIELD_MESSAGES,
  NOTICE_MESSAGES,
  NOTICE_SUCCESS_CODES,
  NOTICE_TYPES,
  type noticeAudienceQuery,
  type noticeWriteBody,
} from '@/api/schemas/notices';
import { teachesSection } from '../auth/reach';
import type { sectionsInReach } from '../auth/scope';
import type { Db, DbOrTx } from '../db/client';
import { academicSessions, classes, enrolments, notices, schools, sections } from '../db/schema';
import { ApiError, badRequest, notFound, type FieldErrors } from '../errors';
import { audienceSize, saveNotice } from './notices';
import { schoolClock, sessionIdForDate } from './school-time';

/** A notice's record, for who may change it (404 for none). */
export async function noticeRecord(db: DbOrTx, noticeId: number) {
  const [n] = await db
    .select({ id: notices.id, schoolId: notices.schoolId, creatorUserId: notices.creatorUserId, type: notices.type })
    .from(notices)
    .where(eq(notices.id, noticeId));
  if (!n) throw notFound('Notice');
  return n;
}

/** The sections a teacher's notices stop at in a session (scope.ts `sectionsInReach`), null for the school's. */
export type NoticeReach = (sessionId: number) => ReturnType<typeof sectionsInReach>;

/** Who writes: the signed-in user and their user type (the notice's type follows it). */
export interface NoticeAuthor {
  userId: number;
  userType: number;
}

/**
 * Session, class and section of a notice must exist and fit together and the school: the class
 * of the school's type, the section of the school and of that class. All problems at once.
 */
async function checkTargets(
  db: DbOrTx,
  schoolId: number,
  body: { session_id: number; class_id: number; section_id: number },
) {
  const fields: FieldErrors = {};
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.id, body.session_id));
  if (!session) fields.session_id = NOTICE_FIELD_MESSAGES.noSuchSession;
  if (body.class_id) {
    const [cls] = await db
      .select({ id: classes.id })
      .from(classes)
      .innerJoin(schools, eq(schools.schoolTypeId, classes.schoolTypeId))
      .where(and(eq(classes.id, body.class_id), eq(schools.id, schoolId)));
    if (!cls) fields.class_id = NOTICE_FIELD_MESSAGES.noSuchClass;
  }
  if (body.section_id) {
    const [sec] = await db
      .select({ id: sections.id, classId: sections.classId })
      .from(sections)
      .where(and(eq(sections.id, body.section_id), eq(sections.schoolId, schoolId)));
    if (!sec) fields.section_id = NOTICE_FIELD_MESSAGES.noSuchSection;
    else if (!body.class_id) fields.section_id = NOTICE_FIELD_MESSAGES.sectionNeedsClass;
    else if (sec.classId !== body.class_id) fields.section_id = NOTICE_FIELD_MESSAGES.sectionNotInClass;
  }
  const entries = Object.entries(fields);
  if (entries.length) {
    throw new ApiError(400, 'invalid_input', entries.map(([f, m]) => `${f}: ${m}`).join(' '), fields);
  }
}

/**
 * A teacher's notice reaches only their reach (auth/reach.ts: the sections they teach in the
 * notice's session). Chosen students must each be in such a section; without them, the class and
 * section must name sections all taught: a section they teach, a class all of whose sections they
 * teach, or (all classes) the whole school. Anything wider is 403 naming the field to change.
 * School admins address their whole school (checkTargets already holds them to it).
 */
async function checkTeacherReach(
  db: DbOrTx,
  reach: NoticeReach,
  userId: number,
  schoolId: number,
  target: { session_id: number; class_id: number; section_id: number; students: number[] },
) {
  // School admins: the school (checkTargets); a teacher: the sections they teach (server/auth/scope.ts).
  const taught = reach(target.session_id);
  if (!taught) return;
  const refuse = (field: string, message: string) =>
    new ApiError(403, 'notices.beyond_reach', `${field}: ${message}`, { [field]: message });
  if (target.students.length) {
    const outside = await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.schoolId, schoolId),
          eq(enrolments.sessionId, target.session_id),
          inArray(enrolments.studentId, target.students),
          notInArray(enrolments.sectionId, taught),
        ),
      )
      .limit(1);
    if (outside.length) throw refuse('students', NOTICE_FIELD_MESSAGES.notYourStudents);
    return;
  }
  if (target.section_id) {
    if (!(await teachesSection(db, userId, target.section_id, target.session_id)))
      throw refuse('section_id', NOTICE_FIELD_MESSAGES.notYourSection);
    return;
  }
  // A class, or the whole school: every section of it must be one they teach.
  const [untaught] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.schoolId, schoolId),
        target.class_id ? eq(sections.classId, target.class_id) : undefined,
        notInArray(sections.id, taught),
      ),
    )
    .limit(1);
  if (untaught)
    throw target.class_id
      ? refuse('section_id', NOTICE_FIELD_MESSAGES.notAllSections)
      : refuse('class_id', NOTICE_FIELD_MESSAGES.notWholeSchool);
}

/**
 * Create a notice (`existing` null) or change one the caller may change, after its targets and
 * the caller's reach are checked. The type follows the author's role, whatever the client sent.
 * Past the hour's budget: `RateLimited` (429, with its retry time).
 */
export async function writeNotice(
  db: Db,
  schoolId: number,
  existing: { id: number; creatorUserId: number } | null,
  author: NoticeAuthor,
  reach: NoticeReach,
  body: z.output<typeof noticeWriteBody>,
) {
  await checkTargets(db, schoolId, body);
  await checkTeacherReach(db, reach, author.userId, schoolId, body);
  const id = await saveNotice(db, existing, {
    schoolId,
    userId: author.userId,
    type: author.userType === USER_TYPES.teacher ? NOTICE_TYPES.teacher : NOTICE_TYPES.school,
    sessionId: body.session_id,
    classId: body.class_id || null,
    sectionId: body.section_id || null,
    headline: body.headline,
    description: body.description,
    publishingDate: body.date,
    students: body.students,
  });
  const done = existing ? 'updated' : 'created';
  return { ok: true as const, id, message: NOTICE_MESSAGES[done], code: NOTICE_SUCCESS_CODES[done] };
}

/**
 * How many students a notice with these targets would reach, in the session named or the
 * school's current one (400 without one); the targets are held to the school and the caller's reach.
 */
export async function noticeAudience(
  db: DbOrTx,
  schoolId: number,
  userId: number,
  reach: NoticeReach,
  q: z.output<typeof noticeAudienceQuery>,
) {
  let sessionId = q.session_id;
  if (!sessionId) {
    const { today } = await schoolClock(db, schoolId);
    sessionId = (await sessionIdForDate(db, today)) ?? undefined;
    if (!sessionId) throw badRequest('session_id', NOTICE_FIELD_MESSAGES.sessionRequired);
  }
  const targets = { session_id: sessionId, class_id: q.class_id, section_id: q.section_id };
  await checkTargets(db, schoolId, targets);
  await checkTeacherReach(db, reach, userId, schoolId, { ...targets, students: q.student_ids });
  const students = await audienceSize(db, {
    schoolId,
    sessionId,
    classId: q.class_id || null,
    sectionId: q.section_id || null,
    students: q.student_ids,
  });
  return { students };
}

/** Delete a notice the caller may change (404 when it is gone meanwhile). */
export async function deleteNotice(db: DbOrTx, noticeId: number) {
  const gone = await db.delete(notices).where(eq(notices.id, noticeId)).returning({ id: notices.id });
  if (!gone.length) throw notFound('Notice');
  return { ok: true as const, message: NOTICE_MESSAGES.deleted, code: NOTICE_SUCCESS_CODES.deleted };
}
