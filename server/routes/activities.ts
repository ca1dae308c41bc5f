/**
 * Extra-curricular activities (/student-activity). The school admin keeps a session's
 * activities and names a teacher in charge; participation and marks are recorded by the admin or
 * that teacher (a school expects the club's or sport's own teacher to assess it; other teachers
 * and viewers read). A student reads their own. Marks feed the grade sheet's Extra Curriculum 5%
 * (services/grades.ts, services/activities.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVITY_FIELD_MESSAGES,
  ACTIVITY_MESSAGES,
  ACTIVITY_SUCCESS_CODES,
  activityBody,
  activityListQuery,
  activityPage,
  activityParams,
  activityWriteResponse,
  myActivities,
  myActivitiesQuery,
  participantListQuery,
  participantPage,
  participantsBody,
  type ActivityKind,
} from '@/api/schemas/activities';
import { can } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { narrowedToTeacher, studentInScope, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  activities,
  activityParticipants,
  classes,
  enrolments,
  sections,
  students,
  teachers,
} from '../db/schema';
import { ApiError, badRequest, conflict, notFound } from '../errors';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import { studentFullName, teacherFullName } from '../services/names';
import { EXTRA_CURRICULUM_WEIGHT, round2 } from '../services/grades';
import { lockedError, publicationOf } from '../services/exams';
import { pgErrorOf } from '../services/routines';

async function activityRecord(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: activities.id,
      schoolId: activities.schoolId,
      sessionId: activities.sessionId,
      teacherId: activities.teacherId,
      fullMarks: activities.fullMarks,
    })
    .from(activities)
    .where(eq(activities.id, id));
  if (!row) throw notFound('Activity');
  return row;
}

const isDuplicate = (e: unknown) => pgErrorOf(e)?.code === '23505';

export async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  async function checkTeacher(schoolId: number, teacherId: number | undefined) {
    if (!teacherId) return null;
    const [t] = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.id, teacherId), eq(teachers.schoolId, schoolId)));
    if (!t) throw badRequest('teacher_id', ACTIVITY_FIELD_MESSAGES.noTeacher);
    return teacherId;
  }

  async function checkSession(sessionId: number) {
    const [s] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.id, sessionId));
    if (!s) throw badRequest('session_id', ACTIVITY_FIELD_MESSAGES.noSession);
  }

  app.get(
    '/activities',
    {
      config: { action: 'activity.list' },
      schema: {
        description:
          "A school's activities in a session (default: the current one), by name, paged, with how many " +
          'take part and how many are marked, and whether the caller may record them.',
        querystring: activityListQuery,
        response: { 200: activityPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const { today } = await schoolClock(db, schoolId);
      const sessionId = q.session_id ?? (await sessionIdForDate(db, today));
      if (!sessionId) return { rows: [], total: 0, limit: q.limit, offset: q.offset };
      // Who may record an activity: the permission table says who records at all, the scope whose
      // (a teacher the activities in their charge; the school admin every one of the school's).
      const records = can(authOf(req).userType, 'activity.participants-write');
      const mine = await narrowedToTeacher(req);
      const cond = and(eq(activities.schoolId, schoolId), eq(activities.sessionId, sessionId));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            id: activities.id,
            session_id: activities.sessionId,
            session_year: academicSessions.sessionYear,
            name: activities.name,
            kind: sql<ActivityKind>`${activities.kind}`,
            teacher_id: activities.teacherId,
            teacher_name: sql<string | null>`case when ${teachers.id} is null then null else ${teacherFullName()} end`,
            full_marks: activities.fullMarks,
            description: activities.description,
            participants: sql<number>`(select count(*)::int from ${activityParticipants} p where p.activity_id = ${activities.id})`,
            marked: sql<number>`(select count(*)::int from ${activityParticipants} p where p.activity_id = ${activities.id} and p.marks is not null)`,
          })
          .from(activities)
          .innerJoin(academicSessions, eq(academicSessions.id, activities.sessionId))
          .leftJoin(teachers, eq(teachers.id, activities.teacherId))
          .where(cond)
          .orderBy(asc(activities.name), asc(activities.id))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(activities)
          .where(cond),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, can_record: records && (mine === null || r.teacher_id === mine.id) })),
        total,
        limit: q.limit,
        offset: q.offset,
      };
    },
  );

  app.post(
    '/activities',
    {
      config: { action: 'activity.write' },
      schema: { body: activityBody, response: { 200: activityWriteResponse } },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id ?? undefined);
      await checkSession(b.session_id);
      const teacherId = await checkTeacher(schoolId, b.teacher_id);
      try {
        const [row] = await db
          .insert(activities)
          .values({
            schoolId,
            sessionId: b.session_id,
            name: b.name,
            kind: b.kind,
            teacherId,
            fullMarks: b.full_marks,
            description: b.description,
          })
          .returning({ id: activities.id });
        return {
          ok: true as const,
          id: row.id,
          code: ACTIVITY_SUCCESS_CODES.created,
          message: ACTIVITY_MESSAGES.created,
        };
      } catch (e) {
        if (isDuplicate(e)) throw conflict(ACTIVITY_FIELD_MESSAGES.duplicate, 'name');
        throw e;
      }
    },
  );

  app.put(
    '/activities/:id',
    {
      config: { action: 'activity.write' },
      schema: { params: activityParams, body: activityBody, response: { 200: activityWriteResponse } },
    },
    async (req) => {
      const rec = await activityRecord(db, req.params.id);
      const b = req.body;
      const schoolId = await schoolOf(req, rec.schoolId);
      if (b.school_info_id && b.school_info_id !== schoolId)
        throw badRequest('school_info_id', 'That is another school.');
      await checkSession(b.session_id);
      const teacherId = await checkTeacher(schoolId, b.teacher_id);
      try {
        await db.transaction(async (tx) => {
          const [top] = await tx
            .select({ max: sql<string | null>`max(${activityParticipants.marks})` })
            .from(activityParticipants)
            .where(eq(activityParticipants.activityId, rec.id));
          if (top.max !== null && Number(top.max) > b.full_marks)
            throw badRequest('full_marks', ACTIVITY_FIELD_MESSAGES.hasMarks);
          if (b.session_id !== rec.sessionId) {
            const [any] = await tx
              .select({ id: activityParticipants.id })
              .from(activityParticipants)
              .where(eq(activityParticipants.activityId, rec.id))
              .limit(1);
            if (any) throw badRequest('session_id', 'Students already take part: the session cannot change.');
          }
          await tx
            .update(activities)
            .set({
              sessionId: b.session_id,
              name: b.name,
              kind: b.kind,
              teacherId,
              fullMarks: b.full_marks,
              description: b.description,
            })
            .where(eq(activities.id, rec.id));
        });
      } catch (e) {
        if (isDuplicate(e)) throw conflict(ACTIVITY_FIELD_MESSAGES.duplicate, 'name');
        throw e;
      }
      return {
        ok: true as const,
        id: rec.id,
        code: ACTIVITY_SUCCESS_CODES.updated,
        message: ACTIVITY_MESSAGES.updated,
      };
    },
  );

  app.post(
    '/activities/:id/delete',
    {
      config: { action: 'activity.write' },
      schema: { params: activityParams, response: { 200: activityWriteResponse } },
    },
    async (req) => {
      const rec = await activityRecord(db, req.params.id);
      await schoolOf(req, rec.schoolId);
      // Participants go with it (on delete cascade), in the one statement.
      await db.delete(activities).where(eq(activities.id, rec.id));
      return {
        ok: true as const,
        id: rec.id,
        code: ACTIVITY_SUCCESS_CODES.deleted,
        message: ACTIVITY_MESSAGES.deleted,
      };
    },
  );

  app.get(
    '/activities/:id/participants',
    {
      config: { action: 'activity.participants' },
      schema: {
        description: "An activity's participants by class, section and roll, paged, with their role and marks.",
        params: activityParams,
        querystring: participantListQuery,
        response: { 200: participantPage },
      },
    },
    async (req) => {
      const rec = await activityRecord(db, req.params.id);
      await schoolOf(req, rec.schoolId);
      const q = req.query;
      const cond = eq(activityParticipants.activityId, rec.id);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            student_id: students.id,
            student_code: students.studentCode,
            name: studentFullName(),
            class_name: classes.className,
            section_default_name: sections.sectionDefaultName,
            class_roll_no: enrolments.classRollNo,
            role: activityParticipants.role,
            marks: sql<number | null>`${activityParticipants.marks}::float8`,
          })
          .from(activityParticipants)
          .innerJoin(enrolments, eq(enrolments.id, activityParticipants.enrolmentId))
          .innerJoin(students, eq(students.id, enrolments.studentId))
          .innerJoin(classes, eq(classes.id, enrolments.classId))
          .innerJoin(sections, eq(sections.id, enrolments.sectionId))
          .where(cond)
          .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName), asc(enrolments.classRollNo))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(activityParticipants)
          .where(cond),
      ]);
      return { rows, total, limit: q.limit, offset: q.offset };
    },
  );

  app.post(
    '/activities/:id/participants',
    {
      config: { action: 'activity.participants-write' },
      schema: {
        description:
          'Adds or updates participants (by student: role and marks, null = not assessed yet) and takes ' +
          'the `remove` students off, in one transaction. The school admin or the teacher in charge.',
        params: activityParams,
        body: participantsBody,
        response: { 200: activityWriteResponse },
      },
    },
    async (req) => {
      const rec = await activityRecord(db, req.params.id);
      // The school admin, or the teacher in charge (server/auth/scope.ts).
      await teacherRowInScope(
        req,
        rec.schoolId,
        (me) => me.id === rec.teacherId,
        () => new ApiError(403, 'activity.not_in_charge', ACTIVITY_FIELD_MESSAGES.notInCharge),
      );
      // Published results lock marks: activity marks make the grade sheet's 5% too.
      if ((await publicationOf(db, rec.schoolId, rec.sessionId)).locked) throw lockedError();
      const { participants, remove } = req.body;
      participants.forEach((p, i) => {
        if (p.marks !== null && p.marks > rec.fullMarks) {
          throw badRequest(`participants.${i}.marks`, ACTIVITY_FIELD_MESSAGES.overFull);
        }
      });
      const ids = [...new Set([...participants.map((p) => p.student_id), ...remove])];
      const enrolled = ids.length
        ? await db
            .select({ id: enrolments.id, studentId: enrolments.studentId })
            .from(enrolments)
            .where(
              and(
                eq(enrolments.schoolId, rec.schoolId),
                eq(enrolments.sessionId, rec.sessionId),
                inArray(enrolments.studentId, ids),
              ),
            )
        : [];
      const enrolmentOf = new Map(enrolled.map((e) => [e.studentId, e.id]));
      participants.forEach((p, i) => {
        if (!enrolmentOf.has(p.student_id))
          throw badRequest(`participants.${i}.student_id`, ACTIVITY_FIELD_MESSAGES.notEnrolled);
      });
      await db.transaction(async (tx) => {
        if (participants.length) {
          await tx
            .insert(activityParticipants)
            .values(
              participants.map((p) => ({
                schoolId: rec.schoolId,
                activityId: rec.id,
                enrolmentId: enrolmentOf.get(p.student_id)!,
                role: p.role,
                marks: p.marks === null ? null : p.marks.toFixed(2),
              })),
            )
            .onConflictDoUpdate({
              target: [activityParticipants.activityId, activityParticipants.enrolmentId],
              set: { role: sql`excluded.role`, marks: sql`excluded.marks`, updatedAt: sql`now()` },
            });
        }
        const gone = remove.map((s) => enrolmentOf.get(s)).filter((e): e is number => e !== undefined);
        if (gone.length) {
          await tx
            .delete(activityParticipants)
            .where(and(eq(activityParticipants.activityId, rec.id), inArray(activityParticipants.enrolmentId, gone)));
        }
      });
      const saved = participants.length > 0 || remove.length === 0;
      return {
        ok: true as const,
        id: rec.id,
        code: saved ? ACTIVITY_SUCCESS_CODES.participantsSaved : ACTIVITY_SUCCESS_CODES.participantsRemoved,
        message: saved ? ACTIVITY_MESSAGES.participantsSaved : ACTIVITY_MESSAGES.participantsRemoved,
      };
    },
  );

  // A student's activities (a hot read: the dashboard's): prepared once, planned once per connection.
  // The enrolment of the asked session (only), else of the current one, else the latest.
  const myEnrolment = db
    .select({ id: enrolments.id, sessionId: enrolments.sessionId, sessionYear: academicSessions.sessionYear })
    .from(enrolments)
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .where(
      and(
        eq(enrolments.studentId, sql.placeholder('studentId')),
        sql`(${sql.placeholder('only')}::int is null or ${enrolments.sessionId} = ${sql.placeholder('only')}::int)`,
      ),
    )
    .orderBy(
      sql`(${enrolments.sessionId} = ${sql.placeholder('current')}::int) desc`,
      desc(academicSessions.sessionYear),
    )
    .limit(1)
    .prepare('activities_my_enrolment');
  const activitiesOfEnrolment = db
    .select({
      id: activities.id,
      name: activities.name,
      kind: sql<ActivityKind>`${activities.kind}`,
      teacher_name: sql<string | null>`case when ${teachers.id} is null then null else ${teacherFullName()} end`,
      full_marks: activities.fullMarks,
      role: activityParticipants.role,
      marks: sql<number | null>`${activityParticipants.marks}::float8`,
    })
    .from(activityParticipants)
    .innerJoin(activities, eq(activities.id, activityParticipants.activityId))
    .leftJoin(teachers, eq(teachers.id, activities.teacherId))
    .where(eq(activityParticipants.enrolmentId, sql.placeholder('enrolmentId')))
    .orderBy(asc(activities.name))
    .prepare('activities_mine');

  app.get(
    '/activities/mine',
    {
      config: { action: 'activity.student', cacheable: true },
      schema: {
        description:
          "A student's own activities (a guardian's linked child's: student_id) in a session (default: the current one, else their latest " +
          'enrolment), with their role, marks, and the Extra Curriculum part (out of 5) they make.',
        querystring: myActivitiesQuery,
        response: { 200: myActivities },
      },
    },
    async (req) => {
      // A student's own, a guardian's linked child's (student_id): server/auth/scope.ts.
      const me = await studentInScope(req, req.query.student_id);
      const { today } = await schoolClock(db, me.schoolId);
      const current = req.query.session_id ?? (await sessionIdForDate(db, today));
      const [enrolment] = await myEnrolment.execute({
        studentId: me.id,
        current: current ?? 0,
        only: req.query.session_id && current ? current : null,
      });
      if (!enrolment) return { session_id: null, session_year: null, rows: [], extra_curriculum: null };
      const rows = await activitiesOfEnrolment.execute({ enrolmentId: enrolment.id });
      const marked = rows.filter((r) => r.marks !== null);
      const rate = marked.length ? marked.reduce((a, r) => a + r.marks! / r.full_marks, 0) / marked.length : null;
      return {
        session_id: enrolment.sessionId,
        session_year: enrolment.sessionYear,
        rows,
        extra_curriculum: rate === null ? null : round2(Math.min(1, rate) * EXTRA_CURRICULUM_WEIGHT),
      };
    },
  );
}
