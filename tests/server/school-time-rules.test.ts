/**
 * The school's calendar rules (server/services/school-time.ts), each with its dates written out:
 * the spec's day ids, a school's today in its time zone and when that day ends (remembered until
 * the zone's midnight, docs/testing.md "The clock"), and the earliest date a teacher may still
 * take or correct a roll, counted in school days (weekly off days skipped). No database: these
 * run once per mutant in `npm run mutate` (docs/testing.md "Mutation testing").
 *
 * The days are those of docs/testing.md: Thursday 3 December 2026 is the suites' school day,
 * Friday 4 and Saturday 5 the demo's weekly off days, Sunday 6 the first school day after them.
 * The clock is the server's (`serverClock`), set to literal instants; Dhaka is UTC+6 all year.
 */
import { DateTime } from 'luxon';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { attachCache, HotCache } from '@server/cache/hot-cache';
import type { DbOrTx } from '@server/db/client';
import { academicSessions, schools } from '@server/db/schema';
import {
  DAY_NAMES,
  dayEndIn,
  dayIdOf,
  earliestEditableDate,
  schoolClock,
  schoolSettings,
  serverClock,
  sessionIdForDate,
  todayIn,
} from '@server/services/school-time';
import { NAMED } from './attendance-fixtures';

/** The server's clock reads the instant `iso` (exactly: it does not run on). */
const clockAt = (iso: string) => vi.spyOn(serverClock, 'now').mockReturnValue(Date.parse(iso));

afterEach(() => vi.restoreAllMocks());

describe('day ids: 1 is Sunday ... 7 is Saturday (the spec’s numbering)', () => {
  it.each([
    { date: '2026-12-06', id: 1, name: 'Sunday' },
    { date: '2026-12-07', id: 2, name: 'Monday' },
    { date: '2026-12-08', id: 3, name: 'Tuesday' },
    { date: '2026-12-09', id: 4, name: 'Wednesday' },
    { date: '2026-12-03', id: 5, name: 'Thursday' },
    { date: '2026-12-04', id: 6, name: 'Friday' },
    { date: '2026-12-05', id: 7, name: 'Saturday' },
  ])('$date is day $id, $name', ({ date, id, name }) => {
    expect(dayIdOf(date)).toBe(id);
    expect(DAY_NAMES[id]).toBe(name);
  });

  it('a new year’s first days keep the numbering (1 January 2027 is a Friday)', () => {
    expect(dayIdOf('2027-01-01')).toBe(6);
    expect(dayIdOf('2027-01-03')).toBe(1);
  });

  it('there is no day 0: its name is empty, and there are exactly seven days', () => {
    expect(DAY_NAMES).toEqual(['', 'Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });
});

describe('a school’s today is the date in its time zone', () => {
  it('on Thursday morning in Dhaka it is Thursday 3 December', () => {
    clockAt(NAMED.schoolDay);
    expect(todayIn('Asia/Dhaka')).toBe('2026-12-03');
  });

  it('at 00:30 on Friday in Dhaka it is Friday there, while it is still Thursday in UTC and New York', () => {
    clockAt(NAMED.afterMidnight);
    expect(todayIn('Asia/Dhaka')).toBe('2026-12-04');
    expect(todayIn('UTC')).toBe('2026-12-03');
    expect(todayIn('America/New_York')).toBe('2026-12-03');
  });

  it('the day turns at the zone’s midnight exactly: 23:59:59.999 is Thursday, 00:00 is Friday', () => {
    // Dhaka's midnight between Thursday 3 and Friday 4 December is 18:00 UTC on the 3rd.
    const zone = 'Asia/Dhaka';
    clockAt('2026-12-03T17:59:59.999Z');
    expect(todayIn(zone)).toBe('2026-12-03');
    clockAt('2026-12-03T18:00:00.000Z');
    expect(todayIn(zone)).toBe('2026-12-04');
  });

  it('a clock moved back to the day before gives that day again (the remembered Friday is not kept)', () => {
    // Kolkata is UTC+5:30: 04:30 UTC is 10:00 there.
    const zone = 'Asia/Kolkata';
    clockAt(NAMED.friday);
    expect(todayIn(zone)).toBe('2026-12-04');
    clockAt(NAMED.schoolDay);
    expect(todayIn(zone)).toBe('2026-12-03');
    clockAt('2026-12-03T18:29:59.999Z');
    expect(todayIn(zone)).toBe('2026-12-03');
    clockAt('2026-12-03T18:30:00.000Z');
    expect(todayIn(zone)).toBe('2026-12-04');
  });

  it('two zones are remembered apart: Kathmandu (UTC+5:45) turns 15 minutes after Dhaka', () => {
    clockAt('2026-12-03T18:10:00Z');
    expect(todayIn('Asia/Dhaka')).toBe('2026-12-04');
    expect(todayIn('Asia/Kathmandu')).toBe('2026-12-03');
    clockAt('2026-12-03T18:15:00Z');
    expect(todayIn('Asia/Kathmandu')).toBe('2026-12-04');
    expect(todayIn('Asia/Dhaka')).toBe('2026-12-04');
  });

  it('the date is worked out once per zone and day: later reads that day reuse it, the next day works it out again', () => {
    // Tokyo is UTC+9: its Thursday 3 December runs from 15:00 UTC on the 2nd to 15:00 UTC on the 3rd.
    const zone = 'Asia/Tokyo';
    const conversions = vi.spyOn(DateTime, 'fromMillis');
    clockAt('2026-12-02T15:00:00.000Z');
    expect(todayIn(zone)).toBe('2026-12-03');
    expect(conversions).toHaveBeenCalledTimes(1);
    clockAt('2026-12-03T14:59:59.999Z');
    expect(todayIn(zone)).toBe('2026-12-03');
    clockAt('2026-12-02T15:00:00.000Z');
    expect(todayIn(zone)).toBe('2026-12-03');
    expect(dayEndIn(zone)).toBe(Date.parse('2026-12-03T15:00:00.000Z'));
    expect(conversions).toHaveBeenCalledTimes(1);
    clockAt('2026-12-03T15:00:00.000Z');
    expect(todayIn(zone)).toBe('2026-12-04');
    expect(conversions).toHaveBeenCalledTimes(2);
  });
});

describe('when a school’s day ends: the next midnight in its zone', () => {
  it('Thursday in Dhaka ends at 18:00 UTC', () => {
    clockAt(NAMED.schoolDay);
    expect(dayEndIn('Asia/Dhaka')).toBe(Date.parse('2026-12-03T18:00:00.000Z'));
  });

  it('at 00:30 on Friday in Dhaka the day ends at the next midnight, Friday’s', () => {
    clockAt(NAMED.afterMidnight);
    expect(dayEndIn('Asia/Dhaka')).toBe(Date.parse('2026-12-04T18:00:00.000Z'));
  });

  it('the day New York leaves summer time has 25 hours: Sunday 1 November 2026 ends at 05:00 UTC on the 2nd', () => {
    // 12:00 UTC is 07:00 EST, after the clocks went back at 02:00 EDT (06:00 UTC).
    clockAt('2026-11-01T12:00:00Z');
    expect(todayIn('America/New_York')).toBe('2026-11-01');
    expect(dayEndIn('America/New_York')).toBe(Date.parse('2026-11-02T05:00:00.000Z'));
  });
});

describe('the earliest date a teacher may still take or correct (the correction window)', () => {
  const FRI_SAT = [6, 7];

  it.each([
    // A window of 0 school days is today alone, whatever the day.
    { today: '2026-12-03', off: FRI_SAT, days: 0, earliest: '2026-12-03' },
    { today: '2026-12-04', off: FRI_SAT, days: 0, earliest: '2026-12-04' },
    // Sunday with 1 school day: Saturday and Friday are skipped, Thursday is the day before.
    { today: '2026-12-06', off: FRI_SAT, days: 1, earliest: '2026-12-03' },
    { today: '2026-12-07', off: FRI_SAT, days: 1, earliest: '2026-12-06' },
    { today: '2026-12-05', off: FRI_SAT, days: 1, earliest: '2026-12-03' },
    { today: '2026-12-06', off: FRI_SAT, days: 2, earliest: '2026-12-02' },
    // Thursday 10 December with 7 school days: Wed 9, Tue 8, Mon 7, Sun 6, (Sat 5, Fri 4), Thu 3, Wed 2, Tue 1.
    { today: '2026-12-10', off: FRI_SAT, days: 7, earliest: '2026-12-01' },
    // Across the new year: Sunday 3 January 2027, Friday 1 and Saturday 2 off, Thursday 31 December before.
    { today: '2027-01-03', off: FRI_SAT, days: 1, earliest: '2026-12-31' },
    // A school whose only weekly off day is Sunday (day 1): Monday's day before is Saturday.
    { today: '2026-12-07', off: [1], days: 1, earliest: '2026-12-05' },
    { today: '2026-12-07', off: [1], days: 2, earliest: '2026-12-04' },
    // No weekly off day: every day counts.
    { today: '2026-12-06', off: [], days: 2, earliest: '2026-12-04' },
    // Open on Saturday only (six off days): one school day back from Sunday is Saturday, two is the Saturday before.
    { today: '2026-12-06', off: [1, 2, 3, 4, 5, 6], days: 1, earliest: '2026-12-05' },
    { today: '2026-12-06', off: [1, 2, 3, 4, 5, 6], days: 2, earliest: '2026-11-28' },
  ])(
    'on $today, off days $off, a window of $days school days starts on $earliest',
    ({ today, off, days, earliest }) => {
      expect(earliestEditableDate({ today, weeklyOffDays: off, attendanceEditDays: days })).toBe(earliest);
    },
  );

  it('a school closed every day of the week (nobody means it) is counted as open every day', () => {
    const everyDay = [1, 2, 3, 4, 5, 6, 7];
    expect(earliestEditableDate({ today: '2026-12-06', weeklyOffDays: everyDay, attendanceEditDays: 1 })).toBe(
      '2026-12-05',
    );
    expect(earliestEditableDate({ today: '2026-12-06', weeklyOffDays: everyDay, attendanceEditDays: 3 })).toBe(
      '2026-12-03',
    );
  });
});

/**
 * A stand-in database: `select(shape).from(table).where(column = value)` answers `table`'s rows
 * whose `key` is the value, with the selected fields; `.prepare(name).execute(values)` does the
 * same with the placeholders filled (drizzle's `fillPlaceholders`: a missing value throws). With
 * `cached`, the database has the process cache with its listener connected (server/cache), as
 * the server's pool has; without it, it is like a transaction, which reads no cache.
 */
function fakeDb(tables: { table: unknown; key: string; rows: Record<string, unknown>[] }[], cached = false) {
  const dialect = new PgDialect();
  const answer = (shape: Record<string, unknown>, table: unknown, condition: SQL, values: Record<string, unknown>) => {
    const [value] = fillPlaceholders(dialect.sqlToQuery(condition).params, values);
    const t = tables.find((x) => x.table === table);
    if (!t) throw new Error('a table the stand-in does not hold');
    return t.rows
      .filter((r) => r[t.key] === value)
      .map((r) => Object.fromEntries(Object.keys(shape).map((k) => [k, r[k]])));
  };
  const db = {
    select: (shape: Record<string, unknown>) => ({
      from: (table: unknown) => ({
        where: (condition: SQL) => ({
          then: (ok: (rows: unknown) => unknown, fail: (e: unknown) => unknown) =>
            Promise.resolve()
              .then(() => answer(shape, table, condition, {}))
              .then(ok, fail),
          prepare: () => ({
            execute: async (values: Record<string, unknown>) => answer(shape, table, condition, values),
          }),
        }),
      }),
    }),
  } as unknown as DbOrTx;
  const cache = new HotCache('postgres://stand-in');
  // Its listener connected: what it keeps is served (HotCache.ready).
  Object.defineProperty(cache, 'ready', { get: () => true });
  if (cached) attachCache(db, cache);
  return { db, cache };
}

const SCHOOL_ROWS = [
  { id: 1, name: 'Dhaka school', timeZone: 'Asia/Dhaka', weeklyOffDays: [6, 7], attendanceEditDays: 2 },
  { id: 2, name: 'Kathmandu school', timeZone: 'Asia/Kathmandu', weeklyOffDays: [7], attendanceEditDays: 0 },
];

describe.each([
  { reader: 'a transaction (no cache)', cached: false },
  { reader: 'the pool (with the process cache)', cached: true },
])('a school’s clock read through $reader: its settings and its today', ({ cached }) => {
  const { db } = fakeDb([{ table: schools, key: 'id', rows: SCHOOL_ROWS.map((r) => ({ ...r })) }], cached);

  it('is the school’s time zone, weekly off days and window, with today in that zone', async () => {
    // 18:10 UTC: 00:10 on Friday in Dhaka, 23:55 on Thursday in Kathmandu.
    clockAt('2026-12-03T18:10:00Z');
    expect(await schoolClock(db, 1)).toEqual({
      timeZone: 'Asia/Dhaka',
      weeklyOffDays: [6, 7],
      attendanceEditDays: 2,
      today: '2026-12-04',
    });
    expect(await schoolClock(db, 2)).toEqual({
      timeZone: 'Asia/Kathmandu',
      weeklyOffDays: [7],
      attendanceEditDays: 0,
      today: '2026-12-03',
    });
  });

  it('the settings alone are those three fields', async () => {
    expect(await schoolSettings(db, 2)).toEqual({
      timeZone: 'Asia/Kathmandu',
      weeklyOffDays: [7],
      attendanceEditDays: 0,
    });
  });

  it('a school that does not exist has no settings, and its clock is a 404 naming the school', async () => {
    expect(await schoolSettings(db, 3)).toBeNull();
    await expect(schoolClock(db, 3)).rejects.toMatchObject({ statusCode: 404, message: 'School not found.' });
  });
});

describe.each([
  { reader: 'a transaction (no cache)', cached: false },
  { reader: 'the pool (with the process cache)', cached: true },
])('the session of a date read through $reader is the session of its calendar year', ({ cached }) => {
  const { db } = fakeDb(
    [
      {
        table: academicSessions,
        key: 'sessionYear',
        rows: [
          { id: 11, sessionYear: '2026' },
          { id: 12, sessionYear: '2027' },
        ],
      },
    ],
    cached,
  );

  it.each([
    { date: '2026-01-01', id: 11 },
    { date: '2026-12-31', id: 11 },
    { date: '2027-01-03', id: 12 },
    { date: '2025-12-31', id: null },
  ])('$date is in session $id', async ({ date, id }) => {
    expect(await sessionIdForDate(db, date)).toBe(id);
  });
});

describe('what the process cache keeps (until its listener announces a change)', () => {
  it('a school’s settings are kept: a change reaches readers once the cache is told', async () => {
    const rows = SCHOOL_ROWS.map((r) => ({ ...r }));
    const { db, cache } = fakeDb([{ table: schools, key: 'id', rows }], true);
    expect((await schoolSettings(db, 1))?.attendanceEditDays).toBe(2);
    rows[0].attendanceEditDays = 5;
    expect((await schoolSettings(db, 1))?.attendanceEditDays).toBe(2);
    cache.clear();
    expect((await schoolSettings(db, 1))?.attendanceEditDays).toBe(5);
  });

  it('a school not found is not kept: once it exists it is found at once', async () => {
    const rows = SCHOOL_ROWS.map((r) => ({ ...r }));
    const { db } = fakeDb([{ table: schools, key: 'id', rows }], true);
    expect(await schoolSettings(db, 3)).toBeNull();
    rows.push({ id: 3, name: 'New school', timeZone: 'Asia/Dhaka', weeklyOffDays: [6], attendanceEditDays: 1 });
    expect(await schoolSettings(db, 3)).toEqual({ timeZone: 'Asia/Dhaka', weeklyOffDays: [6], attendanceEditDays: 1 });
  });

  it('a year’s session is kept, and so is "none yet", until the cache is told', async () => {
    const rows = [{ id: 11, sessionYear: '2026' }];
    const { db, cache } = fakeDb([{ table: academicSessions, key: 'sessionYear', rows }], true);
    expect(await sessionIdForDate(db, '2026-12-03')).toBe(11);
    expect(await sessionIdForDate(db, '2027-01-03')).toBeNull();
    rows.push({ id: 12, sessionYear: '2027' });
    expect(await sessionIdForDate(db, '2027-01-03')).toBeNull();
    cache.clear();
    expect(await sessionIdForDate(db, '2027-01-03')).toBe(12);
  });
});
