/**
 * The fees desk's "find a student" (Collection and Adjustments): by any part of the name, the
 * student code, or the roll (Latin or Bangla digits), optionally within a class and section
 * (GET /api/student/all). One match is chosen at once; several are listed with their class,
 * section and roll to pick from.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { personFormLookupsQuery, studentListQuery } from '@/api/people';
import type { StudentListRow } from '@/api/schemas/people';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';

/** How many matches are listed: more means the search should be narrower. */
const FOUND_LIMIT = 50;

interface Search {
  q: string;
  class_id: string;
  section_id: string;
}

export function StudentFinder({ onChoose }: { onChoose: (student: StudentListRow) => void }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [form, setForm] = useState<Search>({ q: '', class_id: '', section_id: '' });
  const [applied, setApplied] = useState<Search | null>(null);
  const lookups = useQuery(personFormLookupsQuery());
  const classes = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of lookups.data?.sections ?? []) seen.set(s.class_id, name('classes', s.class_name));
    return [...seen].map(([value, label]) => ({ value: String(value), label }));
  }, [lookups.data, name]);
  const sections = (lookups.data?.sections ?? []).filter((s) => String(s.class_id) === form.class_id);
  const found = useQuery({
    ...studentListQuery({
      q: applied?.q || undefined,
      class_id: Number(applied?.class_id) || undefined,
      section_id: Number(applied?.section_id) || undefined,
      limit: FOUND_LIMIT,
      offset: 0,
    }),
    enabled: applied !== null,
  });
  const fresh = found.data && !found.isPlaceholderData ? found.data : null;
  // One match: that is the student.
  useEffect(() => {
    if (applied && fresh?.rows.length === 1) {
      setApplied(null);
      onChoose(fresh.rows[0]);
    }
  }, [applied, fresh, onChoose]);
  const set = (field: keyof Search) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value, ...(field === 'class_id' ? { section_id: '' } : {}) }));
  const nothing = !form.q.trim() && !form.class_id;
  return (
    <>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (nothing) return;
          setApplied({ ...form, q: form.q.trim() });
        }}
      >
        <TextField
          label={t('fees.find.student')}
          hint={t('fees.find.hint')}
          value={form.q}
          onChange={(e) => set('q')(e.target.value)}
          className="min-w-56 flex-1"
        />
        <SelectField
          label={t('fees.fee.class')}
          value={form.class_id}
          placeholder={t('fees.find.anyClass')}
          options={classes}
          onChange={set('class_id')}
        />
        <SelectField
          label={t('fees.fee.section')}
          value={form.section_id}
          placeholder={t('fees.find.anySection')}
          options={sections.map((s) => ({ value: String(s.id), label: s.section_default_name }))}
          onChange={set('section_id')}
          disabled={!form.class_id}
        />
        <Button type="submit" disabled={nothing}>
          {t('fees.collect.find')}
        </Button>
      </form>
      {applied ? (
        <div className="mt-4">
          <QueryState
            query={found}
            what={t('fees.find.what')}
            isEmpty={(d) => d.rows.length === 0}
            empty={t('fees.find.none')}
          >
            {(data) =>
              data.rows.length > 1 ? (
                <>
                  {data.total > data.rows.length ? (
                    <p className="mb-2 text-sm text-slate-700">
                      {t('fees.find.more', {
                        shown: localDigits(String(data.rows.length), lang),
                        total: localDigits(String(data.total), lang),
                      })}
                    </p>
                  ) : null}
                  <DataTable
                    caption={t('fees.find.title')}
                    head={[
                      t('fees.cols.code'),
                      t('fees.cols.name'),
                      t('fees.cols.class'),
                      t('fees.cols.section'),
                      t('fees.cols.roll'),
                      t('fees.cols.choose'),
                    ]}
                    cards
                  >
                    {data.rows.map((r) => (
                      <tr key={r.id} className="border-t border-slate-100">
                        <Td label={t('fees.cols.code')}>{r.student_code}</Td>
                        <Td label={t('fees.cols.name')}>{r.full_name}</Td>
                        <Td label={t('fees.cols.class')}>{r.class_name ? name('classes', r.class_name) : '—'}</Td>
                        <Td label={t('fees.cols.section')}>{r.section_default_name ?? '—'}</Td>
                        <Td label={t('fees.cols.roll')}>
                          {r.class_roll_no != null ? localDigits(String(r.class_roll_no), lang) : '—'}
                        </Td>
                        <Td label={t('fees.cols.choose')}>
                          <Button
                            variant="secondary"
                            aria-label={t('fees.find.chooseOne', { name: r.full_name, code: r.student_code })}
                            onClick={() => {
                              setApplied(null);
                              onChoose(r);
                            }}
                          >
                            {t('fees.find.choose')}
                          </Button>
                        </Td>
                      </tr>
                    ))}
                  </DataTable>
                </>
              ) : null
            }
          </QueryState>
        </div>
      ) : null}
    </>
  );
}
