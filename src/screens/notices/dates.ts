/** Notice dates: the API speaks YYYY-MM-DD; notice lists show DD-MM-YYYY (spec part 1, section 9). */
import { DateTime } from 'luxon';
import { schoolTimeZone } from '@/api/session';

/** Today in the school's time zone (from the signed-in profile): the default publishing date. */
export { schoolToday } from '@/api/school-time';

/** '2026-03-01' -> '01-03-2026'; anything unparseable is shown as given. A date has no zone to convert. */
export function noticeDate(iso: string): string {
  const d = DateTime.fromISO(iso);
  return d.isValid ? d.toFormat('dd-LL-yyyy') : iso;
}

/** When a notice was edited (an ISO timestamp), as the school's date DD-MM-YYYY. */
export function editedDate(at: string): string {
  const d = DateTime.fromISO(at);
  return d.isValid ? d.setZone(schoolTimeZone()).toFormat('dd-LL-yyyy') : at;
}
