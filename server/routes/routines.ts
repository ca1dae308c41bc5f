/** Class routines: a teacher's week, a section's week, a teacher's day. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, type SQL } from 'drizzle-orm';
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
import type { DbOrTx } from '../db/client';
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

/** The routine row the API speaks, joined once; callers add their where clause. */
export function selectRoutines(db: DbOrTx) {
  return db
    .select({
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
    })
    .from(routines)
    .innerJoin(classes, eq(classes.id, routines.classId))
    .innerJoin(sections, eq(sections.id, routines.sectionId))
    .innerJoin(days, eq(days.id, routines.dayId))
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
    .innerJoin(shifts, eq(shifts.id, routines.shiftId))
    .$dynamic();
}

const weekOrder = [asc(routines.dayId), asc(periods.serial), asc(classes.sortOrder), asc(sections.sectionDefaultName)];

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
      const teacher = await teacherInScope(db, req, req.query.teacher_id);
      const { today } = await schoolClock(db, teacher.schoolId);
      const sessionId = await sessionIdForDate(db, today);
      if (!sessionId) return [];
      return selectRoutines(db)
        .where(and(eq(routines.teacherId, teacher.id), eq(routines.sessionId, sessionId)))
        .orderBy(...weekOrder);
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
      const teacher = await teacherInScope(db, req, req.query.teacher_id);
      if (req.query.school_info_id && req.query.school_info_id !== teacher.schoolId) throw forbidden();
      const clock = await schoolClock(db, teacher.schoolId);
      const date = req.query.today ?? clock.today;
      const sessionId = await sessionIdForDate(db, date);
      if (!sessionId) return [];
      const rows = await selectRoutines(db)
        .where(
          and(eq(routines.teacherId, teacher.id), eq(routines.sessionId, sessionId), eq(routines.dayId, dayIdOf(date))),
        )
        .orderBy(...weekOrder);
      if (!rows.length) return [];
      const taken = await db
        .select({ routineId: attendanceTakings.routineId })
        .from(attendanceTakings)
        .innerJoin(routines, eq(routines.id, attendanceTakings.routineId))
        .where(and(eq(routines.teacherId, teacher.id), eq(attendanceTakings.date, date)));
      const takenIds = new Set(taken.map((t) => t.routineId));
      return rows.map((r) => ({ ...r, date, attendance_taken: takenIds.has(r.id) }));
    },
  );
}
