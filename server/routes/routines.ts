/** Class routines: a teacher's week, a section's week, a teacher's day. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ROUTINE_MESSAGES,
  ROUTINE_SUCCESS_CODES,
  routineDeleteResponse,
  routineIdQuery,
  routinePage,
  routineRow,
  routineSchoolQuery,
  routineSearchQuery,
  routineTodayRow,
  routineWriteBody,
  routineWriteResponse,
  studentRoutineQuery,
  teacherRoutineQuery,
  teacherTodayQuery,
} from '@/api/schemas/routines';
import { USER_TYPES } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { teacherInScope } from '../auth/scope';
import { schoolOf, sectionOf } from '../auth/tenant';
import { teacherOfUser } from '../cache/members';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { attendanceTakings, routines } from '../db/schema';
import { ApiError, forbidden, notFound } from '../errors';
import { dayIdOf, schoolClock, sessionIdForDate } from '../services/school-time';
import {
  deleteRoutine,
  HAS_ATTENDANCE_MOVE,
  hasAttendance,
  joinRoutine,
  routineFields,
  saveRoutine,
  selectRoutines,
  weekOrder,
  checkRoutineParts,
  routineListPage,
} from '../services/routines';
import { schoolHolidayOn } from '../services/calendar';

const placeholder = (name: string) => sql.placeholder(name);

/** A teacher's week in a session (routines of the teacher's school: the tenant check is part of it). */
const teacherWeek = preparedFor((db) =>
  selectRoutines(db)
    .where(
      and(
        eq(routines.teacherId, placeholder('teacher')),
        eq(routines.schoolId, placeholder('school')),
        eq(routines.sessionId, placeholder('session')),
      ),
    )
    .orderBy(...weekOrder)
    .prepare('routines_teacher_week'),
);

/** A teacher's periods of one day, each with whether its attendance was taken that date. */
const teacherDay = preparedFor((db) =>
  joinRoutine(
    db
      .select({
        ...routineFields,
        attendance_taken: sql<boolean>`exists (select 1 from ${attendanceTakings}
          where ${attendanceTakings.routineId} = ${routines.id} and ${attendanceTakings.date} = ${placeholder('date')})`,
      })
      .from(routines)
      .$dynamic(),
  )
    .where(
      and(
        eq(routines.teacherId, placeholder('teacher')),
        eq(routines.schoolId, placeholder('school')),
        eq(routines.sessionId, placeholder('session')),
        eq(routines.dayId, placeholder('day')),
      ),
    )
    .orderBy(...weekOrder)
    .prepare('routines_teacher_day'),
);

/**
 * The teacher of a teacher-scoped read without a query where it can be: a teacher asking about
 * themself (the cached record), or a school admin naming a teacher (the school is the admin's;
 * the read itself is limited to that school, and only an empty answer asks `teacherInScope` why).
 * Undefined: resolve with `teacherInScope` (server/auth/scope.ts), which decides; this only spares
 * the hot read a query when the answer cannot differ.
 */
async function knownTeacher(db: Db, req: FastifyRequest, teacherId: number | undefined) {
  const auth = authOf(req);
  if (auth.userType === USER_TYPES.teacher) {
    const own = await teacherOfUser(db, auth.userId);
    if (own && (!teacherId || teacherId === own.id) && own.schoolId === auth.schoolId) {
      return { id: own.id, schoolId: own.schoolId, certain: true };
    }
    return undefined;
  }
  if (teacherId && auth.userType === USER_TYPES.schoolAdmin && auth.schoolId != null) {
    return { id: teacherId, schoolId: auth.schoolId, certain: false };
  }
  return undefined;
}

/** A routine the caller may change: it must exist (404) and be of the caller's school (403). */
async function manageableRoutine(db: DbOrTx, req: FastifyRequest, routineId: number) {
  const [r] = await db
    .select({
      id: routines.id,
      schoolId: routines.schoolId,
      classId: routines.classId,
      sectionId: routines.sectionId,
      sessionId: routines.sessionId,
      shiftId: routines.shiftId,
      dayId: routines.dayId,
      periodId: routines.periodId,
    })
    .from(routines)
    .where(eq(routines.id, routineId));
  if (!r) throw notFound('Routine');
  await schoolOf(req, r.schoolId);
  return r;
}

export async function routineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/routine/teacher',
    {
      config: { action: 'routine.teacher', cacheable: true },
      schema: {
        querystring: teacherRoutineQuery,
        response: { 200: z.array(routineRow) },
      },
    },
    async (req) => {
      const week = async (teacher: { id: number; schoolId: number }) => {
        const { today } = await schoolClock(db, teacher.schoolId);
        const sessionId = await sessionIdForDate(db, today);
        if (!sessionId) return [];
        return teacherWeek(db).execute({ teacher: teacher.id, school: teacher.schoolId, session: sessionId });
      };
      const known = await knownTeacher(db, req, req.query.teacher_id);
      if (known) {
        const rows = await week(known);
        if (rows.length || known.certain) return rows;
      }
      return week(await teacherInScope(req, req.query.teacher_id));
    },
  );

  app.get(
    '/routine/student',
    {
      config: { action: 'routine.student', cacheable: true },
      schema: {
        querystring: studentRoutineQuery,
        response: { 200: z.array(routineRow) },
      },
    },
    async (req) => {
      const { schoolId } = await sectionOf(req, req.query.section_id, req.query.school_info_id);
      const { today } = await schoolClock(db, schoolId);
      const sessionId = await sessionIdForDate(db, today);
      if (!sessionId) return [];
      const where: SQL[] = [
        eq(routines.schoolId, schoolId),
        eq(routines.sectionId, req.query.section_id),
        eq(routines.sessionId, sessionId),
      ];
      if (req.query.class_id) where.push(eq(routines.classId, req.query.class_id));
      return selectRoutines(db)
        .where(and(...where))
        .orderBy(...weekOrder);
    },
  );

  app.get(
    '/routine/teacher/today',
    {
      config: { action: 'routine.teacher-today', cacheable: true },
      schema: {
        querystring: teacherTodayQuery,
        response: { 200: z.array(routineTodayRow) },
      },
    },
    async (req) => {
      const day = async (teacher: { id: number; schoolId: number }) => {
        if (req.query.school_info_id && req.query.school_info_id !== teacher.schoolId) throw forbidden();
        const clock = await schoolClock(db, teacher.schoolId);
        const date = req.query.today ?? clock.today;
        const sessionId = await sessionIdForDate(db, date);
        // No classes on a calendar holiday: nothing is due (the holidays are cached).
        if (!sessionId || (await schoolHolidayOn(db, teacher.schoolId, date))) return [];
        const rows = await teacherDay(db).execute({
          teacher: teacher.id,
          school: teacher.schoolId,
          session: sessionId,
          day: dayIdOf(date),
          date,
        });
        return rows.map(({ attendance_taken, ...r }) => ({ ...r, date, attendance_taken }));
      };
      let known = await knownTeacher(db, req, req.query.teacher_id);
      // A school that is not the assumed one: let teacherInScope say which refusal it is.
      if (req.query.school_info_id && req.query.school_info_id !== known?.schoolId) known = undefined;
      if (known) {
        const rows = await day(known);
        if (rows.length || known.certain) return rows;
      }
      return day(await teacherInScope(req, req.query.teacher_id));
    },
  );
  // ---------------------------------------------------------------- the admin's routines

  app.post(
    '/routine/all',
    {
      config: { action: 'routine.write' },
      schema: { body: routineWriteBody, response: { 200: routineWriteResponse } },
    },
    async (req) => {
      const body = req.body;
      const schoolId = await schoolOf(req, body.school_info_id);
      const existing = body.id ? await manageableRoutine(db, req, body.id) : null;
      if (existing && existing.schoolId !== schoolId) throw forbidden('That routine is not in this school.');
      const input = {
        schoolId,
        sessionId: body.session_id,
        shiftId: body.shift_id,
        classId: body.class_id,
        sectionId: body.section_id,
        dayId: body.day_id,
        periodId: body.period_id,
        subjectId: body.subject_id,
        teacherId: body.teacher_id,
        room: body.room,
      };
      await checkRoutineParts(db, input);
      if (existing) {
        const moved = (['classId', 'sectionId', 'sessionId', 'shiftId', 'dayId', 'periodId'] as const).some(
          (k) => existing[k] !== input[k],
        );
        if (moved && (await hasAttendance(db, existing.id))) {
          throw new ApiError(409, 'routines.has_attendance_move', HAS_ATTENDANCE_MOVE);
        }
      }
      const id = await saveRoutine(db, existing, input);
      const done = existing ? 'updated' : 'created';
      return { ok: true as const, id, message: ROUTINE_MESSAGES[done], code: ROUTINE_SUCCESS_CODES[done] };
    },
  );

  app.post(
    '/routine/delete',
    {
      config: { action: 'routine.delete' },
      schema: { querystring: routineIdQuery, response: { 200: routineDeleteResponse } },
    },
    async (req) => {
      const r = await manageableRoutine(db, req, req.query.id);
      await deleteRoutine(db, r);
      return { ok: true as const, message: ROUTINE_MESSAGES.deleted, code: ROUTINE_SUCCESS_CODES.deleted };
    },
  );

  app.get(
    '/routine/school/filter',
    {
      config: { action: 'routine.school' },
      schema: { querystring: routineSchoolQuery, response: { 200: routinePage } },
    },
    async (req) => {
      const { limit, offset, school_info_id, ...filters } = req.query;
      const schoolId = await schoolOf(req, school_info_id);
      // The newest session's first (a school keeps last year's routine), then the newest entries.
      return routineListPage(db, schoolId, filters, { limit, offset, order: 'newest' });
    },
  );

  app.get(
    '/routine/admin-search',
    {
      config: { action: 'routine.search' },
      schema: { querystring: routineSearchQuery, response: { 200: routinePage } },
    },
    async (req) => {
      const { limit, offset, school_info_id, ...filters } = req.query;
      const schoolId = await schoolOf(req, school_info_id);
      if (!filters.session_id) {
        const { today } = await schoolClock(db, schoolId);
        const sessionId = await sessionIdForDate(db, today);
        if (!sessionId) return { rows: [], total: 0, limit, offset };
        filters.session_id = sessionId;
      }
      return routineListPage(db, schoolId, filters, { limit, offset, order: 'week' });
    },
  );
}
