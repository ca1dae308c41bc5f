/** "Today" is always the school's today; sessions are calendar years. */
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { academicSessions, schools } from '../db/schema';
import { notFound } from '../errors';

/** Spec day ids: 1 = Sunday ... 7 = Saturday. Luxon weekdays are 1 = Monday ... 7 = Sunday. */
export const dayIdOf = (isoDate: string): number => (DateTime.fromISO(isoDate).weekday % 7) + 1;

export const DAY_NAMES = ['', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export const todayIn = (timeZone: string): string => DateTime.now().setZone(timeZone).toISODate()!;

export interface SchoolClock {
  timeZone: string;
  weeklyOffDays: number[];
  /** School days after a period that a teacher may still take or correct it (0: the same day). */
  attendanceEditDays: number;
  today: string;
}

export async function schoolClock(db: DbOrTx, schoolId: number): Promise<SchoolClock> {
  const [school] = await db
    .select({
      timeZone: schools.timeZone,
      weeklyOffDays: schools.weeklyOffDays,
      attendanceEditDays: schools.attendanceEditDays,
    })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw notFound('School');
  return { ...school, today: todayIn(school.timeZone) };
}

/**
 * The earliest date a teacher may still take or correct: `days` school days (weekly off days not
 * counted) before today. 0 gives today itself. A school closed every day of the week (a setting
 * nobody means) is treated as open, so the walk always ends.
 */
export function earliestEditableDate(clock: Pick<SchoolClock, 'today' | 'weeklyOffDays' | 'attendanceEditDays'>) {
  const off = clock.weeklyOffDays.length >= 7 ? [] : clock.weeklyOffDays;
  let d = DateTime.fromISO(clock.today);
  for (let left = clock.attendanceEditDays; left > 0;) {
    d = d.minus({ days: 1 });
    if (!off.includes((d.weekday % 7) + 1)) left -= 1;
  }
  return d.toISODate()!;
}

/** The session whose year is the date's year (the academic session is a calendar year). */
export async function sessionIdForDate(db: DbOrTx, isoDate: string): Promise<number | null> {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, isoDate.slice(0, 4)));
  return row?.id ?? null;
}
