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

/** The Bangla ordinal's ending: ১ম, ২য়, ৩য়, ৪র্থ, ৫ম ... ১০ম, then ১১তম, ১২তম ... */
function banglaOrdinalEnding(n: number): string {
  if (n === 2 || n === 3) return 'য়';
  if (n === 4) return 'র্থ';
  if (n === 6) return 'ষ্ঠ';
  return n >= 1 && n <= 10 ? 'ম' : 'তম';
}

/**
 * Latin digits as the language writes them; in Bangla an English ordinal ("1st", "4th": a period's
 * or a term's name) becomes a Bangla one ("১ম", "৪র্থ"), not "১st".
 */
export function localDigits(text: string, lang: Language): string {
  if (lang !== 'bn') return text;
  return text
    .replace(/\b(\d+)(st|nd|rd|th)\b/gi, (_all, n: string) => `${n}${banglaOrdinalEnding(Number(n))}`)
    .replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]);
}
