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

/** An ISO date (or date-time) in a luxon format, with the language's month names and digits. */
export function formatDate(iso: string, format: string, lang: Language): string {
  const dt = DateTime.fromISO(iso);
  if (!dt.isValid) return iso;
  return localDigits(dt.setLocale(lang === 'bn' ? 'bn' : 'en').toFormat(format), lang);
}
