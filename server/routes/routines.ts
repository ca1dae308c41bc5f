/** Class routines: a teacher's week, a section's week, a teacher's day. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  routineRow,
  routineTodayRow,
  studentRoutineQuery,
  teacherRoutineQuery,
  teacherTodayQuery,
} from '@/api/schemas/routines';
import { USER_TYPES } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { schoolOf, sectionOf } from '../auth/tenant';
import { teacherOfUser } from '../cache/members';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import {
  academicSessions,
  attendanceTakings,
  classes,
  days,
  periods,
  routines,
  sections,
  shifts,
  subjects,
  teachers,
} from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { dayIdOf, schoolClock, sessionIdForDate } from '../services/school-time';
import { teacherFullName } from '../services/names';
import { schoolHolidayOn } from '../services/calendar';

/** The routine row the API speaks. */
const routineFields = {
  id: routines.id,
  class_id: routines.classId,
  class_name: classes.className,
  section_id: routines.sectionId,
  section_default_name: sections.sectionDefaultName,
  day_id: routines.dayId,
  day: days.name,
  period_id: routines.periodId,
  period_code: periods.periodCode,
  start_time: periods.startTime,
  end_time: periods.endTime,
  subject_id: routines.subjectId,
  subject_name: subjects.subjectName,
  teacher_id: routines.teacherId,
  initial: teachers.initial,
  full_name: teacherFullName(),
  room: routines.room,
  session_id: routines.sessionId,
  session_year: academicSessions.sessionYear,
  shift_id: routines.shiftId,
  shift_name: shifts.name,
};

/** The joins behind `routineFields`. */
function joinRoutine<T extends PgSelect>(qb: T) {
  return qb
    .innerJoin(classes, eq(classes.id, routines.classId))
    .innerJoin(sections, eq(sections.id, routines.sectionId))
    .innerJoin(days, eq(days.id, routines.dayId))
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
    .innerJoin(shifts, eq(shifts.id, routines.shiftId));
}

/** The routine rows, joined once; callers add their where clause. */
export function selectRoutines(db: DbOrTx) {
  return joinRoutine(db.select(routineFields).from(routines).$dynamic());
}

const weekOrder = [asc(routines.dayId), asc(periods.serial), asc(classes.sortOrder), asc(sections.sectionDefaultName)];

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
 * Undefined: resolve with `teacherInScope`.
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

/** The teacher record a teacher-scoped call is about; a teacher may only ask about themself. */
export async function teacherInScope(db: DbOrTx, req: Parameters<typeof schoolOf>[0], teacherId: number | undefined) {
  const auth = authOf(req);
  let row: { id: number; schoolId: number; userId: number } | undefined;
  if (teacherId) {
    [row] = await db
      .select({ id: teachers.id, schoolId: teachers.schoolId, userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, teacherId));
  } else if (auth.userType === USER_TYPES.teacher) {
    [row] = await db
      .select({ id: teachers.id, schoolId: teachers.schoolId, userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.userId, auth.userId));
  } else {
    throw badRequest('teacher_id', 'Choose a teacher.');
  }
  if (!row) throw notFound('Teacher');
  await schoolOf(req, row.schoolId);
  if (auth.userType === USER_TYPES.teacher && row.userId !== auth.userId)
    throw forbidden('That is another teacher’s routine.');
  return row;
}

export async function routineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/routine/teacher',
    {
      config: { action: 'routine.teacher' },
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
      return week(await teacherInScope(db, req, req.query.teacher_id));
    },
  );

  app.get(
    '/routine/student',
    {
      config: { action: 'routine.student' },
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
      config: { action: 'routine.teacher-today' },
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
        // No classes on a calendar holiday (issue 11): nothing is due (the holidays are cached).
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
      return day(await teacherInScope(db, req, req.query.teacher_id));
    },
  );
}
