/**
 * /viewershowstudentroutine (spec part 1, viewer routine search): filters session, class, section,
 * day and teacher, then "Search Routine"; results with day, period, start and end, subject, class,
 * section, room and teacher initial, in week order. The filters and whether a search was made are
 * in the address, so Back and a shared link show the same results. A search for one section or
 * one teacher also offers its week as a printable grid.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { routineLookupsQuery, routineSearchQuery } from '@/api/routines';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { ErrorState, Loading, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatClockTime, useDayName } from './week-routine';
import { RoutineFilters, type FilterValues } from './routine-parts';
import { PrintButton, WeekGrid } from './week-grid';

const DEFAULTS = { session_id: '', class_id: '', section_id: '', day_id: '', teacher_id: '', searched: '' };
const FIELDS = ['session_id', 'class_id', 'section_id', 'day_id', 'teacher_id'] as const;

export default function ViewerRoutineSearch() {
  const { t } = useI18n();
  const { school, profile } = useSignedIn();
  const schoolId = school?.id ?? profile.school_info_id;
  const lookups = useQuery(routineLookupsQuery(schoolId));
  const [params, setParams] = useSearchState(DEFAULTS);
  // The filters being chosen; the address holds the ones searched with.
  const [draft, setDraft] = useState<FilterValues>(() => ({ ...params }));
  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams({ ...Object.fromEntries(FIELDS.map((f) => [f, draft[f] ?? ''])), searched: '1' });
  };
  return (
    <>
      <PageHeader kicker={school?.school_name} title={t('shell.pages.teacherRoutineSearch')} />
      <Card title={t('routines.viewer.searchTitle')}>
        {lookups.isPending ? (
          <Loading />
        ) : lookups.isError ? (
          <ErrorState error={lookups.error} onRetry={() => void lookups.refetch()} />
        ) : (
          <form onSubmit={search} aria-label={t('routines.viewer.searchTitle')}>
            <RoutineFilters
              lookups={lookups.data}
              values={draft}
              onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
              fields={[...FIELDS]}
            />
            <Button type="submit">{t('routines.viewer.search')}</Button>
          </form>
        )}
      </Card>
      <div className="mt-6">
        {params.searched ? (
          <Results schoolId={schoolId} params={params} />
        ) : (
          <p className="text-sm text-slate-600">{t('routines.viewer.searchFirst')}</p>
        )}
      </div>
    </>
  );
}

function Results({ schoolId, params }: { schoolId: number | null; params: typeof DEFAULTS }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const dayName = useDayName();
  const num = (v: string) => Number(v) || undefined;
  const results = useQuery(
    routineSearchQuery({
      school_info_id: schoolId ?? undefined,
      session_id: num(params.session_id),
      class_id: num(params.class_id),
      section_id: num(params.section_id),
      day_id: num(params.day_id),
      teacher_id: num(params.teacher_id),
    }),
  );
  const gridOf = params.teacher_id ? 'teacher' : params.section_id ? 'section' : null;
  const [asGrid, setAsGrid] = useState(false);
  return (
    <QueryState
      query={results}
      what={t('routines.viewer.what')}
      loadingLabel={t('routines.viewer.loading')}
      empty={t('routines.viewer.noResults')}
      isEmpty={(d) => d.total === 0}
    >
      {(data) => (
        <Card title={t('routines.viewer.results')}>
          {gridOf && !params.day_id ? (
            <div className="mb-4 flex flex-wrap gap-2 print:hidden">
              <Button variant="secondary" aria-pressed={asGrid} onClick={() => setAsGrid((v) => !v)}>
                {gridOf === 'teacher' ? t('routines.viewer.weekOfTeacher') : t('routines.viewer.weekOfSection')}
              </Button>
              {asGrid ? <PrintButton /> : null}
            </div>
          ) : null}
          {asGrid && gridOf ? (
            <div className="routine-print-area">
              <WeekGrid
                rows={data.rows}
                subject={gridOf}
                title={
                  gridOf === 'teacher'
                    ? `${data.rows[0].initial} — ${data.rows[0].full_name}`
                    : t('routines.grid.sectionName', {
                        class: name('classes', data.rows[0].class_name),
                        section: data.rows[0].section_default_name,
                      })
                }
              />
            </div>
          ) : (
            <DataTable
              caption={t('routines.viewer.results')}
              cards
              minWidth="52rem"
              head={[
                t('routines.list.day'),
                t('routines.list.period'),
                t('routines.viewer.start'),
                t('routines.viewer.end'),
                t('routines.list.subject'),
                t('routines.list.class'),
                t('routines.list.section'),
                t('routines.list.room'),
                t('routines.viewer.initial'),
              ]}
            >
              {data.rows.map((r) => (
                <tr key={r.id}>
                  <Td label={t('routines.list.day')}>{dayName(r.day_id, r.day)}</Td>
                  <Td label={t('routines.list.period')}>{localDigits(r.period_code, lang)}</Td>
                  <Td label={t('routines.viewer.start')}>{formatClockTime(r.start_time, lang)}</Td>
                  <Td label={t('routines.viewer.end')}>{formatClockTime(r.end_time, lang)}</Td>
                  <Td label={t('routines.list.subject')}>{name('subjects', r.subject_name)}</Td>
                  <Td label={t('routines.list.class')}>{name('classes', r.class_name)}</Td>
                  <Td label={t('routines.list.section')}>{r.section_default_name}</Td>
                  <Td label={t('routines.list.room')}>{localDigits(r.room, lang)}</Td>
                  <Td label={t('routines.viewer.initial')}>
                    <abbr title={r.full_name} className="no-underline">
                      {r.initial}
                    </abbr>
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </Card>
      )}
    </QueryState>
  );
}
