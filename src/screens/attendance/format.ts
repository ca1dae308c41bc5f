/** Date and time wording of the attendance screens (spec part 2, section 9). */
import { DateTime } from 'luxon';
import { schoolTimeZone } from '@/api/session';
import { formatClockTime } from '@/ui/format';

const fromIso = (iso: string) => DateTime.fromISO(iso, { locale: 'en' });

/** "2026-11-22" -> "22-Nov-2026" (the attendance heading's DD-MMM-YYYY). */
export function formatDayMonthYear(iso: string): string {
  const d = fromIso(iso);
  return d.isValid ? d.toFormat('dd-LLL-yyyy') : iso;
}

/** "2026-11-22" -> "Sunday". */
export function weekdayOf(iso: string): string {
  const d = fromIso(iso);
  return d.isValid ? d.toFormat('cccc') : '';
}

/** "08:00:00", "08:45:00" -> "8:00 AM – 8:45 AM". */
export function formatClassTime(start: string, end: string): string {
  return `${formatClockTime(start)} – ${formatClockTime(end)}`;
}

/** A server timestamp in the school's time zone: "22-Nov-2026 09:41". */
export function formatTimestamp(value: string | null): string {
  if (!value) return '—';
  const d = DateTime.fromISO(value, { zone: 'utc', locale: 'en' });
  return d.isValid ? d.setZone(schoolTimeZone()).toFormat('dd-LLL-yyyy HH:mm') : value;
}

/** `days` before an ISO date, as an ISO date. */
export function daysBefore(iso: string, days: number): string {
  return fromIso(iso).minus({ days }).toISODate() ?? iso;
}

/** "91.5" -> "91.5%"; null -> null (nothing was marked). */
export function percent(rate: number | null): string | null {
  return rate === null ? null : `${rate}%`;
}
