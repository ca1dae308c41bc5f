/**
 * /studentviewattendance: the signed-in student's "Attendance History" (spec part 2, Attendance):
 * Start date, End date, Period and Subject filters and "View Attendance"; the table Date, Period,
 * Subject, Teacher, Status, and the present rate over the same range. It opens on the last 30 days.
 */
import { useId, useState, type FormEvent } from 'react';
import { schoolToday, type HistoryFilter } from '@/api/attendance';
import { Button } from '@/ui/button';
import { formatClockTime } from '@/ui/format';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { daysBefore, formatDayMonthYear, percent } from './format';
import { useClassSubjects, usePeriods, useStudentHistory, useStudentHistorySummary } from './queries';
import { cell, DataTable } from './table';

export const DEFAULT_HISTORY_DAYS = 30;

export default function StudentAttendanceScreen() {
  const { profile } = useSignedIn();
  const today = schoolToday();
  const [form, setForm] = useState({
    start: daysBefore(today, DEFAULT_HISTORY_DAYS - 1),
    end: today,
    period: '',
    subject: '',
  });
  const [filter, setFilter] = useState<HistoryFilter>({ start_date: form.start, end_date: form.end });
  const [problem, setProblem] = useState<string | null>(null);
  const periods = usePeriods();
  const subjects = useClassSubjects(profile.class);
  const ids = { start: useId(), end: useId(), period: useId(), subject: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.start || !form.end) return setProblem('Choose a start date and an end date.');
    if (form.start > form.end) return setProblem('The start date must not be after the end date.');
    setProblem(null);
    setFilter({
      start_date: form.start,
      end_date: form.end,
      period_id: form.period ? Number(form.period) : undefined,
      subject_id: form.subject ? Number(form.subject) : undefined,
    });
  }

  const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm';
  const label = 'block text-sm font-medium text-slate-800';
  return (
    <>
      <PageHeader kicker={profile.school_name} title="Attendance History" />
      <Card>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-5 sm:items-end" aria-label="Attendance filters">
          <div>
            <label htmlFor={ids.start} className={label}>
              Start date
            </label>
            <input
              id={ids.start}
              type="date"
              max={today}
              value={form.start}
              onChange={(e) => setForm({ ...form, start: e.target.value })}
              className={field}
            />
          </div>
          <div>
            <label htmlFor={ids.end} className={label}>
              End date
            </label>
            <input
              id={ids.end}
              type="date"
              max={today}
              value={form.end}
              onChange={(e) => setForm({ ...form, end: e.target.value })}
              className={field}
            />
          </div>
          <div>
            <label htmlFor={ids.period} className={label}>
              Period
            </label>
            <select
              id={ids.period}
              value={form.period}
              onChange={(e) => setForm({ ...form, period: e.target.value })}
              className={field}
            >
              <option value="">All periods</option>
              {periods.status === 'success'
                ? periods.data.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.period_code} ({formatClockTime(p.start_time)})
                    </option>
                  ))
                : null}
            </select>
          </div>
          <div>
            <label htmlFor={ids.subject} className={label}>
              Subject
            </label>
            <select
              id={ids.subject}
              value={form.subject}
              onChange={(e) => setForm({ ...form, subject: e.target.value })}
              className={field}
            >
              <option value="">All subjects</option>
              {subjects.status === 'success'
                ? subjects.data.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.subject_name}
                    </option>
                  ))
                : null}
            </select>
          </div>
          <Button type="submit">View Attendance</Button>
        </form>
        {problem ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </Card>
      <div className="mt-6">
        <History filter={filter} />
      </div>
    </>
  );
}

function History({ filter }: { filter: HistoryFilter }) {
  const rows = useStudentHistory(filter);
  const summary = useStudentHistorySummary(filter);
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Attendance History</h2>
        {summary.status === 'success' ? (
          <p className="text-sm text-slate-700" data-testid="present-rate">
            {summary.data.present_rate === null
              ? `Nothing recorded from ${formatDayMonthYear(summary.data.start_date)} to ${formatDayMonthYear(summary.data.end_date)}`
              : `Present rate ${percent(summary.data.present_rate)} · ${summary.data.present} present, ${summary.data.absent} absent of ${summary.data.total} classes (${formatDayMonthYear(summary.data.start_date)} to ${formatDayMonthYear(summary.data.end_date)})`}
          </p>
        ) : null}
      </div>
      {rows.status === 'error' ? (
        <ErrorState error={rows.error} onRetry={rows.reload} what="your attendance" />
      ) : rows.status !== 'success' ? (
        <Loading label="Loading your attendance…" />
      ) : rows.data.length === 0 ? (
        <EmptyState>No attendance was recorded for these dates and filters.</EmptyState>
      ) : (
        <DataTable caption="Attendance History" head={['Date', 'Period', 'Subject', 'Teacher', 'Status']}>
          {rows.data.map((r) => (
            <tr key={`${r.date}|${r.routine_id}`}>
              <td className={cell}>{r.date}</td>
              <td className={cell}>{r.period_code}</td>
              <td className={cell}>{r.subject_name}</td>
              <td className={cell}>{r.teacher_name}</td>
              <td className={cell}>
                {r.present_status === 1 ? (
                  <span className="font-semibold text-emerald-800">Present</span>
                ) : (
                  <span className="font-semibold text-red-800">Absent</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Card>
  );
}
