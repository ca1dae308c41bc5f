/**
 * Date, time and number wording of the attendance screens (spec part 2, section 9), in the user's
 * language: the spec's formats in English, Bangla month and weekday names and digits in Bangla.
 */
import { DateTime } from 'luxon';
import { schoolTimeZone } from '@/api/session';
import { formatDate, formatNumber, localDigits } from '@/i18n/format';
import type { Language } from '@/i18n/i18n';
import { formatClockTime } from '@/ui/format';

const fromIso = (iso: string) => DateTime.fromISO(iso, { locale: 'en' });

/** "2026-11-22" -> "22-Nov-2026" (the attendance heading's DD-MMM-YYYY); "২২-নভেম্বর-২০২৬" in Bangla. */
export function formatDayMonthYear(iso: string, lang: Language = 'en'): string {
  if (!fromIso(iso).isValid) return iso;
  return formatDate(iso, lang === 'bn' ? 'dd-LLLL-yyyy' : 'dd-LLL-yyyy', lang);
}

/** The server's day id of a date: 1 = Sunday ... 7 = Saturday (luxon: 1 = Monday ... 7 = Sunday). */
export function dayIdOfDate(iso: string): number {
  return (fromIso(iso).weekday % 7) + 1;
}

/** Whether the date is one of the school's weekly off days (the profile's `weekly_off_days`). */
export function isWeeklyOff(iso: string, weeklyOffDays: readonly number[] | undefined): boolean {
  return fromIso(iso).isValid && !!weeklyOffDays?.includes(dayIdOfDate(iso));
}

/** "2026-11-22" -> "Sunday" ("রবিবার"). */
export function weekdayOf(iso: string, lang: Language = 'en'): string {
  return fromIso(iso).isValid ? formatDate(iso, 'cccc', lang) : '';
}

/** "08:00:00" -> "8:00 AM", with the language's digits. */
export function formatTime(value: string, lang: Language = 'en'): string {
  return localDigits(formatClockTime(value), lang);
}

/** "08:00:00", "08:45:00" -> "8:00 AM – 8:45 AM". */
export function formatClassTime(start: string, end: string, lang: Language = 'en'): string {
  return `${formatTime(start, lang)} – ${formatTime(end, lang)}`;
}

/** A server timestamp in the school's time zone: "22-Nov-2026 09:41". */
export function formatTimestamp(value: string | null, lang: Language = 'en'): string {
  if (!value) return '—';
  const d = DateTime.fromISO(value, { zone: 'utc', locale: 'en' });
  if (!d.isValid) return value;
  const local = d.setZone(schoolTimeZone());
  return `${formatDayMonthYear(local.toISODate()!, lang)} ${localDigits(local.toFormat('HH:mm'), lang)}`;
}

/** `days` before an ISO date, as an ISO date. */
export function daysBefore(iso: string, days: number): string {
  return fromIso(iso).minus({ days }).toISODate() ?? iso;
}

/** "91.5" -> "91.5%" ("৯১.৫%"); null -> null (nothing was marked). */
export function percent(rate: number | null, lang: Language = 'en'): string | null {
  return rate === null ? null : `${num(rate, lang)}%`;
}

/** A count or roll number in the language's digits (no grouping: rolls and codes read as typed). */
export function num(n: number, lang: Language): string {
  return formatNumber(n, lang, { useGrouping: false, maximumFractionDigits: 1 });
}
