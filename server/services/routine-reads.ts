/**
 * The routine's hot reads: a teacher's week and day (the dashboard's, prepared statements), a
 * section's week, and the admin's search defaulting to the current session. Whose routine a
 * caller reaches is server/auth/scope.ts's (`knownTeacher`, `teacherInScope`) and the section's
 * school tenant.ts's; these take the teacher or school decided there.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { attendanceTakings, routines, substitutions, teachers } from '../db/schema';
import { schoolHolidayOn } from './calendar';
import {
  joinRoutine,
  routineFields,
  routineListPage,
  selectRoutines,
  weekOrder,
  type RoutineFilters,
} from './routines';
import { dayIdOf, schoolClock, sessionIdForDate } from './school-time';

const placeholder = (name: string) => sql.placeholder(name);

/** A teacher's week in a session (routines of the teacher's school: the tenant check is part of it). */
const teacherWeek = preparedFor((db: DbOrTx) =>
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
const teacherDay = preparedFor((db: DbOrTx) =>
  joinRoutine(
    db
      .select({
        ...routineFields,
        attendance_taken: sql<boolean>`exists (select 1 from ${attendanceTakings}
          where ${attendanceTakings.routineId} = ${routines.id} and ${attendanceTakings.date} = ${placeholder('date')})`,
        // docs/DOMAIN.md, "Staff attendance, leave and substitutes": a period the teacher substitutes
        // that date is theirs to take; one of theirs given to a substitute says who takes it.
        substitute: sql<boolean>`${routines.teacherId} <> ${placeholder('teacher')}`,
        covered_by: sql<string | null>`(select ${teachers.initial} from ${substitutions}
          join ${teachers} on ${teachers.id} = ${substitutions.teacherId}
          where ${substitutions.schoolId} = ${routines.schoolId} and ${substitutions.routineId} = ${routines.id}
            and ${substitutions.date} = ${placeholder('date')} and ${substitutions.teacherId} <> ${placeholder('teacher')})`,
      })
      .from(routines)
      .$dynamic(),
  )
    .where(
      and(
        or(
          eq(routines.teacherId, placeholder('teacher')),
          sql`${routines.id} = any (array(select ${substitutions.routineId} from ${substitutions}
            where ${substitutions.schoolId} = ${placeholder('school')} and ${substitutions.date} = ${placeholder('date')}
              and ${substitutions.teacherId} = ${placeholder('teacher')}))`,
        ),
        eq(routines.schoolId, placeholder('school')),
        eq(routines.sessionId, placeholder('session')),
        eq(routines.dayId, placeholder('day')),
      ),
    )
    .orderBy(...weekOrder)
    .prepare('routines_teacher_day'),
);

/** The session of the school's today, or null when none is open. */
async function currentSession(db: DbOrTx, schoolId: number) {
  const { today } = await schoolClock(db, schoolId);
  return sessionIdForDate(db, today);
}

/** A teacher's week in the current session of their school (none without a session). */
export async function teacherWeekRows(db: DbOrTx, teacher: { id: number; schoolId: number }) {
  const sessionId = await currentSession(db, teacher.schoolId);
  if (!sessionId) return [];
  return teacherWeek(db).execute({ teacher: teacher.id, school: teacher.schoolId, session: sessionId });
}

/**
 * A teacher's periods of a day (`date`, else the school's today), each with whether its attendance
 * was taken: none without a session, and none on a calendar holiday (the holidays are cached).
 */
export async function teacherDayRows(db: DbOrTx, teacher: { id: number; schoolId: number }, date?: string) {
  const clock = await schoolClock(db, teacher.schoolId);
  const day = date ?? clock.today;
  const sessionId = await sessionIdForDate(db, day);
  if (!sessionId || (await schoolHolidayOn(db, teacher.schoolId, day))) return [];
  const rows = await teacherDay(db).execute({
    teacher: teacher.id,
    school: teacher.schoolId,
    session: sessionId,
    day: dayIdOf(day),
    date: day,
  });
  return rows.map(({ attendance_taken, substitute, covered_by, ...r }) => ({
    date: day,
    attendance_taken,
    substitute,
    covered_by,
    ...r,
  }));
}

/** A section's week in the current session of its school (of one class when given). */
export async function sectionWeekRows(db: DbOrTx, schoolId: number, sectionId: number, classId?: number) {
  const sessionId = await currentSession(db, schoolId);
  if (!sessionId) return [];
  const where: SQL[] = [
    eq(routines.schoolId, schoolId),
    eq(routines.sectionId, sectionId),
    eq(routines.sessionId, sessionId),
  ];
  if (classId) where.push(eq(routines.classId, classId));
  return selectRoutines(db)
    .where(and(...where))
    .orderBy(...weekOrder);
}

/** The admin's search in the week's order: without a session named, the school's current one (none: empty). */
export async function routineSearchPage(
  db: DbOrTx,
  schoolId: number,
  filters: RoutineFilters,
  page: { limit: number; offset: number },
) {
  if (!filters.session_id) {
    const sessionId = await currentSession(db, schoolId);
    if (!sessionId) return { rows: [], total: 0, limit: page.limit, offset: page.offset };
    filters = { ...filters, session_id: sessionId };
  }
  return routineListPage(db, schoolId, filters, { ...page, order: 'week' });
}
