/**
 * What the school's attendance says about the day, for the admin: the registers nobody took
 * (docs/DOMAIN.md, "Attendance": a period's register is missing 15 minutes after it ends).
 */
import { DateTime } from 'luxon';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import { UNTAKEN_AFTER_MINUTES, type UntakenPeriodsPage } from '@/api/schemas/attendance';
import type { DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { attendanceTakings, classes, periods, routines, sections, subjects, teachers } from '../db/schema';
import { teacherFullName } from './names';
import { dayIdOf, schoolClock, serverClock } from './school-time';
import { schoolDateOf } from './attendance-flows';

const ph = sql.placeholder;

/**
 * A school's periods of one weekday and session with no taking on the date, ended by `until`
 * (HH:mm:ss), one page of them with the total from the same statement.
 */
const untakenStatement = preparedFor((db) =>
  db
    .select({
      routine_id: routines.id,
      period_code: periods.periodCode,
      start_time: periods.startTime,
      end_time: periods.endTime,
      class_name: classes.className,
      section_id: sections.id,
      section_default_name: sections.sectionDefaultName,
      subject_name: subjects.subjectName,
      teacher_id: teachers.id,
      teacher_name: teacherFullName(),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(sections, eq(sections.id, routines.sectionId))
    .innerJoin(classes, eq(classes.id, sections.classId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .leftJoin(
      attendanceTakings,
      and(eq(attendanceTakings.routineId, routines.id), eq(attendanceTakings.date, sql`${ph('date')}::date`)),
    )
    .where(
      and(
        eq(routines.schoolId, ph('schoolId')),
        eq(routines.sessionId, ph('sessionId')),
        eq(routines.dayId, ph('dayId')),
        isNull(attendanceTakings.id),
        lte(periods.endTime, sql`${ph('until')}::time`),
      ),
    )
    .orderBy(asc(periods.startTime), asc(classes.sortOrder), asc(sections.sectionDefaultName), asc(routines.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .prepare('attendance_untaken_periods'),
);

/**
 * The registers not taken on a date (today by default) of a school: today those of periods that
 * ended at least UNTAKEN_AFTER_MINUTES ago, an earlier day all of them, a later day none; none on
 * a weekly off day or a calendar holiday.
 */
export async function untakenPeriods(
  db: DbOrTx,
  opts: { schoolId: number; date?: string; limit: number; offset: number },
): Promise<UntakenPeriodsPage> {
  const day = await schoolDateOf(db, opts.schoolId, opts.date);
  const page = { rows: [], total: 0, limit: opts.limit, offset: opts.offset };
  const { today, timeZone } = await schoolClock(db, opts.schoolId);
  if (day.holiday || day.weeklyOffDays.includes(dayIdOf(day.date)) || day.date > today || !day.sessionId) return page;
  const until =
    day.date === today
      ? DateTime.fromMillis(serverClock.now(), { zone: timeZone })
          .minus({ minutes: UNTAKEN_AFTER_MINUTES })
          .toFormat('HH:mm:ss')
      : '24:00:00';
  const rows = await untakenStatement(db).execute({
    schoolId: opts.schoolId,
    sessionId: day.sessionId,
    dayId: dayIdOf(day.date),
    date: day.date,
    until,
    limit: opts.limit,
    offset: opts.offset,
  });
  return {
    ...page,
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ total: _total, ...r }) => ({ ...r, date: day.date })),
  };
}
