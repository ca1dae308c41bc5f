/**
 * The fees reports of /payment: dues by class and section, collections by day and sector, and
 * the defaulters list, each exportable to CSV (amounts as the server's exact decimal text), and
 * the chart of collections over the session (chart.js, loaded only when that report is opened).
 * The report and its choices are in the address. A viewer reads them for the school they chose
 * (`schoolId`, sent as school_info_id). The choices need only the academic sessions (`/api/session`,
 * shared by every school): the school's own lists (sections need a school, which a viewer must
 * name) are not asked for, and a failure to load the sessions is said, never an endless spinner.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { collectionsQuery, defaultersQuery, duesReportQuery, monthlyCollectionsQuery } from '@/api/fees';
import { sessionsQuery } from '@/api/gradesheet-pdf';
import { schoolToday } from '@/api/school-time';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { Card } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { EmptyState, ErrorState, Loading, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { downloadCsv } from '../people/csv';
import { formatTaka } from '@/i18n/money';

const CollectionsChart = lazy(() => import('./collections-chart'));

const KINDS = ['dues', 'collections', 'session', 'defaulters'] as const;
type Kind = (typeof KINDS)[number];
const ROWS = 500;

interface Column<R> {
  label: string;
  value: (r: R) => string;
  money?: boolean;
  /**
   * What the table shows when not `value` in the language's digits: a class or fee head by its
   * name in the user's language. The CSV keeps `value`, as the school wrote it (data, as its
   * amounts and digits are).
   */
  shown?: (r: R) => string;
}

function ReportTable<R>({
  caption,
  columns,
  rows,
  file,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  file: string;
}) {
  const { t, lang } = useI18n();
  const shown = (c: Column<R>, r: R) =>
    c.money ? formatTaka(c.value(r), lang) : c.shown ? c.shown(r) : localDigits(c.value(r), lang);
  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        onClick={() =>
          void downloadCsv(file, [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => c.value(r)))])
        }
      >
        {t('fees.reports.exportCsv')}
      </Button>
      <DataTable caption={caption} head={columns.map((c) => c.label)} cards>
        {rows.map((r, i) => (
          <tr key={i} className="border-t border-slate-100">
            {columns.map((c) => (
              <Td key={c.label} label={c.label}>
                {shown(c, r)}
              </Td>
            ))}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

export function FeeReports({ schoolId }: { schoolId?: number } = {}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const school = schoolId ? { school_info_id: schoolId } : {};
  const today = schoolToday();
  const [s, set] = useSearchState({
    report: 'dues',
    session_id: '',
    from: today.slice(0, 8) + '01',
    to: today,
    as_of: today,
  });
  const kind: Kind = (KINDS as readonly string[]).includes(s.report) ? (s.report as Kind) : 'dues';
  const sessions = useQuery(sessionsQuery());
  const sessionList = sessions.data ?? [];
  const sessionId = Number(s.session_id) || sessionList.find((x) => x.current)?.id || 0;
  // The reports by session wait for a session: without the list (or with none) they say why.
  const bySession = kind !== 'collections';
  const sessionProblem = !bySession ? null : sessions.isError ? (
    <ErrorState error={sessions.error} what={t('fees.reports.sessionsWhat')} onRetry={() => void sessions.refetch()} />
  ) : sessions.isSuccess && !sessionId ? (
    <EmptyState>{t('fees.reports.noSession')}</EmptyState>
  ) : null;
  const dues = useQuery({
    ...duesReportQuery({ ...school, session_id: sessionId, limit: ROWS }),
    enabled: kind === 'dues' && !!sessionId,
  });
  const collections = useQuery({
    ...collectionsQuery({ ...school, from: s.from, to: s.to, limit: ROWS }),
    enabled: kind === 'collections' && !!s.from && !!s.to && s.from <= s.to,
  });
  const late = useQuery({
    ...defaultersQuery({ ...school, session_id: sessionId, as_of: s.as_of, limit: ROWS }),
    enabled: kind === 'defaulters' && !!sessionId,
  });
  const monthly = useQuery({
    ...monthlyCollectionsQuery({ ...school, session_id: sessionId }),
    enabled: kind === 'session' && !!sessionId,
  });
  const c = (k: string) => t(`fees.cols.${k}` as never);
  return (
    <Card>
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('fees.reports.kind')}
          value={kind}
          options={KINDS.map((k) => ({ value: k, label: t(`fees.reports.${k}`) }))}
          onChange={(v) => set({ report: v })}
        />
        {kind !== 'collections' ? (
          <SelectField
            label={t('fees.fee.session')}
            value={String(sessionId || '')}
            options={sessionList.map((x) => ({ value: String(x.id), label: localDigits(x.session_year, lang) }))}
            onChange={(v) => set({ session_id: v })}
          />
        ) : null}
        {kind === 'collections' ? (
          <>
            <DateField label={t('fees.reports.from')} value={s.from} onChange={(v) => set({ from: v })} />
            <DateField label={t('fees.reports.to')} value={s.to} min={s.from} onChange={(v) => set({ to: v })} />
          </>
        ) : null}
        {kind === 'defaulters' ? (
          <DateField label={t('fees.reports.asOf')} value={s.as_of} onChange={(v) => set({ as_of: v })} />
        ) : null}
      </div>
      {sessionProblem}
      {kind === 'dues' && !sessionProblem ? (
        <QueryState
          query={dues}
          what={t('fees.reports.what')}
          isEmpty={(d) => !d.rows.length}
          empty={t('fees.reports.empty')}
        >
          {(d) => (
            <ReportTable
              caption={t('fees.reports.dues')}
              file="dues.csv"
              rows={d.rows}
              columns={[
                { label: c('class'), value: (r) => r.class_name, shown: (r) => name('classes', r.class_name) },
                { label: c('section'), value: (r) => r.section_default_name },
                { label: c('students'), value: (r) => String(r.students) },
                { label: c('amount'), value: (r) => r.amount, money: true },
                { label: c('waived'), value: (r) => r.waived, money: true },
                { label: c('paid'), value: (r) => r.paid, money: true },
                { label: c('due'), value: (r) => r.due, money: true },
              ]}
            />
          )}
        </QueryState>
      ) : null}
      {kind === 'collections' ? (
        <QueryState
          query={collections}
          what={t('fees.reports.what')}
          isEmpty={(d) => !d.rows.length}
          empty={t('fees.reports.empty')}
        >
          {(d) => (
            <ReportTable
              caption={t('fees.reports.collections')}
              file="collections.csv"
              rows={d.rows}
              columns={[
                { label: c('date'), value: (r) => r.date },
                {
                  label: c('sector'),
                  value: (r) => `${r.sector_code} ${r.sector_name}`,
                  shown: (r) => `${localDigits(r.sector_code, lang)} ${name('fee_sectors', r.sector_name)}`,
                },
                { label: c('receipts'), value: (r) => String(r.receipts) },
                { label: c('amount'), value: (r) => r.amount, money: true },
              ]}
            />
          )}
        </QueryState>
      ) : null}
      {kind === 'session' && !sessionProblem ? (
        <QueryState query={monthly} what={t('fees.reports.what')}>
          {(d) => (
            <Suspense fallback={<Loading />}>
              <CollectionsChart report={d} />
            </Suspense>
          )}
        </QueryState>
      ) : null}
      {kind === 'defaulters' && !sessionProblem ? (
        <QueryState
          query={late}
          what={t('fees.reports.what')}
          isEmpty={(d) => !d.rows.length}
          empty={t('fees.reports.empty')}
        >
          {(d) => (
            <ReportTable
              caption={t('fees.reports.defaulters')}
              file="defaulters.csv"
              rows={d.rows}
              columns={[
                { label: c('code'), value: (r) => r.student_code },
                { label: c('name'), value: (r) => r.full_name },
                { label: c('class'), value: (r) => r.class_name, shown: (r) => name('classes', r.class_name) },
                { label: c('section'), value: (r) => r.section_default_name },
                { label: c('roll'), value: (r) => String(r.class_roll_no) },
                { label: c('oldest'), value: (r) => r.oldest_last_date },
                { label: c('due'), value: (r) => r.due, money: true },
              ]}
            />
          )}
        </QueryState>
      ) : null}
    </Card>
  );
}
