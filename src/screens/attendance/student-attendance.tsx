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
import { HISTORY_PAGE } from '@/api/schemas/attendance';
import { schoolToday } from '@/api/school-time';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { daysBefore, formatDayMonthYear, formatTime, num, percent } from './format';
import { dateParam, positiveId } from './section-today';

export const DEFAULT_HISTORY_DAYS = 30;
export const HISTORY_PAGE_SIZE = HISTORY_PAGE.screen;

const SEARCH = { start: '', end: '', period: '', subject: '', page: '1' };

export default function StudentAttendanceScreen() {
  return <StudentInView>{(student) => <AttendanceHistory student={student} />}</StudentInView>;
}

/** A student's own history, or a guardian's child's: `student.queryId` names the child. */
function AttendanceHistory({ student }: { student: ViewedStudent }) {
  const today = schoolToday();
  const [params, setParams] = useSearchState(SEARCH);
  const end = dateParam(params.end, today, today);
  const start = dateParam(params.start, daysBefore(end, DEFAULT_HISTORY_DAYS - 1), end);
  const periodId = positiveId(params.period) ?? undefined;
  const subjectId = positiveId(params.subject) ?? undefined;
  const page = Math.max(1, Number.parseInt(params.page, 10) || 1);

  const [form, setForm] = useState({ start, end, period: params.period, subject: params.subject });
  const [problem, setProblem] = useState<string | null>(null);
  const periods = useQuery(periodsQuery(student.child ? student.child.school_info_id : undefined));
  const subjects = useQuery({ ...classSubjectsQuery(student.class_id ?? 0), enabled: !!student.class_id });
  const { t, lang } = useI18n();
  const { name } = useNames();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.start || !form.end) return setProblem(t('attendance.history.chooseRange'));
    if (form.start > form.end) return setProblem(t('attendance.history.startAfterEnd'));
    setProblem(null);
    setParams({ start: form.start, end: form.end, period: form.period, subject: form.subject, page: '1' });
  }

  return (
    <>
      <PageHeader
        kicker={student.child ? `${student.full_name} · ${student.school_name}` : student.school_name}
        title={t('attendance.history.title')}
      />
      <Card>
        <form
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-5 sm:items-end"
          aria-label={t('attendance.history.filters')}
        >
          <DateField
            label={t('attendance.history.startDate')}
            value={form.start}
            max={today}
            onChange={(v) => setForm({ ...form, start: v })}
          />
          <DateField
            label={t('attendance.history.endDate')}
            value={form.end}
            max={today}
            onChange={(v) => setForm({ ...form, end: v })}
          />
          <SelectField
            label={t('attendance.history.period')}
            value={form.period}
            placeholder={t('attendance.history.allPeriods')}
            options={(periods.data ?? []).map((p) => ({
              value: String(p.id),
              label: `${p.period_code} (${formatTime(p.start_time, lang)})`,
            }))}
            onChange={(v) => setForm({ ...form, period: v })}
          />
          <SelectField
            label={t('attendance.history.subject')}
            value={form.subject}
            placeholder={t('attendance.history.allSubjects')}
            options={(subjects.data ?? []).map((s) => ({
              value: String(s.id),
              label: name('subjects', s.subject_name),
            }))}
            onChange={(v) => setForm({ ...form, subject: v })}
          />
          <Button type="submit">{t('attendance.common.viewAttendance')}</Button>
        </form>
        {problem ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </Card>
      <div className="mt-6">
        <History
          filter={{
            student_id: student.queryId,
            start_date: start,
            end_date: end,
            period_id: periodId,
            subject_id: subjectId,
          }}
          page={page}
          onPage={(n) => setParams({ page: String(n) })}
        />
      </div>
    </>
  );
}

interface Filter {
  student_id?: number;
  start_date: string;
  end_date: string;
  period_id?: number;
  subject_id?: number;
}

function History({ filter, page, onPage }: { filter: Filter; page: number; onPage: (n: number) => void }) {
  const rows = useQuery(historyQuery({ ...filter, limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }));
  const summary = useQuery(historySummaryQuery(filter));
  const s = summary.data;
  const { t, lang } = useI18n();
  const { name } = useNames();
  const head = [
    t('attendance.common.date'),
    t('attendance.history.period'),
    t('attendance.history.subject'),
    t('attendance.history.teacher'),
    t('attendance.common.status'),
  ];
  const range = s ? { start: formatDayMonthYear(s.start_date, lang), end: formatDayMonthYear(s.end_date, lang) } : null;
  return (
    <Card>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">{t('attendance.history.title')}</h2>
        {s && range ? (
          <p className="text-sm text-slate-700" data-testid="present-rate">
            {s.present_rate === null
              ? t('attendance.history.nothingRecorded', range)
              : t('attendance.history.rateLine', {
                  ...range,
                  rate: percent(s.present_rate, lang) ?? '',
                  present: num(s.present, lang),
                  absent: num(s.absent, lang),
                  total: num(s.total, lang),
                })}
          </p>
        ) : null}
      </div>
      <QueryState
        query={rows}
        what={t('attendance.history.yourAttendance')}
        loadingLabel={t('attendance.history.loading')}
        isEmpty={(r) => r.length === 0}
        empty={t('attendance.history.empty')}
      >
        {(data) => (
          <>
            <DataTable caption={t('attendance.history.title')} head={head} cards>
              {data.map((r) => (
                <tr key={`${r.date}|${r.routine_id}`}>
                  {/* The spec shows the ISO date here; Bangla gets its own digits. */}
                  <Td label={head[0]}>{lang === 'en' ? r.date : formatDayMonthYear(r.date, lang)}</Td>
                  <Td label={head[1]}>{r.period_code}</Td>
                  <Td label={head[2]}>{name('subjects', r.subject_name)}</Td>
                  <Td label={head[3]}>{r.teacher_name}</Td>
                  <Td label={head[4]}>
                    {r.present_status === 1 ? (
                      <span className="font-semibold text-emerald-800">{t('attendance.common.present')}</span>
                    ) : (
                      <span className="font-semibold text-red-800">{t('attendance.common.absent')}</span>
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
                label={t('attendance.history.pages')}
              />
            ) : null}
          </>
        )}
      </QueryState>
    </Card>
  );
}
