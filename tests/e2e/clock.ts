/**
 * The end-to-end suite's one "now". The suite's server starts with its clock at CLOCK_START
 * (server/clock.ts; global-setup.ts) and seeds its demo around that day; every browser context the
 * suite opens (browser.ts's launch) has Playwright's clock installed at the server's current time,
 * so the app and the server agree on today. A test that asks "what day is it" uses SCHOOL_DAY (or
 * OFF_DAY in off-day.e2e.ts, which starts its own server there), never the real date: the flows
 * run the same on any day the suite runs.
 *
 * Literal instants, computed from nothing real. The demo's classes run Sunday to Thursday (weekly
 * off days Friday and Saturday); 08:30 in Dhaka is before the day's periods are taken, and the
 * suite ends long before midnight.
 */
import { DateTime } from 'luxon';

export const ZONE = 'Asia/Dhaka';

/** Wednesday 25 November 2026, 08:30 in Dhaka (UTC+6): a school day with teacher1's periods. */
export const CLOCK_START = '2026-11-25T02:30:00Z';
export const SCHOOL_DAY = '2026-11-25';

/** Friday 27 November 2026, 08:30 in Dhaka: a weekly off day of the same week. */
export const OFF_DAY_CLOCK_START = '2026-11-27T02:30:00Z';
export const OFF_DAY = '2026-11-27';

/** The school day as a date in Dhaka (start of day). */
export const schoolDay = (): DateTime => DateTime.fromISO(SCHOOL_DAY, { zone: ZONE });

/** The routine's day_id of a date: 1 = Sunday ... 7 = Saturday (the schema's day ids). */
export const dayIdOf = (d: DateTime): number => (d.weekday % 7) + 1;

/**
 * What a server started at real time `startedAt` with CLOCK_START `clockStart` reads now (ms): its
 * clock runs forward at the normal pace from its start.
 */
export const serverNowOf = (clockStart: string, startedAt: number): number =>
  Date.parse(clockStart) + (Date.now() - startedAt);
