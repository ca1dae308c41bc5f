/**
 * What the head teacher's report screens share: the session, section and class choices (from the
 * school's sections and the sessions; a viewer's chosen school), numbers in the reader's digits.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { schoolSectionsQuery } from '@/api/attendance';
import { defaultSession, lookupSessionsQuery } from '@/api/lookups';
import type { SectionRow, SessionRow } from '@/api/schemas/lookups';
import { formatNumber } from '@/i18n/format';
import type { Language } from '@/i18n/i18n';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { SelectField } from '@/ui/select';

/** A figure in the reader's digits, up to `decimals` places. */
export const fig = (n: number | null, lang: Language, decimals = 2) =>
  n === null ? '–' : formatNumber(n, lang, { useGrouping: false, maximumFractionDigits: decimals });

/** A positive whole number from the address, else null. */
export const idParam = (v: string) => (/^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

export function useChoices(schoolInfoId: number | undefined) {
  const sections = useQuery(schoolSectionsQuery(schoolInfoId));
  const sessions = useQuery(lookupSessionsQuery());
  const classes = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of sections.data ?? []) if (!seen.has(s.class_id)) seen.set(s.class_id, s.class_name);
    return [...seen].map(([id, name]) => ({ id, name }));
  }, [sections.data]);
  return { sections, sessions, classes };
}

export function SessionSelect({
  sessions,
  value,
  onChange,
}: {
  sessions: readonly SessionRow[];
  value: number | null;
  onChange: (id: string) => void;
}) {
  const { t, lang } = useI18n();
  const chosen = value ?? defaultSession(sessions)?.id ?? null;
  return (
    <SelectField
      label={t('resultsAnalysis.common.session')}
      value={chosen ? String(chosen) : ''}
      onChange={onChange}
      placeholder={t('resultsAnalysis.common.choose')}
      options={sessions.map((s) => ({ value: String(s.id), label: fig(Number(s.session_year), lang, 0) }))}
    />
  );
}

export function SectionSelect({
  sections,
  value,
  onChange,
}: {
  sections: readonly SectionRow[];
  value: number | null;
  onChange: (id: string) => void;
}) {
  const { t } = useI18n();
  const { name } = useNames();
  return (
    <SelectField
      label={t('resultsAnalysis.common.section')}
      value={value ? String(value) : ''}
      onChange={onChange}
      placeholder={t('resultsAnalysis.common.choose')}
      options={sections.map((s) => ({
        value: String(s.id),
        label: `${name('classes', s.class_name)} ${s.section_default_name}`,
      }))}
    />
  );
}

export function ClassSelect({
  classes,
  value,
  onChange,
}: {
  classes: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (id: string) => void;
}) {
  const { t } = useI18n();
  const { name } = useNames();
  return (
    <SelectField
      label={t('resultsAnalysis.common.class')}
      value={value ? String(value) : ''}
      onChange={onChange}
      placeholder={t('resultsAnalysis.common.choose')}
      options={classes.map((c) => ({ value: String(c.id), label: name('classes', c.name) }))}
    />
  );
}
