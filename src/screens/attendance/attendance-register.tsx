/**
 * /attendance-register: a section's attendance over a range, as the monthly register a school
 * keeps (docs/DOMAIN.md, "Attendance"): one row a student by roll, one column a day (P or A from
 * the day's first taken period, blank when nothing was taken, shaded when the school did not
 * meet), then the days present and absent and each student's periods taken, present, absent and
 * rate. A teacher chooses among the sections they teach, the school admin and a viewer among the
 * school's. The section and range are in the address; the register prints as a PDF (A4
 * landscape, up to a month) and downloads as CSV.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { DateTime } from 'luxon';
import { useQuery } from '@tanstack/react-query';
import { downloadRegisterPdf, registerQuery, schoolSectionsQuery } from '@/api/attendance';
import { can } from '@/api/permissions';
import { teacherRoutineQuery } from '@/api/routines';
import { REGISTER_MAX_DAYS, type AttendanceReport, type DayMark } from '@/api/schemas/attendance-register';
import { schoolToday } from '@/api/school-time';
import type { attendanceRegisterEn } from '@/i18n/areas/attendance-register.en';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { useDownload } from '@/ui/use-download';
import { useSearchState } from '@/ui/use-search-state';
import { downloadCsv } from '@/screens/people/csv';
import { formatDayMonthYear, num, percent, weekdayOf } from './format';
import { dateParam, positiveId } from './section-today';

const SEARCH = { section_id: '', from: '', to: '' };

type ColumnKey = keyof typeof attendanceRegisterEn.columns;

interface SectionChoice {
  id: number;
  class_name: string;
  section_default_name: string;
}

/** The first and last day of the month of an ISO date. */
export function monthOf(iso: string): { from: string; to: string } {
  const d = DateTime.fromISO(iso);
  return { from: d.startOf('month').toISODate()!, to: d.endOf('month').toISODate()! };
}

/** The sections the signed-in user may choose: a teacher's own (their routine), else the school's. */
function useSectionChoices() {
  const { profile, userType, school } = useSignedIn();
  const ownOnly = can(userType, 'page.take-attendance');
  const routine = useQuery({ ...teacherRoutineQuery(profile.id), enabled: ownOnly });
  const all = useQuery({ ...schoolSectionsQuery(school?.id), enabled: !ownOnly });
  const query = ownOnly ? routine : all;
  const choices = useMemo((): SectionChoice[] | undefined => {
    if (ownOnly) {
      if (!routine.data) return undefined;
      const seen = new Map<number, SectionChoice>();
      for (const r of routine.data)
        if (!seen.has(r.section_id))
          seen.set(r.section_id, {
            id: r.section_id,
            class_name: r.class_name,
            section_default_name: r.section_default_name,
          });
      return [...seen.values()];
    }
    return all.data;
  }, [ownOnly, routine.data, all.data]);
  return { query, choices };
}

export default function AttendanceRegisterScreen() {
  const { profile, school } = useSignedIn();
  const { t } = useI18n();
  const today = schoolToday();
  const [params, setParams] = useSearchState(SEARCH);
  const month = monthOf(today);
  const from = dateParam(params.from, month.from);
  const to = dateParam(params.to, month.to);
  const sectionId = positiveId(params.section_id);
  const { query, choices } = useSectionChoices();

  return (
    <>
      <PageHeader title={t('attendanceRegister.title')} kicker={school?.school_name ?? profile.school_name} />
      <Card>
        <QueryState
          query={{ ...query, data: choices }}
          what={t('attendance.dashboard.theSections')}
          empty={t('attendanceRegister.noSections')}
          isEmpty={(c) => c.length === 0}
        >
          {(sections) => (
            <RegisterForm
              key={`${params.section_id}|${from}|${to}`}
              sections={sections}
              sectionId={sectionId}
              from={from}
              to={to}
              today={today}
              onShow={(next) => setParams(next)}
            />
          )}
        </QueryState>
      </Card>
      {sectionId !== null ? <Register sectionId={sectionId} from={from} to={to} schoolInfoId={school?.id} /> : null}
    </>
  );
}

function RegisterForm({
  sections,
  sectionId,
  from,
  to,
  today,
  onShow,
}: {
  sections: readonly SectionChoice[];
  sectionId: number | null;
  from: string;
  to: string;
  today: string;
  onShow: (next: { section_id: string; from: string; to: string }) => void;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [draft, setDraft] = useState({ section_id: sectionId ? String(sectionId) : '', from, to });
  const [error, setError] = useState<string | null>(null);
  const year = today.slice(0, 4);
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`);
  const shownMonth = draft.from.slice(0, 8) + '01';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.section_id) return setError(t('attendanceRegister.chooseSection'));
    setError(null);
    onShow(draft);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end" noValidate>
      <SelectField
        label={t('attendanceRegister.section')}
        value={draft.section_id}
        onChange={(v) => setDraft((d) => ({ ...d, section_id: v }))}
        placeholder={t('attendanceRegister.chooseSection')}
        error={error}
        options={sections.map((s) => ({
          value: String(s.id),
          label: t('attendance.common.classSection', {
            class: name('classes', s.class_name),
            section: s.section_default_name,
          }),
        }))}
      />
      <SelectField
        label={t('attendanceRegister.month')}
        value={months.includes(shownMonth) ? shownMonth : ''}
        onChange={(v) => v && setDraft((d) => ({ ...d, ...monthOf(v) }))}
        placeholder="—"
        options={months.map((m) => ({ value: m, label: formatMonth(m, lang) }))}
      />
      <DateField
        label={t('attendanceRegister.from')}
        value={draft.from}
        onChange={(v) => setDraft((d) => ({ ...d, from: v }))}
        required
      />
      <DateField
        label={t('attendanceRegister.to')}
        value={draft.to}
        min={draft.from}
        onChange={(v) => setDraft((d) => ({ ...d, to: v }))}
        required
      />
      <Button type="submit">{t('attendanceRegister.show')}</Button>
    </form>
  );
}

function formatMonth(iso: string, lang: 'en' | 'bn'): string {
  const d = DateTime.fromISO(iso, { locale: lang === 'bn' ? 'bn' : 'en' });
  return d.toFormat('LLLL yyyy');
}

function Register({
  sectionId,
  from,
  to,
  schoolInfoId,
}: {
  sectionId: number;
  from: string;
  to: string;
  schoolInfoId: number | undefined;
}) {
  const { t } = useI18n();
  const report = useQuery(
    registerQuery({ section_id: sectionId, start_date: from, end_date: to, school_info_id: schoolInfoId }),
  );
  return (
    <Card>
      <QueryState query={report} what={t('attendanceRegister.title')}>
        {(r) => <RegisterTable report={r} schoolInfoId={schoolInfoId} />}
      </QueryState>
    </Card>
  );
}

function RegisterTable({ report: r, schoolInfoId }: { report: AttendanceReport; schoolInfoId: number | undefined }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const pdf = useDownload();
  const csv = useDownload();
  const section = t('attendance.common.classSection', {
    class: name('classes', r.section.class_name),
    section: r.section.section_default_name,
  });
  const caption = t('attendanceRegister.tableCaption', {
    section,
    from: formatDayMonthYear(r.start_date, lang),
    to: formatDayMonthYear(r.end_date, lang),
  });
  const mark = (m: DayMark) =>
    m === 'P' ? t('attendance.common.presentShort') : m === 'A' ? t('attendance.common.absentShort') : '';
  const markWord = (m: DayMark) =>
    m === 'P' ? t('attendance.common.present') : m === 'A' ? t('attendance.common.absent') : '';
  const c = (k: ColumnKey) => t(`attendanceRegister.columns.${k}`);
  const rate = (v: number | null) => percent(v, lang) ?? '–';

  const saveCsv = () =>
    downloadCsv(`attendance-register-${r.section.class_name}-${r.section.section_default_name}-${r.start_date}.csv`, [
      [
        c('roll'),
        c('code'),
        c('name'),
        ...r.days.map((d) => d.date),
        c('daysPresent'),
        c('daysAbsent'),
        c('periods'),
        c('present'),
        c('absent'),
        c('rate'),
      ],
      ...r.students.map((s) => [
        String(s.class_roll_no),
        s.student_code,
        s.name,
        ...s.marks.map(mark),
        String(s.days_present),
        String(s.days_absent),
        String(s.periods_taken),
        String(s.present),
        String(s.absent),
        s.rate === null ? '' : String(s.rate),
      ]),
    ]);

  if (!r.students.length) return <EmptyState>{t('attendanceRegister.noStudents')}</EmptyState>;
  const printable = r.days.length > 0;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-lg font-semibold text-slate-900">{section}</h2>
        <Button
          variant="secondary"
          disabled={!printable || pdf.busy}
          onClick={() =>
            void pdf.run(() =>
              downloadRegisterPdf({
                section_id: r.section.id,
                start_date: r.start_date,
                end_date: r.end_date,
                school_info_id: schoolInfoId,
                lang,
              }),
            )
          }
        >
          {pdf.busy ? t('attendanceRegister.downloading') : t('attendanceRegister.downloadPdf')}
        </Button>
        <Button variant="secondary" disabled={csv.busy} onClick={() => void csv.run(saveCsv)}>
          {t('attendanceRegister.downloadCsv')}
        </Button>
      </div>
      {pdf.error || csv.error ? (
        <Alert tone="error" className="mb-3">
          {pdf.error ?? csv.error}
        </Alert>
      ) : null}
      {!printable ? (
        <Alert tone="info" className="mb-3">
          {t('attendanceRegister.rangeTooLong', { max: num(REGISTER_MAX_DAYS, lang) })}
        </Alert>
      ) : null}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="-mx-5 overflow-x-auto px-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-300 text-xs text-slate-600">
              <th scope="col" className="sticky left-0 bg-white py-2 pr-2 text-left">
                {c('roll')}
              </th>
              <th scope="col" className="py-2 pr-3 text-left">
                {c('name')}
              </th>
              {r.days.map((d) => (
                <th
                  key={d.date}
                  scope="col"
                  title={d.holiday ? t('attendanceRegister.holiday', { name: d.holiday }) : undefined}
                  aria-label={`${formatDayMonthYear(d.date, lang)}${d.school_day ? '' : `, ${d.holiday ? t('attendanceRegister.holiday', { name: d.holiday }) : t('attendanceRegister.offDay')}`}`}
                  className={`w-7 px-0.5 py-1 text-center ${d.school_day ? '' : 'bg-slate-200'}`}
                >
                  <span className="block font-semibold">{num(Number(d.date.slice(8)), lang)}</span>
                  <span className="block text-[10px] font-normal">{weekdayOf(d.date, lang).slice(0, 2)}</span>
                </th>
              ))}
              {r.days.length ? (
                <>
                  <th scope="col" className="px-2 py-2 text-right">
                    {c('daysPresent')}
                  </th>
                  <th scope="col" className="px-2 py-2 text-right">
                    {c('daysAbsent')}
                  </th>
                </>
              ) : null}
              <th scope="col" className="px-2 py-2 text-right">
                {c('periods')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {c('present')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {c('absent')}
              </th>
              <th scope="col" className="px-2 py-2 text-right">
                {c('rate')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {r.students.map((s) => (
              <tr key={s.student_id}>
                <td className="sticky left-0 bg-white py-1.5 pr-2 tabular-nums">{num(s.class_roll_no, lang)}</td>
                <th scope="row" className="whitespace-nowrap py-1.5 pr-3 text-left font-medium text-slate-900">
                  {s.name}
                </th>
                {s.marks.map((m, i) => (
                  <td
                    key={r.days[i].date}
                    className={`px-0.5 text-center ${r.days[i].school_day ? '' : 'bg-slate-200'} ${
                      m === 'A' ? 'font-bold text-red-700' : 'text-slate-700'
                    }`}
                  >
                    {m ? (
                      <abbr title={markWord(m)} className="no-underline">
                        {mark(m)}
                      </abbr>
                    ) : null}
                  </td>
                ))}
                {r.days.length ? (
                  <>
                    <td className="px-2 text-right tabular-nums">{num(s.days_present, lang)}</td>
                    <td className="px-2 text-right tabular-nums">{num(s.days_absent, lang)}</td>
                  </>
                ) : null}
                <td className="px-2 text-right tabular-nums">{num(s.periods_taken, lang)}</td>
                <td className="px-2 text-right tabular-nums">{num(s.present, lang)}</td>
                <td className="px-2 text-right tabular-nums">{num(s.absent, lang)}</td>
                <td className="px-2 text-right tabular-nums">{rate(s.rate)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-300 font-semibold">
              <th scope="row" colSpan={2 + r.days.length + (r.days.length ? 2 : 0)} className="py-2 pr-3 text-left">
                {t('attendanceRegister.totals')}
              </th>
              <td className="px-2 text-right tabular-nums">{num(r.totals.periods_taken, lang)}</td>
              <td className="px-2 text-right tabular-nums">{num(r.totals.present, lang)}</td>
              <td className="px-2 text-right tabular-nums">{num(r.totals.absent, lang)}</td>
              <td className="px-2 text-right tabular-nums">{rate(r.totals.rate)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {r.days.length ? <p className="mt-3 text-xs text-slate-600">{t('attendanceRegister.legend')}</p> : null}
    </>
  );
}
