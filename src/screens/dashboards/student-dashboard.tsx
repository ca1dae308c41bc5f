/**
 * /student-admin: the student's tiles, then what the day asks of them: the homework still to do
 * (unanswered, soonest last date first, flagged on its last day and once overdue), today's classes
 * and the fees due, each opening its own screen.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { pendingHomeworkQuery } from '@/api/homework';
import { studentRoutineQuery } from '@/api/routines';
import { schoolToday } from '@/api/school-time';
import type { RoutineRow } from '@/api/schemas/routines';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatTaka } from '@/i18n/money';
import { totalDue, useOwnInvoices } from '@/screens/fees/student-invoices';
import { DueBadge, dueState, homeworkDate } from '@/screens/homework/parts';
import { PeriodLine, todayDayId } from '@/screens/routines/week-routine';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { TileGrid } from '@/ui/tile-grid';
import { StudentSummary } from './student-summary';

const LINK =
  'inline-flex min-h-11 items-center text-sm font-semibold text-indigo-700 underline-offset-2 hover:underline';

export default function StudentDashboard() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.studentDashboard')} />
      <div className="mb-8 grid gap-6 lg:grid-cols-3">
        <Card title={t('shell.dashboard.toDo')} className="min-w-0">
          <StillToDo />
        </Card>
        <Card title={t('shell.dashboard.todaysClasses')} className="min-w-0">
          <TodaysClasses />
        </Card>
        <Card title={t('shell.dashboard.feesDue')} className="min-w-0">
          <FeesDue />
        </Card>
      </div>
      <div className="mb-8">
        <StudentSummary />
      </div>
      <TileGrid dashboard="/student-admin" />
    </>
  );
}

function StillToDo() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const list = useQuery(pendingHomeworkQuery());
  const today = schoolToday();
  return (
    <>
      <QueryState
        query={list}
        what={t('shell.dashboard.toDoWhat')}
        loadingLabel={t('shell.dashboard.loadingToDo')}
        empty={t('shell.dashboard.nothingToDo')}
        isEmpty={(d) => d.rows.length === 0}
      >
        {(d) => (
          <ul className="divide-y divide-slate-100">
            {d.rows.map((row) => (
              <li key={row.id} className="py-2">
                <Link
                  href={`/studenthomeworksubmit?homework=${row.id}`}
                  className="block min-h-11 rounded-md text-sm hover:bg-slate-50"
                >
                  <span className="block font-medium text-slate-900">{row.topic}</span>
                  <span className="flex flex-wrap items-center gap-2 text-slate-600">
                    {name('subjects', row.subject_name)} ·{' '}
                    {t('shell.dashboard.lastDate', { date: homeworkDate(row.due_date, lang) })}
                    <DueBadge state={dueState(row.due_date, false, today)} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <Link href="/studenthomework" className={LINK}>
        {t('shell.dashboard.allHomework')}
      </Link>
    </>
  );
}

function TodaysClasses() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  const { section_id, class: classId, school_info_id } = profile;
  if (!section_id || !classId || !school_info_id) return <EmptyState>{t('shell.routine.notEnrolled')}</EmptyState>;
  return <SectionToday q={{ section_id, class_id: classId, school_info_id }} />;
}

function SectionToday({ q }: { q: { section_id: number; class_id: number; school_info_id: number } }) {
  const { t } = useI18n();
  const routine = useQuery(studentRoutineQuery(q));
  const day = todayDayId();
  const todays = (rows: readonly RoutineRow[]) =>
    rows.filter((r) => r.day_id === day).sort((a, b) => a.start_time.localeCompare(b.start_time));
  return (
    <QueryState
      query={routine}
      what={t('shell.dashboard.yourRoutineWhat')}
      loadingLabel={t('shell.dashboard.loadingRoutine')}
      empty={t('shell.dashboard.noClassesToday')}
      isEmpty={(rows) => todays(rows).length === 0}
    >
      {(rows) => <ClassList rows={todays(rows)} />}
    </QueryState>
  );
}

function ClassList({ rows }: { rows: readonly RoutineRow[] }) {
  return (
    <ol className="divide-y divide-slate-100">
      {rows.map((r) => (
        <PeriodLine key={r.id} r={r} show="teacher" />
      ))}
    </ol>
  );
}

function FeesDue() {
  const { t, lang } = useI18n();
  const due = useOwnInvoices('due');
  return (
    <>
      <QueryState
        query={due}
        what={t('shell.dashboard.feesDueWhat')}
        loadingLabel={t('shell.dashboard.loadingFees')}
        empty={t('shell.dashboard.nothingDue')}
        isEmpty={(d) => d.total === 0}
      >
        {(d) => (
          <p className="text-base font-semibold text-slate-900">
            {t(d.total === 1 ? 'shell.dashboard.dueTotalOne' : 'shell.dashboard.dueTotal', {
              amount: formatTaka(totalDue(d.rows), lang),
              invoices: localDigits(String(d.total), lang),
            })}
          </p>
        )}
      </QueryState>
      <Link href="/student-payment" className={LINK}>
        {t('shell.dashboard.payFees')}
      </Link>
    </>
  );
}
