/**
 * The school's today and clock on the client: the one place that turns "now" into the school's
 * date and time. The zone is the school's setting, carried by the signed-in profile
 * (`time_zone`, default Asia/Dhaka; see schoolTimeZone in ./session).
 */
import { DateTime } from 'luxon';
import { schoolTimeZone } from '@/api/session';

/** The school's today as YYYY-MM-DD. */
export function schoolToday(now: DateTime = DateTime.now(), zone: string = schoolTimeZone()): string {
  return now.setZone(zone).toISODate()!;
}

/** The school's clock time as HH:mm:ss (the attendance time the spec sends with a taking). */
export function schoolClockTime(now: DateTime = DateTime.now(), zone: string = schoolTimeZone()): string {
  // The wire format: Latin digits whatever the user's language.
  return now.setZone(zone).setLocale('en').toFormat('HH:mm:ss');
}
