/**
 * eSchool: the school's online classes (server/routes/eschool.ts). A class is scheduled for a
 * section and subject its teacher has in the routine of the class's session; a teacher schedules
 * their own, a school admin names the teacher. Lists come upcoming first (by start), then the
 * ended ones (latest first), paged; cancelling keeps the row. Who reaches which classes is decided
 * before these are called (server/auth/scope.ts): the student a list is about, the teacher it is
 * narrowed to, the school.
 */
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  ESCHOOL_FIELD_MESSAGES,
  type onlineClassBody,
  type onlineClassListQuery,
  type OnlineClassRow,
} from '@/api/schemas/eschool';
import type { MemberRecord } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { classes, enrolments, onlineClasses, routines, schools, sections, subjects, teachers } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { teacherFullName } from './names';
import { schoolClock, serverClock, sessionIdForDate } from './school-time';

const endsAt = sql`(${onlineClasses.startsAt} + make_interval(mins => ${onlineClasses.durationMinutes}::int))`;

/**
 * The columns of a class as listed; `now` is the server's clock (server/clock.ts) as SQL: whether a
 * class is live or has ended is a rule of the school's time, not the database's.
 */
const rowFields = (now: SQL) => ({
  id: onlineClasses.id,
  session_id: onlineClasses.sessionId,
  class_id: onlineClasses.classId,
  class_name: classes.className,
  section_id: onlineClasses.sectionId,
  section_default_name: sections.sectionDefaultName,
  subject_id: onlineClasses.subjectId,
  subject_name: subjects.subjectName,
  teacher_id: onlineClasses.teacherId,
  teacher_name: teacherFullName(),
  initial: sql<string>`coalesce(${teachers.initial}, '')`,
  topic: onlineClasses.topic,
  date: sql<string>`to_char(${onlineClasses.startsAt} at time zone ${schools.timeZone}, 'YYYY-MM-DD')`,
  start_time: sql<string>`to_char(${onlineClasses.startsAt} at time zone ${schools.timeZone}, 'HH24:MI')`,
  starts_at: sql<string>`to_char(${onlineClasses.startsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  ends_at: sql<string>`to_char(${endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
  duration_minutes: onlineClasses.durationMinutes,
  meeting_url: onlineClasses.meetingUrl,
  cancelled: sql<boolean>`${onlineClasses.cancelledAt} is not null`,
  status: sql<OnlineClassRow['status']>`case
    when ${onlineClasses.cancelledAt} is not null then 'cancelled'
    when ${endsAt} < ${now} then 'ended'
    when ${onlineClasses.startsAt} <= ${now} then 'live'
    else 'upcoming' end`,
});

const listOrder = (now: SQL) => [
  sql`(${endsAt} < ${now})`,
  sql`case when ${endsAt} >= ${now} then ${onlineClasses.startsAt} end asc`,
  sql`${onlineClasses.startsAt} desc`,
  asc(onlineClasses.id),
];

/** The server clock's instant as a timestamptz (a prepared statement takes it as the `now` placeholder). */
const clockNow = () => sql`${new Date(serverClock.now()).toISOString()}::timestamptz`;
const nowPlaceholder = sql`${sql.placeholder('now')}::timestamptz`;

/** Classes of the sections a student is enrolled in (in the class's session). */
const ofStudent = (studentId: number | Placeholder) =>
  sql`exists (select 1 from ${enrolments} where ${enrolments.studentId} = ${studentId}
    and ${enrolments.sectionId} = ${onlineClasses.sectionId} and ${enrolments.sessionId} = ${onlineClasses.sessionId})`;

const classList = (db: DbOrTx, now: SQL) =>
  db
    .select({ ...rowFields(now), total: sql<number>`(count(*) over ())::int` })
    .from(onlineClasses)
    .innerJoin(schools, eq(schools.id, onlineClasses.schoolId))
    .innerJoin(classes, eq(classes.id, onlineClasses.classId))
    .innerJoin(sections, eq(sections.id, onlineClasses.sectionId))
    .innerJoin(subjects, eq(subjects.id, onlineClasses.subjectId))
    .innerJoin(teachers, eq(teachers.id, onlineClasses.teacherId));

/** A list page with its total (on every row); a page past the end has no row to carry it: count then. */
const pageOfClasses = async (
  found: ({ total: number } & OnlineClassRow)[],
  q: { limit: number; offset: number },
  count: () => Promise<number>,
) => ({
  rows: found.map(({ total: _t, ...r }) => r),
  total: found[0]?.total ?? (q.offset > 0 ? await count() : 0),
  limit: q.limit,
  offset: q.offset,
});

/**
 * A student's (or a guardian's child's) classes, the dashboard's read: one prepared statement with
 * the page's total beside each row (planning the five joins cost ~6 ms a request).
 */
const studentClassesStatement = preparedFor((db: DbOrTx) =>
  classList(db, nowPlaceholder)
    .where(and(eq(onlineClasses.schoolId, sql.placeholder('schoolId')), ofStudent(sql.placeholder('studentId'))))
    .orderBy(...listOrder(nowPlaceholder))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('eschool_student_classes'),
);

const countClasses = async (db: DbOrTx, cond: SQL) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(onlineClasses)
      .where(cond)
  )[0].n;

/**
 * A page of the school's classes: a student's (`student`, their enrolled sections') or else, when
 * `teacher` is given, that teacher's own; `section_id` and `upcoming_only` narrow any of them.
 */
export async function listOnlineClasses(
  db: DbOrTx,
  schoolId: number,
  who: { student: { id: number } | null; teacher: { id: number } | null },
  q: z.output<typeof onlineClassListQuery>,
) {
  const now = clockNow();
  const own = who.student;
  const where: SQL[] = [eq(onlineClasses.schoolId, schoolId)];
  if (q.section_id) where.push(eq(onlineClasses.sectionId, q.section_id));
  if (q.upcoming_only === 'true') where.push(sql`${endsAt} >= ${now}`);
  if (own) {
    if (!q.section_id && q.upcoming_only !== 'true') {
      const found = await studentClassesStatement(db).execute({
        schoolId,
        studentId: own.id,
        now: new Date(serverClock.now()).toISOString(),
        limit: q.limit,
        offset: q.offset,
      });
      return pageOfClasses(found, q, () =>
        countClasses(db, and(eq(onlineClasses.schoolId, schoolId), ofStudent(own.id))!),
      );
    }
    where.push(ofStudent(own.id));
  } else if (who.teacher) {
    where.push(eq(onlineClasses.teacherId, who.teacher.id));
  }
  const cond = and(...where)!;
  const found = await classList(db, now)
    .where(cond)
    .orderBy(...listOrder(now))
    .limit(q.limit)
    .offset(q.offset);
  return pageOfClasses(found, q, () => countClasses(db, cond));
}

/**
 * What may be scheduled in the school's current session: the routine entries (section and subject,
 * with the teacher), none without a session. `teacher` is asked only once a session is open: the
 * teacher the options narrow to (a teacher's own), or null for the school's.
 */
export async function scheduleOptions(db: DbOrTx, schoolId: number, teacher: () => Promise<{ id: number } | null>) {
  const { today } = await schoolClock(db, schoolId);
  const sessionId = await sessionIdForDate(db, today);
  if (!sessionId) return [];
  const where: SQL[] = [eq(routines.schoolId, schoolId), eq(routines.sessionId, sessionId)];
  const me = await teacher();
  if (me) where.push(eq(routines.teacherId, me.id));
  return db
    .selectDistinct({
      class_id: routines.classId,
      class_name: classes.className,
      section_id: routines.sectionId,
      section_default_name: sections.sectionDefaultName,
      subject_id: routines.subjectId,
      subject_name: subjects.subjectName,
      teacher_id: routines.teacherId,
      teacher_name: teacherFullName(),
      sort: classes.sortOrder,
    })
    .from(routines)
    .innerJoin(classes, eq(classes.id, routines.classId))
    .innerJoin(sections, eq(sections.id, routines.sectionId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .where(and(...where))
    .orderBy(classes.sortOrder, sections.sectionDefaultName, subjects.subjectName, teacherFullName())
    .then((rows) => rows.map(({ sort: _s, ...r }) => r));
}

/** A class by id, with what a change is judged by; 404 without one. */
export async function findOnlineClass(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: onlineClasses.id,
      schoolId: onlineClasses.schoolId,
      teacherId: onlineClasses.teacherId,
      cancelledAt: onlineClasses.cancelledAt,
    })
    .from(onlineClasses)
    .where(eq(onlineClasses.id, id));
  if (!row) throw notFound('Online class');
  return row;
}

export type OnlineClassRecord = Awaited<ReturnType<typeof findOnlineClass>>;

/** Another teacher's class (server/auth/scope.ts `teacherRowInScope`). */
export const notOwnClass = () => new ApiError(403, 'eschool.not_own', ESCHOOL_FIELD_MESSAGES.notOwn);

/** A cancelled class changes no more (409). */
export function refuseCancelled(rec: OnlineClassRecord) {
  if (rec.cancelledAt) throw new ApiError(409, 'eschool.cancelled', ESCHOOL_FIELD_MESSAGES.cancelled);
}

type OnlineClassBody = z.output<typeof onlineClassBody>;

/**
 * Checks a body against the routine and returns the row's values: the session is the class date's
 * year; the (section, subject, teacher) must be a routine entry of that session. `me`: the caller
 * when a teacher, who schedules only their own classes; else the body names the teacher.
 */
async function valuesOf(db: DbOrTx, schoolId: number, me: MemberRecord | null, body: OnlineClassBody, isNew: boolean) {
  let teacherId: number;
  if (me) {
    if (body.teacher_id && body.teacher_id !== me.id) throw forbidden('You can schedule only your own classes.');
    teacherId = me.id;
  } else {
    if (!body.teacher_id) throw badRequest('teacher_id', ESCHOOL_FIELD_MESSAGES.teacherRequired);
    teacherId = body.teacher_id;
  }
  const clock = await schoolClock(db, schoolId);
  const start = DateTime.fromISO(`${body.date}T${body.start_time}`, { zone: clock.timeZone });
  if (!start.isValid) throw badRequest('start_time', 'is not a time of that day');
  if (isNew && start.toMillis() < serverClock.now() - 60_000) throw badRequest('date', ESCHOOL_FIELD_MESSAGES.past);
  const sessionId = await sessionIdForDate(db, body.date);
  if (!sessionId) throw badRequest('date', ESCHOOL_FIELD_MESSAGES.noSession);
  const [entry] = await db
    .select({ classId: routines.classId })
    .from(routines)
    .where(
      and(
        eq(routines.schoolId, schoolId),
        eq(routines.teacherId, teacherId),
        eq(routines.sessionId, sessionId),
        eq(routines.sectionId, body.section_id),
        eq(routines.subjectId, body.subject_id),
      ),
    )
    .limit(1);
  if (!entry) {
    throw badRequest('subject_id', me ? ESCHOOL_FIELD_MESSAGES.notYourSubject : ESCHOOL_FIELD_MESSAGES.notInRoutine);
  }
  return {
    schoolId,
    sessionId,
    classId: entry.classId,
    sectionId: body.section_id,
    subjectId: body.subject_id,
    teacherId,
    topic: body.topic,
    startsAt: start.toJSDate(),
    durationMinutes: body.duration_minutes,
    meetingUrl: body.meeting_url,
  };
}

/** Schedules a class of the school; its id. */
export async function createOnlineClass(db: DbOrTx, schoolId: number, me: MemberRecord | null, body: OnlineClassBody) {
  const values = await valuesOf(db, schoolId, me, body, true);
  const [row] = await db.insert(onlineClasses).values(values).returning({ id: onlineClasses.id });
  return row.id;
}

/** Changes a class; the admin's change (no `me`) keeps the class's teacher unless it names another. */
export async function updateOnlineClass(
  db: DbOrTx,
  rec: OnlineClassRecord,
  schoolId: number,
  me: MemberRecord | null,
  body: OnlineClassBody,
) {
  const values = await valuesOf(
    db,
    schoolId,
    me,
    me ? body : { ...body, teacher_id: body.teacher_id ?? rec.teacherId },
    false,
  );
  await db.update(onlineClasses).set(values).where(eq(onlineClasses.id, rec.id));
}

/** Cancels a class, keeping its row. */
export async function cancelOnlineClass(db: DbOrTx, rec: OnlineClassRecord) {
  await db
    .update(onlineClasses)
    .set({ cancelledAt: new Date() })
    .where(and(eq(onlineClasses.id, rec.id), sql`${onlineClasses.cancelledAt} is null`));
}
