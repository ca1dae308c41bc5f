/**
 * A section's attendance over a range (docs/DOMAIN.md, "Attendance"): each student's periods
 * taken, present, absent and rate, and, for a range of at most a month, the register's day marks:
 * the student's mark in the section's first taken period of each day (the morning roll call, as
 * "present for the day" is everywhere else). Four statements whatever the section's size: the
 * section, its roll, the counts per student, the day marks; the holidays come from the cache.
 */
import { DateTime } from 'luxon';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import {
  REGISTER_MAX_DAYS,
  type AttendanceReport,
  type DayMark,
  type RegisterDay,
} from '@/api/schemas/attendance-register';
import type { SectionRecord } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  attendanceMarks,
  attendanceTakings,
  classes,
  enrolments,
  periods,
  routines,
  sections,
  students,
} from '../db/schema';
import { badRequest } from '../errors';
import { holidayOn, schoolHolidays } from './calendar';
import { studentFullName } from './names';
import { dayIdOf, schoolClock, sessionIdForDate } from './school-time';

export interface ReportAsk {
  class_id?: number;
  start_date: string;
  end_date: string;
}

/** Present ÷ taken in percent, one decimal; null when nothing was taken. */
export const rateOf = (present: number, taken: number): number | null =>
  taken === 0 ? null : Math.round((present * 1000) / taken) / 10;

/** Every date from `from` to `to`, inclusive. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = DateTime.fromISO(from); d.toISODate()! <= to; d = d.plus({ days: 1 })) out.push(d.toISODate()!);
  return out;
}

export async function attendanceReport(db: DbOrTx, section: SectionRecord, ask: ReportAsk): Promise<AttendanceReport> {
  if (ask.class_id !== undefined && ask.class_id !== section.classId) {
    throw badRequest('class_id', 'the section is not of this class');
  }
  const sessionId = await sessionIdForDate(db, ask.start_date);
  if (sessionId === null) throw badRequest('start_date', 'there is no session for this date');
  const range = and(gte(attendanceMarks.date, ask.start_date), lte(attendanceMarks.date, ask.end_date));
  const roll = and(eq(enrolments.sectionId, section.id), eq(enrolments.sessionId, sessionId));
  const dates = datesBetween(ask.start_date, ask.end_date);
  const withDays = dates.length <= REGISTER_MAX_DAYS;

  const [[head], people, counts, firsts, takings, clock, holidays] = await Promise.all([
    db
      .select({
        class_name: classes.className,
        section_default_name: sections.sectionDefaultName,
        session_year: academicSessions.sessionYear,
      })
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .innerJoin(academicSessions, eq(academicSessions.id, sessionId))
      .where(eq(sections.id, section.id)),
    db
      .select({
        enrolment_id: enrolments.id,
        student_id: students.id,
        student_code: students.studentCode,
        name: studentFullName(),
        class_roll_no: enrolments.classRollNo,
      })
      .from(enrolments)
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .where(roll)
      .orderBy(asc(enrolments.classRollNo)),
    db
      .select({
        enrolment_id: attendanceMarks.enrolmentId,
        taken: sql<number>`count(*)`.mapWith(Number),
        present: sql<number>`count(*) filter (where ${attendanceMarks.status} = 1)`.mapWith(Number),
      })
      .from(attendanceMarks)
      .innerJoin(enrolments, eq(enrolments.id, attendanceMarks.enrolmentId))
      .where(and(roll, range))
      .groupBy(attendanceMarks.enrolmentId),
    withDays
      ? db
          .selectDistinctOn([attendanceMarks.enrolmentId, attendanceMarks.date], {
            enrolment_id: attendanceMarks.enrolmentId,
            date: attendanceMarks.date,
            status: attendanceMarks.status,
          })
          .from(attendanceMarks)
          .innerJoin(enrolments, eq(enrolments.id, attendanceMarks.enrolmentId))
          .innerJoin(routines, eq(routines.id, attendanceMarks.routineId))
          .innerJoin(periods, eq(periods.id, routines.periodId))
          .where(and(roll, range))
          .orderBy(attendanceMarks.enrolmentId, attendanceMarks.date, asc(periods.startTime), asc(routines.id))
      : Promise.resolve([]),
    withDays
      ? db
          .select({ date: attendanceTakings.date, n: sql<number>`count(*)`.mapWith(Number) })
          .from(attendanceTakings)
          .innerJoin(routines, eq(routines.id, attendanceTakings.routineId))
          .where(
            and(
              eq(routines.sectionId, section.id),
              gte(attendanceTakings.date, ask.start_date),
              lte(attendanceTakings.date, ask.end_date),
            ),
          )
          .groupBy(attendanceTakings.date)
      : Promise.resolve([]),
    schoolClock(db, section.schoolId),
    schoolHolidays(db, section.schoolId),
  ]);

  const takenOn = new Map(takings.map((t) => [t.date, t.n]));
  const days: RegisterDay[] = withDays
    ? dates.map((date) => {
        const holiday = holidayOn(holidays, date)?.topics ?? null;
        return {
          date,
          school_day: holiday === null && !clock.weeklyOffDays.includes(dayIdOf(date)),
          holiday,
          taken_periods: takenOn.get(date) ?? 0,
        };
      })
    : [];
  const column = new Map(dates.map((d, i) => [d, i]));
  const marksOf = new Map<number, DayMark[]>();
  for (const f of firsts) {
    let row = marksOf.get(f.enrolment_id);
    if (!row) marksOf.set(f.enrolment_id, (row = dates.map((): DayMark => null)));
    row[column.get(f.date)!] = f.status === 1 ? 'P' : 'A';
  }
  const countOf = new Map(counts.map((c) => [c.enrolment_id, c]));
  const totals = { periods_taken: 0, present: 0, absent: 0, rate: null as number | null };
  const rows = people.map((p) => {
    const c = countOf.get(p.enrolment_id);
    const taken = c?.taken ?? 0;
    const present = c?.present ?? 0;
    totals.periods_taken += taken;
    totals.present += present;
    const marks = withDays ? (marksOf.get(p.enrolment_id) ?? dates.map((): DayMark => null)) : [];
    return {
      student_id: p.student_id,
      student_code: p.student_code,
      name: p.name,
      class_roll_no: p.class_roll_no,
      periods_taken: taken,
      present,
      absent: taken - present,
      rate: rateOf(present, taken),
      marks,
      days_present: marks.filter((m) => m === 'P').length,
      days_absent: marks.filter((m) => m === 'A').length,
    };
  });
  totals.absent = totals.periods_taken - totals.present;
  totals.rate = rateOf(totals.present, totals.periods_taken);
  return {
    section: {
      id: section.id,
      class_id: section.classId,
      class_name: head?.class_name ?? '',
      section_default_name: head?.section_default_name ?? '',
      session_id: sessionId,
      session_year: head?.session_year ?? ask.start_date.slice(0, 4),
    },
    start_date: ask.start_date,
    end_date: ask.end_date,
    days,
    students: rows,
    totals,
  };
}
