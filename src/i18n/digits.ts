/**
 * Digits in the user's language: Bangla (০-৯) or Latin. Without luxon (unlike ./format, which
 * re-exports these), so that the sign-in page and the app shell can use them without loading it.
 */
import type { Language } from '@/i18n/i18n';

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Bangla digits as Latin ones, for parsing what a person typed; everything else unchanged. */
export function latinDigits(text: string): string {
  return text.replace(/[০-৯]/g, (d) => String(BANGLA_DIGITS.indexOf(d)));
}

/** Latin digits as the language writes them. */
export function localDigits(text: string, lang: Language): string {
  return lang === 'bn' ? text.replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]) : text;
}
