/**
 * /school-admin: the school's day before anyone clicks (docs/DOMAIN.md, "Dashboards"): today's
 * attendance rate and the last school days as a chart, the registers not taken (with the
 * teacher), today's absentees, this month's fees against what fell due, upcoming exams and
 * calendar days, the latest notices; each figure links to its screen. The tiles follow.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { adminDashboardQuery } from '@/api/dashboards';
import type { AdminDashboard } from '@/api/schemas/dashboards';
import { schoolToday } from '@/api/school-time';
import { UntakenCard } from '@/screens/attendance/untaken-card';
import { formatDate, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { formatTaka } from '@/i18n/money';
import { useNames } from '@/i18n/names';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { linkStyle } from '@/ui/table';
import { TileGrid } from '@/ui/tile-grid';
import { SmsLinks } from './sms-links';
import { Figure, num, TrendCard, useRate } from './summary-parts';

export default function SchoolAdminDashboard() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const summary = useQuery(adminDashboardQuery());
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.schoolAdminDashboard')} />
      <QueryState query={summary} what={t('dashboards.what')} loadingLabel={t('dashboards.loading')}>
        {(d) => <AdminSummary d={d} />}
      </QueryState>
      <div className="mt-8">
        <TileGrid dashboard="/school-admin" />
        <SmsLinks />
      </div>
    </>
  );
}

function AdminSummary({ d }: { d: AdminDashboard }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const rate = useRate();
  const day = (iso: string) => formatDate(iso, 'd MMMM', lang);
  const today = d.today;
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card title={t('dashboards.today.title')}>
        <Figure
          value={rate(today.present_rate)}
          label={
            today.weekly_off
              ? t('dashboards.today.weeklyOff')
              : today.holiday
                ? t('dashboards.today.holiday', { name: today.holiday })
                : t('dashboards.today.sections', {
                    taken: num(today.sections_taken, lang),
                    total: num(today.sections_total, lang),
                  })
          }
          href="/attendance"
          link={t('dashboards.today.open')}
        />
        {today.sections_taken ? (
          <p className="mt-2 text-sm text-slate-700">
            {t('dashboards.presentOf', { present: num(today.present, lang), absent: num(today.absent, lang) })}
          </p>
        ) : null}
      </Card>
      <div className="lg:col-span-2">
        <TrendCard
          id="admin-trend"
          days={d.trend}
          title={t('dashboards.trend.title', { n: localDigits(String(d.trend.length), lang) })}
        />
      </div>
      <div className="lg:col-span-2">
        <UntakenCard schoolInfoId={undefined} date={schoolToday()} />
      </div>
      <Card title={t('dashboards.absentees.title')}>
        {d.absentees.total ? (
          <>
            <p className="mb-2 text-sm text-slate-700">
              {t('dashboards.absentees.count', { n: num(d.absentees.total, lang) })}
            </p>
            <ul className="space-y-1 text-sm">
              {d.absentees.rows.map((a) => (
                <li key={a.student_id}>
                  <span className="font-medium text-slate-900">{a.full_name}</span>{' '}
                  <span className="text-slate-600">
                    {name('classes', a.class_name)} {a.section_default_name} ·{' '}
                    {t('dashboards.absentees.roll', { roll: num(a.class_roll_no, lang) })}
                  </span>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.absentees.none')}</p>
        )}
        <Link href="/studentabsence" className={`${linkStyle} mt-3 inline-flex min-h-11 items-center text-sm`}>
          {t('dashboards.absentees.more')}
        </Link>
      </Card>
      <Card title={t('dashboards.fees.title')}>
        <Figure
          value={formatTaka(d.fees.collected, lang)}
          label={t('dashboards.fees.collected', {
            collected: formatTaka(d.fees.collected, lang),
            due: formatTaka(d.fees.due, lang),
          })}
          href="/payment"
          link={t('dashboards.fees.open')}
        />
        <p className="mt-2 text-sm text-slate-700">
          {t('dashboards.fees.received', { received: formatTaka(d.fees.received, lang) })}
        </p>
      </Card>
      <Card title={t('dashboards.exams.title')}>
        {d.exams.length ? (
          <ul className="space-y-2 text-sm">
            {d.exams.map((e) => (
              <li key={e.exam_type_id}>
                <Link href="/newExam" className={linkStyle}>
                  {name('exam_types', e.exam_name)}
                </Link>
                <p className="text-slate-600">
                  {e.first_date === e.last_date
                    ? day(e.first_date)
                    : t('dashboards.exams.range', { from: day(e.first_date), to: day(e.last_date) })}{' '}
                  · {t('dashboards.exams.sections', { n: num(e.sections, lang) })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.exams.none')}</p>
        )}
      </Card>
      <Card title={t('dashboards.calendar.title')}>
        {d.calendar.length ? (
          <ul className="space-y-2 text-sm">
            {d.calendar.map((c) => (
              <li key={c.id}>
                <span className="font-medium text-slate-900">{c.topics}</span>
                <p className="text-slate-600">
                  {c.start_date === c.end_date
                    ? day(c.start_date)
                    : t('dashboards.exams.range', { from: day(c.start_date), to: day(c.end_date) })}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.calendar.none')}</p>
        )}
        <Link href="/academic-calender" className={`${linkStyle} mt-3 inline-flex min-h-11 items-center text-sm`}>
          {t('dashboards.calendar.open')}
        </Link>
      </Card>
      <Card title={t('dashboards.notices.title')} className="lg:col-span-3">
        {d.notices.length ? (
          <ul className="grid gap-2 text-sm sm:grid-cols-2">
            {d.notices.map((n) => (
              <li key={n.id}>
                <span className="font-medium text-slate-900">{n.headline}</span>{' '}
                <span className="text-slate-600">{day(n.publishing_date)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('dashboards.notices.none')}</p>
        )}
        <Link href="/schooladminnotice" className={`${linkStyle} mt-3 inline-flex min-h-11 items-center text-sm`}>
          {t('dashboards.notices.open')}
        </Link>
      </Card>
    </div>
  );
}
