/**
 * One "now" for a server test run (docs/testing.md, "One clock"). global-setup.ts fixes the run's
 * day, Dhaka's date when the run starts, seeds the demo template on it and hands every file
 * `runClockStart`: half past ten that morning in Dhaka. Each server test file starts the server's
 * clock (server/clock.ts) there (server-setup.ts), so a run that crosses midnight in Dhaka (18:00
 * UTC) or starts at night still sees the seeded day, a school morning, in every file; tests ask
 * `schoolNow()`, never the machine's clock, for "today".
 */
import { DateTime } from 'luxon';
import { inject } from 'vitest';
import { clock, setClock } from '@server/clock';

export const RUN_ZONE = 'Asia/Dhaka';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The instant (ISO, +06:00) each server test file's clock starts at: 10:30 of the run's day. */
    runClockStart: string;
  }
}

/** 10:30 in Dhaka on Dhaka's date at `realNow` (ms). */
export function runClockStartAt(realNow: number): string {
  return DateTime.fromMillis(realNow, { zone: RUN_ZONE })
    .set({ hour: 10, minute: 30, second: 0, millisecond: 0 })
    .toISO()!;
}

/** Puts the server's clock back on the run's morning (after a test moved it to named days). */
export function useRunClock(): void {
  setClock(inject('runClockStart'));
}

/** The server's now in Dhaka (the run's day unless a test moved the clock). */
export const schoolNow = (): DateTime => DateTime.fromMillis(clock.now(), { zone: RUN_ZONE });

/**
 * The run's morning (10:30 in Dhaka on the run's day): "today" for a test, readable at import
 * time too (before the file's clock is set), whatever the machine's clock says.
 */
export const schoolToday = (): DateTime => DateTime.fromISO(inject('runClockStart'), { zone: RUN_ZONE });

/** The run's date, `days` from it (ISO yyyy-mm-dd). */
export const schoolDate = (days = 0): string => schoolToday().plus({ days }).toISODate()!;
