/**
 * The teacher's day before anyone clicks (docs/DOMAIN.md, "Dashboards"): today's periods with
 * their taken state, the next one first; their sections' attendance over the last school days
 * (a chart with its table); the marks and homework waiting for them. From GET /api/dashboard/teacher.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { teacherDashboardQuery } from '@/api/dashboards';
import type { TeacherDashboard } from '@/api/schemas/dashboards';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { schoolClockTime } from '@/api/school-time';
import { formatClockTime } from '@/screens/routines/week-routine';
import { formatDate, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Card } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { DataTable, linkStyle, Td } from '@/ui/table';
import { num, TrendCard, useRate } from './summary-parts';

/** Today's periods, those not ended first (in time order), then those ended; `now` is HH:mm:ss. */
export function periodsInOrder(rows: readonly RoutineTodayRow[], now: string): RoutineTodayRow[] {
  const byTime = [...rows].sort((a, b) => a.start_time.localeCompare(b.start_time));
  return [...byTime.filter((r) => r.end_time > now), ...byTime.filter((r) => r.end_time <= now)];
}

export function TeacherSummary() {
  const { t } = useI18n();
  const summary = useQuery(teacherDashboardQuery());
  return (
    <div className="mt-6">
      <QueryState query={summary} what={t('dashboards.what')} loadingLabel={t('dashboards.loading')}>
        {(d) => <Summary d={d} />}
      </QueryState>
    </div>
  );
}

function Summary({ d }: { d: TeacherDashboard }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const rate = useRate();
  const now = schoolClockTime();
  const periods = periodsInOrder(d.periods, now);
  const day = (iso: string) => formatDate(iso, 'd MMMM', lang);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card title={t('dashboards.teacher.periods')} className="min-w-0 lg:col-span-2">
        {periods.length ? (
          <ol className="space-y-2">
            {periods.map((p, i) => {
              const ended = p.end_time <= now;
              const started = p.start_time <= now;
              return (
                <li
                  key={p.id}
                  className={`flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 ring-1 ${
                    i === 0 && !ended ? 'bg-indigo-50 ring-indigo-200' : 'ring-slate-200'
                  }`}
                >
                  <div>
                    {i === 0 && !ended ? (
                      <span className="mr-2 rounded bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
                        {started ? t('dashboards.teacher.now') : t('dashboards.teacher.next')}
                      </span>
                    ) : null}
                    <span className="font-semibold text-slate-900">
                      {localDigits(p.period_code, lang)} · {name('subjects', p.subject_name)}
                    </span>
                    {p.substitute ? (
                      <span className="ml-2 rounded bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-900">
                        {t('substitution.badge')}
                      </span>
                    ) : null}
                    <p className="text-sm text-slate-600">
                      {formatClockTime(p.start_time, lang)}–{formatClockTime(p.end_time, lang)} ·{' '}
                      {name('classes', p.class_name)} {p.section_default_name} · {localDigits(p.room, lang)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3 text-sm">
                    {p.covered_by ? (
                      <span className="text-slate-700">{t('substitution.coveredBy', { initial: p.covered_by })}</span>
                    ) : (
                      <span className={p.attendance_taken ? 'text-emerald-800' : 'text-amber-800'}>
                        {p.attendance_taken ? t('dashboards.teacher.taken') : t('dashboards.teacher.notTaken')}
                      </span>
                    )}
                    {!p.attendance_taken && !p.covered_by && started ? (
                      <Link href="/teacherattendance" className={linkStyle}>
                        {t('dashboards.teacher.take')}
                      </Link>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.teacher.noPeriods')}</p>
        )}
      </Card>
      <Card title={t('dashboards.teacher.marks')}>
        {d.marks.length ? (
          <ul className="space-y-2 text-sm">
            {d.marks.map((m) => (
              <li key={m.exam_id}>
                <span className="font-medium text-slate-900">
                  {name('exam_types', m.exam_name)} · {name('subjects', m.subject_name)} ·{' '}
                  {name('classes', m.class_name)} {m.section_default_name}
                </span>
                <p className="text-slate-600">
                  {m.exam_date ? `${day(m.exam_date)} · ` : ''}
                  {t('dashboards.teacher.marksOf', { entered: num(m.entered, lang), students: num(m.students, lang) })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.teacher.noMarks')}</p>
        )}
        <Link href="/teacherevaluation" className={`${linkStyle} mt-3 inline-flex min-h-11 items-center text-sm`}>
          {t('dashboards.teacher.enterMarks')}
        </Link>
      </Card>
      <div className="min-w-0 lg:col-span-2">
        <TrendCard
          id="teacher-trend"
          days={d.trend}
          title={t('dashboards.trend.title', { n: localDigits(String(d.trend.length), lang) })}
        />
      </div>
      <Card title={t('dashboards.teacher.homework')}>
        {d.homework.length ? (
          <ul className="space-y-2 text-sm">
            {d.homework.map((h) => (
              <li key={h.homework_id}>
                <span className="font-medium text-slate-900">{h.topic}</span>
                <p className="text-slate-600">
                  {name('subjects', h.subject_name)} · {name('classes', h.class_name)} {h.section_default_name} ·{' '}
                  {t('dashboards.teacher.unmarked', { n: num(h.unmarked, lang) })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.teacher.noHomework')}</p>
        )}
        <Link href="/homeworksubmitlist" className={`${linkStyle} mt-3 inline-flex min-h-11 items-center text-sm`}>
          {t('dashboards.teacher.openHomework')}
        </Link>
      </Card>
      {d.sections.length ? (
        <Card title={t('dashboards.teacher.sections')} className="min-w-0 lg:col-span-3">
          <DataTable
            caption={t('dashboards.teacher.sections')}
            head={[
              t('dashboards.teacher.section'),
              t('dashboards.trend.present'),
              t('dashboards.trend.absent'),
              t('dashboards.trend.rate'),
            ]}
            minWidth="20rem"
          >
            {d.sections.map((s) => (
              <tr key={s.section_id} className="border-t border-slate-100">
                <Td label={t('dashboards.teacher.section')}>
                  {name('classes', s.class_name)} {s.section_default_name}
                </Td>
                <Td label={t('dashboards.trend.present')}>{num(s.present, lang)}</Td>
                <Td label={t('dashboards.trend.absent')}>{num(s.absent, lang)}</Td>
                <Td label={t('dashboards.trend.rate')}>{rate(s.rate)}</Td>
              </tr>
            ))}
          </DataTable>
        </Card>
      ) : null}
    </div>
  );
}
