/**
 * Shared names in the user's language (docs/i18n.md, "Bangla names"). In Bangla, a class, subject,
 * shift, exam type or fee head is shown by its Bangla name when the school has one (`GET
 * /api/names/bn`, read once per sign-in and kept); in English, or without one, as written.
 *
 *   const { name } = useNames();
 *   name('classes', row.class_name)   // 'ষষ্ঠ' in Bangla, 'Six' in English
 *
 * A subject's paper follows its base name ("Bangla 1st Paper" → "বাংলা ১ম পত্র") when only the
 * base name is known; anything else unknown keeps its letters and gets the language's digits.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '@/api/client';
import type { BanglaNames, NameKind } from '@/api/schemas/names';
import { localDigits } from '@/i18n/digits';
import { useI18n, type Language } from '@/i18n/i18n';
import { lookupsEndpoints } from '@/api/endpoints/lookups';

export type { NameKind } from '@/api/schemas/names';

export const banglaNamesQuery = () =>
  queryOptions({
    queryKey: ['names', 'bn'] as const,
    queryFn: () => request(lookupsEndpoints.namesBn),
    // Names change when an admin renames something, not while a page is open.
    staleTime: 10 * 60_000,
  });

/** `en` in `lang` with the names known (`names`): the pure rule behind useNames. */
export function localName(
  kind: NameKind,
  en: string | null | undefined,
  lang: Language,
  names: BanglaNames | undefined,
): string {
  const text = en ?? '';
  if (lang !== 'bn' || !text) return text;
  const known = names?.[kind][text.trim()];
  if (known) return known;
  if (kind === 'subjects') {
    const paper = /^(.*?)\s*(1st|2nd)\s+paper$/i.exec(text.trim());
    const base = paper ? names?.subjects[paper[1]] : undefined;
    if (paper && base) return `${base} ${paper[2].toLowerCase() === '1st' ? '১ম' : '২য়'} পত্র`;
  }
  return localDigits(text, lang);
}

/** `name(kind, englishName)`: the name in the user's language (see the file's header). */
export function useNames() {
  const { lang } = useI18n();
  const names = useQuery({ ...banglaNamesQuery(), enabled: lang === 'bn' });
  const data = names.data;
  const name = useCallback(
    (kind: NameKind, en: string | null | undefined) => localName(kind, en, lang, data),
    [lang, data],
  );
  return { name, lang };
}
