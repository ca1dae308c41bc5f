/**
 * Dates and set-up shared by the attendance and messaging server tests. Attendance depends on the
 * calendar (today, weekly off days, the routine's weekday), so every test works from the school's
 * today on the server's clock (server/clock.ts). The attendance suites set that clock to named
 * days of the template seeded on SEEDED_TODAY (`onNamedDays`); a suite that keeps the real clock
 * calls `openToday`, which makes today a school day with classes when it is a weekly off day.
 */
import { DateTime } from 'luxon';
import { and, eq, sql } from 'drizzle-orm';
import { attendanceTakings, messageOutbox, schools } from '@server/db/schema';
import { clock, setClock } from '@server/clock';
import type { TestApp } from '../helpers/server';
import { useRunClock } from '../helpers/run-clock';

export const ZONE = 'Asia/Dhaka';
/** The server clock's instant in the school's zone. */
export const schoolNow = () => DateTime.fromMillis(clock.now()).setZone(ZONE);
export const schoolToday = () => schoolNow().startOf('day');

/**
 * Named moments of the template seeded on SEEDED_TODAY (Thursday 3 December 2026; the demo's
 * weekly off days are Friday and Saturday). Dhaka is UTC+6 all year.
 */
export const NAMED = {
  /** A school day, mid-morning: the suites' today. */
  schoolDay: '2026-12-03T04:30:00Z',
  /** A weekly off day (Friday 4 December), mid-morning. */
  friday: '2026-12-04T04:30:00Z',
  /** The first school day after the weekend (Sunday 6 December). */
  sunday: '2026-12-06T04:30:00Z',
  /** The Monday after it. */
  monday: '2026-12-07T04:30:00Z',
  /** Victory Day, a holiday in the demo's calendar (Wednesday 16 December). */
  holiday: '2026-12-16T04:30:00Z',
  /** The last day of the 2026 session (Thursday 31 December), a school day. */
  sessionEnd: '2026-12-31T04:30:00Z',
  /** 23:59 on Thursday 3 December in Dhaka. */
  beforeMidnight: '2026-12-03T17:59:00Z',
  /** 00:30 on Friday 4 December in Dhaka while UTC is still on 3 December. */
  afterMidnight: '2026-12-03T18:30:00Z',
} as const;

/**
 * Run the file's tests with the server's clock on `at` (an ISO instant; a test may move it with
 * setClock), back on the run's clock after the file (tests/helpers/run-clock.ts).
 */
export function onNamedDays(at: string = NAMED.schoolDay) {
  beforeAll(() => setClock(at));
  afterAll(() => useRunClock());
}
export const iso = (d: DateTime) => d.toISODate()!;
/** Spec day ids: 1 = Sunday ... 7 = Saturday. */
export const dayIdOf = (d: DateTime) => (d.weekday % 7) + 1;
export const ddmmyyyy = (isoDate: string) => DateTime.fromISO(isoDate).toFormat('dd-MM-yyyy');

/**
 * Make the school's today a school day of every school with Thursday's classes when it is a weekly
 * off day (the seed schedules Sunday to Thursday). Returns the weekly off days in force afterwards.
 */
export async function openToday(t: TestApp): Promise<number[]> {
  const todayId = dayIdOf(schoolToday());
  const [{ off }] = (
    (await t.db.execute(sql`select weekly_off_days as off from schools order by id limit 1`)) as unknown as {
      rows: { off: number[] }[];
    }
  ).rows;
  if (off.includes(todayId)) {
    await t.db
      .update(schools)
      .set({ weeklyOffDays: sql`array_remove(${schools.weeklyOffDays}, ${todayId}::smallint)` });
    await t.db.execute(sql`
      insert into routines (school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room)
      select school_id, session_id, shift_id, class_id, section_id, ${todayId}, period_id, subject_id, teacher_id, room
      from routines where day_id = 5`);
  }
  return off.filter((d) => d !== todayId);
}

/** The most recent school day strictly before `from`. */
export function schoolDayBefore(from: DateTime, offDays: readonly number[]): DateTime {
  let d = from.minus({ days: 1 });
  while (offDays.includes(dayIdOf(d))) d = d.minus({ days: 1 });
  return d;
}

/** Forget a period's taking on a date (marks and their audit go with it) and its messages. */
export async function resetTaking(t: TestApp, routineId: number, date: string) {
  await t.db.delete(messageOutbox).where(and(eq(messageOutbox.routineId, routineId), eq(messageOutbox.date, date)));
  await t.db
    .delete(attendanceTakings)
    .where(and(eq(attendanceTakings.routineId, routineId), eq(attendanceTakings.date, date)));
}

export interface ListedStudent {
  student_id: number;
  full_name: string;
  class_roll_no: number;
  attendance_status: 0 | 1 | null;
}

/** The Take Attendance list of a period on a date. */
export async function listOf(t: TestApp, as: string, routineId: number, date: string): Promise<ListedStudent[]> {
  const res = await t.get(as, `/api/attendance/student?routine_id=${routineId}&date=${date}`);
  if (res.statusCode !== 200) throw new Error(`list ${routineId} ${date}: ${res.statusCode} ${res.body}`);
  return res.json();
}
