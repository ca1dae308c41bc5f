/**
 * /studentviewattendance: the signed-in student's "Attendance History" (spec part 2, Attendance):
 * Start date, End date, Period and Subject filters and "View Attendance"; the table Date, Period,
 * Subject, Teacher, Status, and the present rate over the same range. It opens on the last 30
 * days. The filters and the page are in the address; the list comes a page at a time (the
 * summary's total counts the pages).
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { classSubjectsQuery, historyQuery, historySummaryQuery, periodsQuery } from '@/api/attendance';
import { schoolToday } from '@/api/school-time';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { formatClockTime } from '@/ui/format';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { daysBefore, formatDayMonthYear, percent } from './format';
import { dateParam, positiveId } from './section-today';

export const DEFAULT_HISTORY_DAYS = 30;
export const HISTORY_PAGE_SIZE = 50;

const SEARCH = { start: '', end: '', period: '', subject: '', page: '1' };

export default function StudentAttendanceScreen() {
  const { profile } = useSignedIn();
  const today = schoolToday();
  const [params, setParams] = useSearchState(SEARCH);
  const end = dateParam(params.end, today, today);
  const start = dateParam(params.start, daysBefore(end, DEFAULT_HISTORY_DAYS - 1), end);
  const periodId = positiveId(params.period) ?? undefined;
  const subjectId = positiveId(params.subject) ?? undefined;
  const page = Math.max(1, Number.parseInt(params.page, 10) || 1);

  const [form, setForm] = useState({ start, end, period: params.period, subject: params.subject });
  const [problem, setProblem] = useState<string | null>(null);
  const periods = useQuery(periodsQuery());
  const subjects = useQuery({ ...classSubjectsQuery(profile.class ?? 0), enabled: !!profile.class });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.start || !form.end) return setProblem('Choose a start date and an end date.');
    if (form.start > form.end) return setProblem('The start date must not be after the end date.');
    setProblem(null);
    setParams({ start: form.start, end: form.end, period: form.period, subject: form.subject, page: '1' });
  }

  return (
    <>
      <PageHeader kicker={profile.school_name} title="Attendance History" />
      <Card>
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-5 sm:items-end" aria-label="Attendance filters">
          <DateField
            label="Start date"
            value={form.start}
            max={today}
            onChange={(v) => setForm({ ...form, start: v })}
          />
          <DateField label="End date" value={form.end} max={today} onChange={(v) => setForm({ ...form, end: v })} />
          <SelectField
            label="Period"
            value={form.period}
            placeholder="All periods"
            options={(periods.data ?? []).map((p) => ({
              value: String(p.id),
              label: `${p.period_code} (${formatClockTime(p.start_time)})`,
            }))}
            onChange={(v) => setForm({ ...form, period: v })}
          />
          <SelectField
            label="Subject"
            value={form.subject}
            placeholder="All subjects"
            options={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.subject_name }))}
            onChange={(v) => setForm({ ...form, subject: v })}
          />
          <Button type="submit">View Attendance</Button>
        </form>
        {problem ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </Card>
      <div className="mt-6">
        <History
          filter={{ start_date: start, end_date: end, period_id: periodId, subject_id: subjectId }}
          page={page}
          onPage={(n) => setParams({ page: String(n) })}
        />
      </div>
    </>
  );
}

interface Filter {
  start_date: string;
  end_date: string;
  period_id?: number;
  subject_id?: number;
}

function History({ filter, page, onPage }: { filter: Filter; page: number; onPage: (n: number) => void }) {
  const rows = useQuery(historyQuery({ ...filter, limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }));
  const summary = useQuery(historySummaryQuery(filter));
  const s = summary.data;
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Attendance History</h2>
        {s ? (
          <p className="text-sm text-slate-700" data-testid="present-rate">
            {s.present_rate === null
              ? `Nothing recorded from ${formatDayMonthYear(s.start_date)} to ${formatDayMonthYear(s.end_date)}`
              : `Present rate ${percent(s.present_rate)} · ${s.present} present, ${s.absent} absent of ${s.total} classes (${formatDayMonthYear(s.start_date)} to ${formatDayMonthYear(s.end_date)})`}
          </p>
        ) : null}
      </div>
      <QueryState
        query={rows}
        what="your attendance"
        loadingLabel="Loading your attendance…"
        isEmpty={(r) => r.length === 0}
        empty="No attendance was recorded for these dates and filters."
      >
        {(data) => (
          <>
            <DataTable caption="Attendance History" head={['Date', 'Period', 'Subject', 'Teacher', 'Status']} cards>
              {data.map((r) => (
                <tr key={`${r.date}|${r.routine_id}`}>
                  <Td label="Date">{r.date}</Td>
                  <Td label="Period">{r.period_code}</Td>
                  <Td label="Subject">{r.subject_name}</Td>
                  <Td label="Teacher">{r.teacher_name}</Td>
                  <Td label="Status">
                    {r.present_status === 1 ? (
                      <span className="font-semibold text-emerald-800">Present</span>
                    ) : (
                      <span className="font-semibold text-red-800">Absent</span>
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
            {s ? (
              <Pagination
                page={page}
                pageSize={HISTORY_PAGE_SIZE}
                total={s.total}
                onPage={onPage}
                label="Attendance History pages"
              />
            ) : null}
          </>
        )}
      </QueryState>
    </Card>
  );
}
