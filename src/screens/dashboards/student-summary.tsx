/**
 * A student's summary (docs/DOMAIN.md, "Dashboards"): this month's attendance and its months as a
 * chart with their table, the latest published results against the section's average, the next
 * exam and the next holiday. The student's own (no id) or a guardian's linked child's, from GET
 * /api/dashboard/student. Dues are shown beside it by the dashboards' own fee cards.
 */
import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { studentDashboardQuery } from '@/api/dashboards';
import type { StudentDashboard } from '@/api/schemas/dashboards';
import { formatDate, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { ErrorBoundary } from '@/ui/error-boundary';
import { Loading, QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { num, useRate } from './summary-parts';

const TrendChart = lazy(() => import('./trend-chart'));

export function StudentSummary({ studentId, headingLevel = 2 }: { studentId?: number; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const summary = useQuery(studentDashboardQuery(studentId));
  return (
    <QueryState query={summary} what={t('dashboards.what')} loadingLabel={t('dashboards.loading')}>
      {(d) => <Summary d={d} headingLevel={headingLevel} />}
    </QueryState>
  );
}

function Section({ title, level, children }: { title: string; level: 2 | 3; children: React.ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={title} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <Heading className="mb-2 font-semibold text-slate-900">{title}</Heading>
      {children}
    </section>
  );
}

function Summary({ d, headingLevel }: { d: StudentDashboard; headingLevel: 2 | 3 }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const rate = useRate();
  const month = (m: string, style: string) => formatDate(`${m}-01`, style, lang);
  const day = (iso: string) => formatDate(iso, 'd MMMM', lang);
  return (
    <div className={`grid gap-4 ${headingLevel === 2 ? 'md:grid-cols-2' : ''}`}>
      <Section title={t('dashboards.student.month')} level={headingLevel}>
        <p className="text-3xl font-bold text-slate-900">{rate(d.month.rate)}</p>
        <p className="text-sm text-slate-700">
          {t('dashboards.student.periods', {
            present: num(d.month.present, lang),
            total: num(d.month.present + d.month.absent, lang),
          })}
        </p>
        {d.months.length > 1 ? (
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={<Loading label={t('dashboards.trend.chartLoading')} />}>
              <TrendChart
                name={t('dashboards.student.months')}
                points={d.months.map((m) => ({ label: month(m.month, 'MMM'), rate: m.rate }))}
              />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        {d.months.length ? (
          <DataTable
            caption={t('dashboards.student.months')}
            head={[
              t('dashboards.student.monthCol'),
              t('dashboards.trend.present'),
              t('dashboards.trend.absent'),
              t('dashboards.trend.rate'),
            ]}
            minWidth="16rem"
          >
            {d.months.map((m) => (
              <tr key={m.month} className="border-t border-slate-100">
                <Td label={t('dashboards.student.monthCol')}>{month(m.month, 'MMMM yyyy')}</Td>
                <Td label={t('dashboards.trend.present')}>{num(m.present, lang)}</Td>
                <Td label={t('dashboards.trend.absent')}>{num(m.absent, lang)}</Td>
                <Td label={t('dashboards.trend.rate')}>{rate(m.rate)}</Td>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </Section>
      <Section title={t('dashboards.student.results')} level={headingLevel}>
        {d.results ? (
          <DataTable
            caption={t('dashboards.student.resultsOf', { exam: name('exam_types', d.results.exam_name) })}
            captionHidden={false}
            head={[t('dashboards.student.subject'), t('dashboards.student.mine'), t('dashboards.student.average')]}
            minWidth="16rem"
          >
            {d.results.subjects.map((s) => (
              <tr key={s.subject_name} className="border-t border-slate-100">
                <Td label={t('dashboards.student.subject')}>{name('subjects', s.subject_name)}</Td>
                <Td label={t('dashboards.student.mine')}>
                  {s.percent === null ? '—' : localDigits(`${s.percent}%`, lang)}
                </Td>
                <Td label={t('dashboards.student.average')}>
                  {s.section_average === null ? '—' : localDigits(`${s.section_average}%`, lang)}
                </Td>
              </tr>
            ))}
          </DataTable>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.student.noResults')}</p>
        )}
      </Section>
      <Section title={t('dashboards.student.nextExam')} level={headingLevel}>
        {d.next_exam ? (
          <p className="text-sm">
            <span className="font-medium text-slate-900">
              {name('exam_types', d.next_exam.exam_name)} · {name('subjects', d.next_exam.subject_name)}
            </span>{' '}
            <span className="text-slate-600">{day(d.next_exam.exam_date)}</span>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.student.noExam')}</p>
        )}
      </Section>
      <Section title={t('dashboards.student.nextHoliday')} level={headingLevel}>
        {d.next_holiday ? (
          <p className="text-sm">
            <span className="font-medium text-slate-900">{d.next_holiday.topics}</span>{' '}
            <span className="text-slate-600">
              {d.next_holiday.start_date === d.next_holiday.end_date
                ? day(d.next_holiday.start_date)
                : t('dashboards.exams.range', {
                    from: day(d.next_holiday.start_date),
                    to: day(d.next_holiday.end_date),
                  })}
            </span>
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.student.noHoliday')}</p>
        )}
      </Section>
    </div>
  );
}
