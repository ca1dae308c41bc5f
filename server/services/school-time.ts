/** "Today" is always the school's today; sessions are calendar years. */
import { DateTime } from 'luxon';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { academicSessions, schools } from '../db/schema';
import { notFound } from '../errors';

/** Spec day ids: 1 = Sunday ... 7 = Saturday. Luxon weekdays are 1 = Monday ... 7 = Sunday. */
export const dayIdOf = (isoDate: string): number => (DateTime.fromISO(isoDate).weekday % 7) + 1;

export const todayIn = (timeZone: string): string => DateTime.now().setZone(timeZone).toISODate()!;

export async function schoolClock(db: DbOrTx, schoolId: number) {
  const [school] = await db
    .select({ timeZone: schools.timeZone, weeklyOffDays: schools.weeklyOffDays })
    .from(schools)
    .where(eq(schools.id, schoolId));
  if (!school) throw notFound('School');
  return { ...school, today: todayIn(school.timeZone) };
}

/** The session whose year is the date's year (the academic session is a calendar year). */
export async function sessionIdForDate(db: DbOrTx, isoDate: string): Promise<number | null> {
  const [row] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, isoDate.slice(0, 4)));
  return row?.id ?? null;
}
