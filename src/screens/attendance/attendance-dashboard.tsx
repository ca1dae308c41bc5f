/**
 * /attendance (school admin) and /viewershowattendanceview (viewer, the chosen school, read-only):
 * spec part 2, Attendance. "Today Attendance" with the date as DD-MMM-YYYY, the present-rate ring,
 * the per-section table, the collapsible "Historical Attendance" card with its per-period table,
 * and for the school admin the absence-message outbox.
 *
 * The spec gives the viewer's page only as "attendance summary by school and date", so both pages
 * may look at another date; the heading says "Today Attendance" while it shows today.
 * A section with no period taken yet reads "Not taken yet", never 0 %.
 */
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { schoolToday, type SchoolDay } from '@/api/attendance';
import type { SectionAttendanceSummaryRow } from '@/api/schemas/attendance';
import type { SectionRow } from '@/api/schemas/lookups';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { formatDayMonthYear, percent } from './format';
import { OutboxCard } from './outbox';
import { SectionPeriods } from './period-table';
import { useSchoolSections, useSchoolSummary, useSectionSummaries } from './queries';
import { PresentRing } from './ring';
import { cell, DataTable, linkStyle, NotTaken } from './table';

export default function AttendanceDashboard() {
  const { profile, userType, school } = useSignedIn();
  const viewer = userType === 6;
  const schoolInfoId = viewer ? school?.id : undefined;
  const today = schoolToday();
  const [date, setDate] = useState(today);
  const day = useMemo<SchoolDay>(() => ({ schoolInfoId, date }), [schoolInfoId, date]);
  const dateId = useId();

  return (
    <>
      <PageHeader
        kicker={viewer ? school?.school_name : profile.school_name}
        title={date === today ? 'Today Attendance' : 'Attendance'}
      >
        <div className="flex items-end gap-3">
          <p className="pb-2 text-lg font-semibold text-slate-700" data-testid="attendance-date">
            <time dateTime={date}>{formatDayMonthYear(date)}</time>
          </p>
          <div>
            <label htmlFor={dateId} className="block text-xs font-medium text-slate-600">
              Show date
            </label>
            <input
              id={dateId}
              type="date"
              value={date}
              max={today}
              onChange={(e) => e.target.value && e.target.value <= today && setDate(e.target.value)}
              className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5 text-sm"
            />
          </div>
        </div>
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title="Present rate">
          <SchoolRing day={day} />
        </Card>
        <Card title="Sections" className="lg:col-span-2">
          <SectionsTable day={day} />
        </Card>
      </div>
      <div className="mt-6">
        <HistoricalAttendance schoolInfoId={schoolInfoId} today={today} />
      </div>
      {userType === 4 ? (
        <div className="mt-6">
          <OutboxCard />
        </div>
      ) : null}
    </>
  );
}

function SchoolRing({ day }: { day: SchoolDay }) {
  const summary = useSchoolSummary(day);
  if (summary.status === 'error')
    return <ErrorState error={summary.error} onRetry={summary.reload} what="the summary" />;
  if (summary.status !== 'success') return <Loading label="Loading the summary…" />;
  const s = summary.data;
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <PresentRing rate={s.present_rate} />
      <p className="text-sm text-slate-700">
        {s.sections_taken} of {s.sections_total} sections taken
        {s.present_rate === null ? '' : ` · ${s.present} present, ${s.absent} absent of ${s.present + s.absent}`}
      </p>
    </div>
  );
}

function SectionsTable({ day }: { day: SchoolDay }) {
  const rows = useSectionSummaries(day);
  if (rows.status === 'error') return <ErrorState error={rows.error} onRetry={rows.reload} what="the sections" />;
  if (rows.status !== 'success') return <Loading label="Loading the sections…" />;
  if (rows.data.length === 0) return <EmptyState>This school has no sections yet.</EmptyState>;
  return (
    <DataTable caption="Attendance by section" head={['Class', 'Section', 'Total Student', 'Present', 'Absence']}>
      {rows.data.map((row) => (
        <SectionRowView key={row.section_id} row={row} date={day.date} today={schoolToday()} />
      ))}
    </DataTable>
  );
}

function SectionRowView({ row, date, today }: { row: SectionAttendanceSummaryRow; date: string; today: string }) {
  const href = `/classbasedstudentabsence?section_id=${row.section_id}&class_id=${row.class_id}${date === today ? '' : `&date=${date}`}`;
  return (
    <tr>
      <td className={cell}>{row.class_name}</td>
      <td className={cell}>
        <Link href={href} className={linkStyle} aria-label={`${row.section_default_name}, Class ${row.class_name}`}>
          {row.section_default_name}
        </Link>
      </td>
      <td className={cell}>{row.all}</td>
      {row.taken && row.present !== null ? (
        <>
          <td className={cell}>
            {row.present}
            {row.present_rate !== null ? (
              <span className="ml-1 text-xs text-slate-500">({percent(row.present_rate)})</span>
            ) : null}
          </td>
          <td className={cell}>{row.absent}</td>
        </>
      ) : (
        <>
          <td className={cell}>
            <NotTaken />
          </td>
          <td className={cell}>—</td>
        </>
      )}
    </tr>
  );
}

// ---------------------------------------------------------------- Historical Attendance

interface Shown {
  sectionId: number;
  classId: number;
  date: string;
  label: string;
}

function HistoricalAttendance({ schoolInfoId, today }: { schoolInfoId: number | undefined; today: string }) {
  return (
    <Disclosure
      as="section"
      aria-label="Historical Attendance"
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2>
        <DisclosureButton className="group flex w-full items-center justify-between rounded-xl p-5 text-left text-lg font-semibold text-slate-900">
          Historical Attendance
          <span aria-hidden="true" className="text-slate-500 transition group-data-[open]:rotate-180">
            ▾
          </span>
        </DisclosureButton>
      </h2>
      <DisclosurePanel className="px-5 pb-5">
        <HistoricalForm schoolInfoId={schoolInfoId} today={today} />
      </DisclosurePanel>
    </Disclosure>
  );
}

function HistoricalForm({ schoolInfoId, today }: { schoolInfoId: number | undefined; today: string }) {
  const sections = useSchoolSections(schoolInfoId);
  const [classId, setClassId] = useState('');
  const [sectionId, setSectionId] = useState('');
  const [date, setDate] = useState(today);
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { cls: useId(), section: useId(), date: useId() };

  const all = sections.status === 'success' ? sections.data : [];
  const classes = uniqueClasses(all);
  const classSections = all.filter((s) => String(s.class_id) === classId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const section = all.find((s) => String(s.id) === sectionId && String(s.class_id) === classId);
    if (!section) return setProblem('Choose a class and a section.');
    if (!date || date > today) return setProblem('Choose a date up to today.');
    setProblem(null);
    setShown({
      sectionId: section.id,
      classId: section.class_id,
      date,
      label: `Class ${section.class_name}, Section ${section.section_default_name} on ${formatDayMonthYear(date)}`,
    });
  }

  if (sections.status === 'error')
    return <ErrorState error={sections.error} onRetry={sections.reload} what="the sections" />;
  if (sections.status !== 'success') return <Loading label="Loading classes and sections…" />;
  const select = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm';
  return (
    <>
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        aria-label="Historical Attendance filters"
      >
        <div>
          <label htmlFor={ids.cls} className="block text-sm font-medium text-slate-800">
            Class
          </label>
          <select
            id={ids.cls}
            value={classId}
            onChange={(e) => {
              setClassId(e.target.value);
              setSectionId('');
            }}
            className={select}
          >
            <option value="">Choose a class</option>
            {classes.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.section} className="block text-sm font-medium text-slate-800">
            Section
          </label>
          <select
            id={ids.section}
            value={sectionId}
            onChange={(e) => setSectionId(e.target.value)}
            className={select}
            disabled={!classId}
          >
            <option value="">Choose a section</option>
            {classSections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.section_default_name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.date} className="block text-sm font-medium text-slate-800">
            Date
          </label>
          <input
            id={ids.date}
            type="date"
            value={date}
            max={today}
            onChange={(e) => setDate(e.target.value)}
            className={select}
          />
        </div>
        <Button type="submit">View Attendance</Button>
      </form>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {shown ? (
        <div className="mt-5">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{shown.label}</h3>
          <SectionPeriods
            sectionId={shown.sectionId}
            classId={shown.classId}
            date={shown.date}
            caption={`Periods of ${shown.label}`}
          />
        </div>
      ) : null}
    </>
  );
}

function uniqueClasses(sections: readonly SectionRow[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const s of sections) if (!seen.has(s.class_id)) seen.set(s.class_id, s.class_name);
  return [...seen].map(([id, name]) => ({ id, name }));
}
