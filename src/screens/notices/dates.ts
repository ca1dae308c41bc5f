/** Notice dates: the API speaks YYYY-MM-DD; notice lists show DD-MM-YYYY (spec part 1, section 9). */
import { DateTime } from 'luxon';

/**
 * The school's time zone. It is a school setting on the server (default Asia/Dhaka); the signed-in
 * profile does not carry it, so the client uses the default for "today".
 */
export const SCHOOL_TIME_ZONE = 'Asia/Dhaka';

/** Today in the school's time zone, as YYYY-MM-DD (the default publishing date). */
export function schoolToday(now: DateTime = DateTime.now()): string {
  return now.setZone(SCHOOL_TIME_ZONE).toISODate()!;
}

/** '2026-03-01' -> '01-03-2026'; anything unparseable is shown as given. */
export function noticeDate(iso: string): string {
  const d = DateTime.fromISO(iso, { zone: SCHOOL_TIME_ZONE });
  return d.isValid ? d.toFormat('dd-LL-yyyy') : iso;
}
