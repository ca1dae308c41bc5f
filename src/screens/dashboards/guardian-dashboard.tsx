/**
 * /guardian-admin: a card per linked child with today's attendance, this month's
 * present rate, the fees due and the unread notices, and links to the child's pages (the student
 * screens, with the child in the address as `?student=`).
 */
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { Link } from 'wouter';
import { historySummaryQuery } from '@/api/attendance';
import { childrenQuery } from '@/api/guardians';
import { studentNoticesQuery } from '@/api/notices';
import type { GuardianChild } from '@/api/schemas/guardians';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { num, percent } from '@/screens/attendance/format';
import { formatTaka } from '@/i18n/money';
import { totalDue, useOwnInvoices } from '@/screens/fees/student-invoices';
import { AbsenceMessages } from '@/screens/guardians/absence-messages';
import { CHILD_LINKS, forChild } from '@/screens/guardians/child-links';
import { PageHeader } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { StudentSummary } from './student-summary';

export default function GuardianDashboard() {
  const { t } = useI18n();
  const list = useQuery(childrenQuery());
  return (
    <>
      <PageHeader kicker={t('guardians.dashboardKicker')} title={t('shell.pages.guardianDashboard')} />
      <QueryState
        query={list}
        what={t('guardians.childrenWhat')}
        loadingLabel={t('guardians.loadingChildren')}
        empty={t('guardians.noChildren')}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ul className="grid gap-4 md:grid-cols-2">
            {rows.map((c) => (
              <ChildCard key={c.student_id} child={c} />
            ))}
          </ul>
        )}
      </QueryState>
      <AbsenceMessages />
    </>
  );
}

function ChildCard({ child }: { child: GuardianChild }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const headingId = `child-${child.student_id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {child.full_name}
      </h2>
      <p className="text-sm text-slate-600">
        {child.school_name}
        {' · '}
        {child.class_name
          ? t('guardians.childCard.classSection', {
              class: name('classes', child.class_name),
              section: child.section_default_name ?? '',
            })
          : t('guardians.childCard.notEnrolled')}
        {child.class_roll_no ? ` · ${t('guardians.childCard.roll', { roll: num(child.class_roll_no, lang) })}` : ''}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <Today child={child} />
        <Month child={child} />
        <Dues child={child} />
        <Notices child={child} />
      </dl>
      <div className="mt-4">
        <StudentSummary studentId={child.student_id} headingLevel={3} />
      </div>
      <nav aria-label={child.full_name} className="mt-4 flex flex-wrap gap-2">
        {CHILD_LINKS.map(([key, path]) => (
          <Link
            key={key}
            href={forChild(path, child.student_id)}
            className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-indigo-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            {t(`guardians.links.${key}`)}
          </Link>
        ))}
      </nav>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function Today({ child }: { child: GuardianChild }) {
  const { t, lang } = useI18n();
  const q = useQuery(
    historySummaryQuery({ student_id: child.student_id, start_date: child.today, end_date: child.today }),
  );
  const s = q.data;
  const value = q.isPending
    ? t('guardians.childCard.loading')
    : !s
      ? t('guardians.childCard.unavailable')
      : s.total === 0
        ? t('guardians.childCard.todayNone')
        : s.absent === 0
          ? t('guardians.childCard.todayPresent')
          : s.present === 0
            ? t('guardians.childCard.todayAbsent')
            : t('guardians.childCard.todayPartly', { present: num(s.present, lang), total: num(s.total, lang) });
  return <Fact label={t('guardians.childCard.today')} value={value} />;
}

function Month({ child }: { child: GuardianChild }) {
  const { t, lang } = useI18n();
  const start = DateTime.fromISO(child.today).startOf('month').toISODate() ?? child.today;
  const q = useQuery(historySummaryQuery({ student_id: child.student_id, start_date: start, end_date: child.today }));
  const rate = q.data ? percent(q.data.present_rate, lang) : null;
  const value = q.isPending
    ? t('guardians.childCard.loading')
    : !q.data
      ? t('guardians.childCard.unavailable')
      : rate
        ? t('guardians.childCard.monthRate', { rate })
        : t('guardians.childCard.monthNone');
  return <Fact label={t('guardians.childCard.month')} value={value} />;
}

function Dues({ child }: { child: GuardianChild }) {
  const { t, lang } = useI18n();
  const q = useOwnInvoices('due', child.student_id);
  const value = q.isPending
    ? t('guardians.childCard.loading')
    : !q.data
      ? t('guardians.childCard.unavailable')
      : q.data.total === 0
        ? t('guardians.childCard.noDues')
        : formatTaka(totalDue(q.data.rows), lang);
  return <Fact label={t('guardians.childCard.dues')} value={value} />;
}

function Notices({ child }: { child: GuardianChild }) {
  const { t, lang } = useI18n();
  const q = useQuery(studentNoticesQuery({ student_id: child.student_id, limit: 50 }));
  const unread = q.data ? q.data.rows.filter((n) => !n.read).length : 0;
  const value = q.isPending
    ? t('guardians.childCard.loading')
    : !q.data
      ? t('guardians.childCard.unavailable')
      : t('guardians.childCard.noticesCount', { count: unread, formatted: num(unread, lang) });
  return <Fact label={t('guardians.childCard.notices')} value={value} />;
}
