/** "Today" is always the school's today; sessions are calendar years. */
import { DateTime } from 'luxon';
import { eq, sql } from 'drizzle-orm';
import { cacheOf, type SchoolSettings } from '../cache/hot-cache';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { academicSessions, schools } from '../db/schema';
import { badRequest, notFound } from '../errors';

/** Spec day ids: 1 = Sunday ... 7 = Saturday. Luxon weekdays are 1 = Monday ... 7 = Sunday. */
export const dayIdOf = (isoDate: string): number => (DateTime.fromISO(isoDate).weekday % 7) + 1;

export const DAY_NAMES = ['', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The server's clock (server/clock.ts): school dates and the attendance windows are judged on it. */
import { clock as serverClock } from '../clock';
export { serverClock };

/**
 * The date in a time zone, remembered until that zone's next midnight: converting the clock to a
 * zone (luxon through Intl) was a tenth of a simple read's CPU when done on every request.
 */
const todays = new Map<string, { today: string; from: number; until: number }>();
function dayIn(timeZone: string) {
  const now = serverClock.now();
  const hit = todays.get(timeZone);
  if (hit && hit.from <= now && now < hit.until) return hit;
  const day = DateTime.fromMillis(now).setZone(timeZone);
  const entry = {
    today: day.toISODate()!,
    from: day.startOf('day').toMillis(),
    until: day.plus({ days: 1 }).startOf('day').toMillis(),
  };
  if (day.isValid) todays.set(timeZone, entry);
  return entry;
}

export function todayIn(timeZone: string): string {
  return dayIn(timeZone).today;
}

/** When today ends in the time zone (epoch ms): the next midnight there. */
export function dayEndIn(timeZone: string): number {
  return dayIn(timeZone).until;
}

export interface SchoolClock extends SchoolSettings {
  today: string;
}

const schoolSettingsStatement = preparedFor((db) =>
  db
    .select({
      timeZone: schools.timeZone,
      weeklyOffDays: schools.weeklyOffDays,
      attendanceEditDays: schools.attendanceEditDays,
    })
    .from(schools)
    .where(eq(schools.id, sql.placeholder('schoolId')))
    .prepare('school_settings'),
);

/** A school's clock settings, from the process's cache when it has them (server/cache). */
export async function schoolSettings(db: DbOrTx, schoolId: number): Promise<SchoolSettings | null> {
  const cache = cacheOf(db);
  const load = async () => {
    const [school] = cache
      ? await schoolSettingsStatement(db as Db).execute({ schoolId })
      : await db
          .select({
            timeZone: schools.timeZone,
            weeklyOffDays: schools.weeklyOffDays,
            attendanceEditDays: schools.attendanceEditDays,
          })
          .from(schools)
          .where(eq(schools.id, schoolId));
    return school ?? null;
  };
  return cache ? cache.through(cache.schools, schoolId, load, { store: (s) => s !== null }) : load();
}

/** When the school's today ends on the server's clock (its next midnight, epoch ms); null for no such school. */
export async function schoolDayEnd(db: DbOrTx, schoolId: number): Promise<number | null> {
  const settings = await schoolSettings(db, schoolId);
  return settings ? dayEndIn(settings.timeZone) : null;
}

/** The school's settings and its today (computed on every call: the cache keeps only the settings). */
export async function schoolClock(db: DbOrTx, schoolId: number): Promise<SchoolClock> {
  const school = await schoolSettings(db, schoolId);
  if (!school) throw notFound('School');
  return { today: todayIn(school.timeZone), ...school };
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

const sessionOfYearStatement = preparedFor((db) =>
  db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, sql.placeholder('year')))
    .prepare('session_of_year'),
);

/** The session whose year is the date's year (the academic session is a calendar year). */
export async function sessionIdForDate(db: DbOrTx, isoDate: string): Promise<number | null> {
  const year = isoDate.slice(0, 4);
  const cache = cacheOf(db);
  if (!cache) {
    const [row] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.sessionYear, year));
    return row?.id ?? null;
  }
  return cache.through(cache.years, year, async () => {
    const [row] = await sessionOfYearStatement(db as Db).execute({ year });
    return row?.id ?? null;
  });
}

/**
 * The session a call acts in: the one named (400 naming session_id when there is no such session),
 * or the school's current one (400 when this year has none). Enrolling a student and registering
 * subjects both ask it.
 */
export async function sessionNamedOrCurrent(db: DbOrTx, schoolId: number, requested?: number): Promise<number> {
  if (requested) {
    const [s] = await db
      .select({ id: academicSessions.id })
      .from(academicSessions)
      .where(eq(academicSessions.id, requested));
    if (!s) throw badRequest('session_id', 'is not a session');
    return requested;
  }
  const { today } = await schoolClock(db, schoolId);
  const id = await sessionIdForDate(db, today);
  if (!id) throw badRequest('session_id', 'There is no session for this year: choose one.');
  return id;
}
