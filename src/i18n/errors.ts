/**
 * What went wrong, in the user's language: the one place that turns a server error code into a
 * catalogue text (docs/i18n.md, "Texts the app writes"). The server answers `{ error: { code,
 * message } }` with English text. A code `<area>.<name>` is said from `<area>.errors.<name>` of the
 * area's catalogue, a generic code from `errors.<code>`; a code without text is shown as the
 * server wrote it, so a new server message is never hidden, only untranslated.
 * tests/screens/error-texts.test.ts checks that every code the server can send has its text.
 */
import { useCallback } from 'react';
import { errorMessage, withoutFieldName } from '@/api/client';
import { i18n, useI18n } from '@/i18n/i18n';

/**
 * Catalogue places of the code prefixes whose area is named otherwise in src/i18n/en.ts: the exam
 * codes' texts are the exam area's (exam-setup), the subject registration's the registration
 * screens', eSchool's and the activities' are under eschoolArea.
 */
const CATALOGUE_OF_PREFIX: Readonly<Record<string, string>> = {
  exams: 'examSetup',
  subject_registration: 'registration',
  eschool: 'eschoolArea.eschool',
  activity: 'eschoolArea.activities',
};

/**
 * Generic codes whose message is always about the request at hand (the field and what is wrong
 * with it, what already exists): shown as the server wrote them, without the field's API name,
 * never replaced by a general sentence.
 */
export const SHOWN_AS_WRITTEN: readonly string[] = ['invalid_input', 'conflict'];

/**
 * Screens that word some codes their own way for their reader: `<screen>.errors.<name>` is tried
 * first for the generic codes and those of the prefix named here (the mark sheet tells a teacher
 * who can unlock published marks; exam setup says what a conflict is about there).
 */
const SCREEN_WORDING = { markEntry: 'exams', examSetup: 'exams' } as const;
export type ErrorScreen = keyof typeof SCREEN_WORDING;

export interface ErrorTextOptions {
  /** The screen whose own wording comes first (SCREEN_WORDING). */
  screen?: ErrorScreen;
  /** Values for the text's placeholders ({{subject}}), besides the error's params. */
  values?: Record<string, string | number>;
}

const CODE = /^[a-z_.]+$/;

/** The catalogue key of a code: `exams.locked` -> `examSetup.errors.locked`, `forbidden` -> `errors.forbidden`. */
export function errorKey(code: string): string {
  const dot = code.indexOf('.');
  if (dot < 0) return `errors.${code}`;
  const prefix = code.slice(0, dot);
  return `${CATALOGUE_OF_PREFIX[prefix] ?? prefix}.errors.${code.slice(dot + 1)}`;
}

function codeOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && CODE.test(code)) return code;
  }
  return null;
}

function paramsOf(error: unknown): Record<string, string | number> | null {
  const params =
    error && typeof error === 'object' && 'params' in error ? (error as { params?: unknown }).params : null;
  return params && typeof params === 'object' ? (params as Record<string, string | number>) : null;
}

/** The keys tried for a code, in order: the screen's own wording, then the code's own key. */
function keysOf(code: string, screen?: ErrorScreen): string[] {
  const keys = SHOWN_AS_WRITTEN.includes(code) ? [] : [errorKey(code)];
  if (!screen) return keys;
  const dot = code.indexOf('.');
  const name = dot < 0 ? code : code.slice(0, dot) === SCREEN_WORDING[screen] ? code.slice(dot + 1) : null;
  return name ? [`${screen}.errors.${name}`, ...keys] : keys;
}

/**
 * The catalogue's text for an error's code in the user's language, or null: in English (the
 * server's own words are the most precise), for a code shown as written, or one without text. A
 * refusal that names things (a teacher, a room, codes: `params`) is said with them when the
 * catalogue has the sentence for it (`<key>_named`); otherwise in its general words.
 */
export function codeText(error: unknown, options: ErrorTextOptions = {}): string | null {
  const code = i18n.language === 'en' ? null : codeOf(error);
  if (!code) return null;
  const params = paramsOf(error);
  for (const key of keysOf(code, options.screen)) {
    if (params && i18n.exists(`${key}_named`)) {
      return String(i18n.t(`${key}_named` as never, { ...params, ...options.values } as never));
    }
    if (i18n.exists(key)) return String(i18n.t(key as never, (options.values ?? {}) as never));
  }
  return null;
}

/** An error for a person to read: the catalogue's text (codeText), else the server's message. */
export function translateError(error: unknown, options: ErrorTextOptions = {}): string {
  const text = codeText(error, options);
  if (text !== null) return text;
  // Where a person reads it, a validation message says the problem, not the field's API name.
  if (typeof error === 'string' && error) return withoutFieldName(error);
  return withoutFieldName(errorMessage(error, i18n.t('common.somethingWrong')));
}

/**
 * `const errorText = useErrorText(); errorText(error)`, re-rendering when the language changes;
 * `useErrorText('examSetup')` says the codes in that screen's own wording first.
 */
export function useErrorText(screen?: ErrorScreen): (error: unknown) => string {
  const { lang } = useI18n();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((error: unknown) => translateError(error, { screen }), [lang, screen]);
}
