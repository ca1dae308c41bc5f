/**
 * eSchool: the school's online classes. A teacher schedules, edits and cancels classes
 * for a section and subject they have in the routine of the class's session; a school admin may do
 * so for any routine entry of their school (naming its teacher). Students read their enrolled
 * sections' classes, teachers their own (or the school's), viewers a linked school's. Lists come
 * upcoming first (by start), then the ended ones (latest first), paged. Cancelling keeps the row.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  ESCHOOL_FIELD_MESSAGES,
  ESCHOOL_MESSAGES,
  ESCHOOL_SUCCESS_CODES,
  onlineClassBody,
  onlineClassListQuery,
  onlineClassOptions,
  onlineClassPage,
  onlineClassParams,
  onlineClassWriteResponse,
  type OnlineClassRow,
} from '@/api/schemas/eschool';
import { z } from 'zod';
import { narrowedToTeacher, schoolOfCall, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { classes, enrolments, onlineClasses, routines, schools, sections, subjects, teachers } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { schoolClock, serverClock, sessionIdForDate } from '../services/school-time';
import { teacherFullName } from '../services/names';

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

async function classRecord(db: DbOrTx, id: number) {
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

/** A teacher may touch only their own classes; a school admin any of the school's (server/auth/scope.ts). */
async function mayChange(req: FastifyRequest, rec: Awaited<ReturnType<typeof classRecord>>) {
  await teacherRowInScope(
    req,
    rec.schoolId,
    (me) => me.id === rec.teacherId,
    () => new ApiError(403, 'eschool.not_own', ESCHOOL_FIELD_MESSAGES.notOwn),
  );
  if (rec.cancelledAt) throw new ApiError(409, 'eschool.cancelled', ESCHOOL_FIELD_MESSAGES.cancelled);
}

/**
 * Checks a body against the routine and returns the row's values: the session is the class date's
 * year; the (section, subject, teacher) must be a routine entry of that session.
 */
async function valuesOf(db: DbOrTx, req: FastifyRequest, body: z.output<typeof onlineClassBody>, isNew: boolean) {
  const schoolId = await schoolOf(req, body.school_info_id ?? undefined);
  // A teacher schedules their own classes; the school admin names the teacher (server/auth/scope.ts).
  const me = await narrowedToTeacher(req);
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

export async function eschoolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const countClasses = async (cond: SQL) =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(onlineClasses)
        .where(cond)
    )[0].n;

  app.get(
    '/eschool/classes',
    {
      // Kept until the school's classes change (migration 0026), at most RESPONSE_TTL_MS (30 s): a class
      // that ends meanwhile moves to the ended ones that much later.
      config: { action: 'eschool.list', cacheable: true },
      schema: {
        description:
          'Online classes, upcoming first then ended (latest first), paged. A student: their enrolled ' +
          "sections'; a guardian: a linked child's (student_id). A teacher: their own (scope=mine, the default) or the school's (scope=school). A " +
          "school admin or viewer (school_info_id): the school's. section_id narrows any of them.",
        querystring: onlineClassListQuery,
        response: { 200: onlineClassPage },
      },
    },
    async (req) => {
      const q = req.query;
      // A student: their enrolled sections'; a guardian: a linked child's, in the child's school
      // (server/auth/scope.ts). Staff: the school's, a teacher's own unless scope=school.
      const own = await studentOfCaller(req, q.student_id);
      const schoolId = await schoolOfCall(req, own, q.school_info_id);
      const now = clockNow();
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
            countClasses(and(eq(onlineClasses.schoolId, schoolId), ofStudent(own.id))!),
          );
        }
        where.push(ofStudent(own.id));
      } else {
        const me = q.scope === 'school' ? null : await narrowedToTeacher(req);
        if (me) where.push(eq(onlineClasses.teacherId, me.id));
      }
      const cond = and(...where)!;
      const found = await classList(db, now)
        .where(cond)
        .orderBy(...listOrder(now))
        .limit(q.limit)
        .offset(q.offset);
      return pageOfClasses(found, q, () => countClasses(cond));
    },
  );

  app.get(
    '/eschool/options',
    {
      config: { action: 'eschool.options' },
      schema: {
        description:
          "What the caller may schedule in the current session: a teacher's own routine entries (section " +
          "and subject); a school admin's, every routine entry of the school with its teacher.",
        querystring: z.object({ school_info_id: onlineClassListQuery.shape.school_info_id }),
        response: { 200: onlineClassOptions },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { today } = await schoolClock(db, schoolId);
      const sessionId = await sessionIdForDate(db, today);
      if (!sessionId) return [];
      const where: SQL[] = [eq(routines.schoolId, schoolId), eq(routines.sessionId, sessionId)];
      const me = await narrowedToTeacher(req);
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
    },
  );

  app.post(
    '/eschool/classes',
    {
      config: { action: 'eschool.write' },
      schema: { body: onlineClassBody, response: { 200: onlineClassWriteResponse } },
    },
    async (req) => {
      const values = await valuesOf(db, req, req.body, true);
      const [row] = await db.insert(onlineClasses).values(values).returning({ id: onlineClasses.id });
      return { ok: true as const, id: row.id, code: ESCHOOL_SUCCESS_CODES.created, message: ESCHOOL_MESSAGES.created };
    },
  );

  app.put(
    '/eschool/classes/:id',
    {
      config: { action: 'eschool.write' },
      schema: { params: onlineClassParams, body: onlineClassBody, response: { 200: onlineClassWriteResponse } },
    },
    async (req) => {
      const rec = await classRecord(db, req.params.id);
      await mayChange(req, rec);
      // The admin's change keeps the class's teacher unless it names another.
      const body = (await narrowedToTeacher(req))
        ? req.body
        : { ...req.body, teacher_id: req.body.teacher_id ?? rec.teacherId };
      const values = await valuesOf(db, req, body, false);
      await db.update(onlineClasses).set(values).where(eq(onlineClasses.id, rec.id));
      return { ok: true as const, id: rec.id, code: ESCHOOL_SUCCESS_CODES.updated, message: ESCHOOL_MESSAGES.updated };
    },
  );

  app.post(
    '/eschool/classes/:id/cancel',
    {
      config: { action: 'eschool.cancel' },
      schema: { params: onlineClassParams, response: { 200: onlineClassWriteResponse } },
    },
    async (req) => {
      const rec = await classRecord(db, req.params.id);
      await mayChange(req, rec);
      await db
        .update(onlineClasses)
        .set({ cancelledAt: new Date() })
        .where(and(eq(onlineClasses.id, rec.id), sql`${onlineClasses.cancelledAt} is null`));
      return {
        ok: true as const,
        id: rec.id,
        code: ESCHOOL_SUCCESS_CODES.cancelled,
        message: ESCHOOL_MESSAGES.cancelled,
      };
    },
  );
}
