/**
 * Notice dates: the API speaks YYYY-MM-DD; notice lists show DD-MM-YYYY in English (spec part 1,
 * section 9) and the day, the month's Bangla name and the year in Bangla digits in Bangla
 * ("১ মার্চ ২০২৬"), which is how a Bangladeshi school writes a date.
 */
import { DateTime } from 'luxon';
import { schoolTimeZone } from '@/api/session';
import type { Language } from '@/i18n/i18n';
import { formatDate } from '@/i18n/format';

/** Today in the school's time zone (from the signed-in profile): the default publishing date. */
export { schoolToday } from '@/api/school-time';

const FORMATS: Record<Language, string> = { en: 'dd-LL-yyyy', bn: 'd MMMM yyyy' };

/** '2026-03-01' -> '01-03-2026' ('১ মার্চ ২০২৬'); anything unparseable is shown as given. A date has no zone to convert. */
export function noticeDate(iso: string, lang: Language = 'en'): string {
  return DateTime.fromISO(iso).isValid ? formatDate(iso, FORMATS[lang], lang) : iso;
}

/** When a notice was edited (an ISO timestamp), as the school's date. */
export function editedDate(at: string, lang: Language = 'en'): string {
  const d = DateTime.fromISO(at);
  return d.isValid ? noticeDate(d.setZone(schoolTimeZone()).toISODate() ?? at, lang) : at;
}
