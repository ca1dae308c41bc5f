/** Marks and exam answers as the mark entry screens show them, in the user's language. */
import type { MarkValue } from '@/api/schemas/exams';
import { translateError } from '@/i18n/errors';
import { localDigits } from '@/i18n/digits';
import { i18n, type Language } from '@/i18n/i18n';

/** A mark for reading: its number in the language's digits, "Absent", or "Not entered". */
export function markLabel(value: MarkValue, lang: Language): string {
  if (value === null) return i18n.t('markEntry.sheet.notEntered');
  if (value === 'absent') return i18n.t('markEntry.sheet.absent');
  return localDigits(String(value), lang);
}

/**
 * A server answer (an error, or a success's code and message) in the user's language: English
 * shows the server's own words (the spec's texts); Bangla the catalogue's, the mark sheet's own
 * wording first (`exams.locked` -> markEntry.errors.locked, src/i18n/errors.ts).
 */
export function examAnswerText(answer: unknown, values: Record<string, string> = {}): string {
  return translateError(answer, { screen: 'markEntry', values });
}
