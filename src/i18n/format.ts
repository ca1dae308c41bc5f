/**
 * Numbers and dates in the user's language: Bangla digits (০-৯) and month and weekday names in
 * Bangla; the spec's formats (DD-MMM-YYYY etc.) in English. Typed input accepts both digit sets.
 */
import { DateTime } from 'luxon';
import type { Language } from '@/i18n/i18n';
import { localDigits } from './digits';

export { latinDigits, localDigits } from './digits';

export function localeOf(lang: Language): string {
  return lang === 'bn' ? 'bn-BD' : 'en-GB';
}

export function formatNumber(value: number, lang: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(localeOf(lang), options).format(value);
}

/**
 * The part of the day a Bangla clock time is said with ("সকাল ৮:০০", "দুপুর ১:১০"): Bangla has no
 * AM and PM, and luxon's Bangla locale prints the English ones.
 */
export function banglaDayPeriod(hour: number): string {
  if (hour >= 4 && hour < 12) return 'সকাল';
  if (hour >= 12 && hour < 15) return 'দুপুর';
  if (hour >= 15 && hour < 18) return 'বিকাল';
  if (hour >= 18 && hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/** A luxon format with "h:mm a" said the Bangla way for this time: the day's part first. */
function banglaClockFormat(format: string, hour: number): string {
  return format.replace(/h:mm a/g, `'${banglaDayPeriod(hour)}' h:mm`);
}

/** An ISO date (or date-time) in a luxon format, with the language's month names and digits. */
export function formatDate(iso: string, format: string, lang: Language): string {
  const dt = DateTime.fromISO(iso);
  if (!dt.isValid) return iso;
  if (lang !== 'bn') return dt.setLocale('en').toFormat(format);
  return localDigits(dt.setLocale('bn').toFormat(banglaClockFormat(format, dt.hour)), lang);
}

/** A DateTime in a luxon format, in the language (as formatDate, for a time already in its zone). */
export function formatDateTime(dt: DateTime, format: string, lang: Language): string {
  if (lang !== 'bn') return dt.setLocale('en').toFormat(format);
  return localDigits(dt.setLocale('bn').toFormat(banglaClockFormat(format, dt.hour)), lang);
}
