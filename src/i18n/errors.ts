/**
 * What went wrong, in the user's language. The server answers `{ error: { code, message } }` with
 * English text; a code the catalogue knows (`errors.<code>`, or `<area>.errors.<name>` for a code
 * `<area>.<name>`) is shown translated, anything else
 * as the server wrote it, so a new server message is never hidden, only untranslated.
 */
import { useCallback } from 'react';
import { errorMessage, withoutFieldName } from '@/api/client';
import { i18n, useI18n } from '@/i18n/i18n';

function codeOf(error: unknown): string | null {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string' && /^[a-z_.]+$/.test(code)) return code;
  }
  return null;
}

/**
 * Generic codes whose English text is the same whatever the route: translated as is. Others
 * (`invalid_input`, `conflict`, ...) carry a route-specific message and stay as the server wrote
 * them until they get codes of their own.
 */
export function translateError(error: unknown): string {
  // In English the server's own words are the most precise; other languages use the catalogue.
  const code = i18n.language === 'en' ? null : codeOf(error);
  // 'notices.rate_limited' -> notices.errors.rate_limited; 'forbidden' -> errors.forbidden
  const dot = code ? code.indexOf('.') : -1;
  const key = !code ? null : dot > 0 ? `${code.slice(0, dot)}.errors.${code.slice(dot + 1)}` : `errors.${code}`;
  // A refusal that names things (a teacher, a room, codes) is said with them when the catalogue
  // has the sentence for it (`<key>_named`); otherwise in its general words.
  const params =
    error && typeof error === 'object' && 'params' in error ? (error as { params?: unknown }).params : null;
  if (key && params && typeof params === 'object' && i18n.exists(`${key}_named`)) {
    return String(i18n.t(`${key}_named` as never, params as never));
  }
  if (key && i18n.exists(key)) return i18n.t(key as never);
  // Where a person reads it, a validation message says the problem, not the field's API name.
  if (typeof error === 'string' && error) return withoutFieldName(error);
  return withoutFieldName(errorMessage(error, i18n.t('common.somethingWrong')));
}

/** `const errorText = useErrorText(); errorText(error)`, re-rendering when the language changes. */
export function useErrorText(): (error: unknown) => string {
  const { lang } = useI18n();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useCallback((error: unknown) => translateError(error), [lang]);
}
