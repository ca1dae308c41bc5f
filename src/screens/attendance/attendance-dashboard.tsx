/**
 * /attendance (school admin) and /viewershowattendanceview (viewer, the chosen school, read-only):
 * spec part 2, Attendance. "Today Attendance" with the date as DD-MMM-YYYY, the present-rate ring,
 * the per-section table, the collapsible "Historical Attendance" card with its per-period table,
 * and for the school admin the absence-message outbox.
 *
 * The spec gives the viewer's page only as "attendance summary by school and date", so both pages
 * may look at another date; the heading says "Today Attendance" while it shows today.
 * A section with no period taken yet reads "Not taken yet", never 0 %; a day without classes (a
 * weekly off day) says "No classes on Friday" instead. The shown date and the Historical
 * Attendance choices are in the address, so Back, reload and a shared link restore the view.
 */
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { schoolSectionsQuery, schoolSummaryQuery, sectionSummariesQuery, type SchoolDayParams } from '@/api/attendance';
import { can } from '@/api/permissions';
import type { SchoolAttendanceSummary, SectionAttendanceSummaryRow } from '@/api/schemas/attendance';
import type { SectionRow } from '@/api/schemas/lookups';
import { schoolToday } from '@/api/school-time';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatDayMonthYear, num, percent, weekdayOf } from './format';
import { NotTaken } from './not-taken';
import { OutboxCard } from './outbox';
import { UntakenCard } from './untaken-card';
import { SectionPeriods } from './period-table';
import { PresentRing } from './ring';
import { dateParam, positiveId } from './section-today';

/** Filters in the address: the shown day, and the Historical Attendance class, section and date. */
const SEARCH = { date: '', h_class: '', h_section: '', h_date: '' };

/** "No classes on Friday": a weekly off day, or a day with no period in any routine. */
export function noClassesText(s: Pick<SchoolAttendanceSummary, 'weekly_off' | 'sections_total' | 'day_name'>) {
  return s.weekly_off || s.sections_total === 0 ? `No classes on ${s.day_name}` : null;
}

/** noClassesText in the user's language: the weekday from the date ("শুক্রবার" in Bangla). */
function useNoClasses(): (s: SchoolAttendanceSummary) => string | null {
  const { t, lang } = useI18n();
  return (s) =>
    // A calendar holiday is named ("Holiday: Victory Day"): no section is due that day.
    s.holiday
      ? t('calendar.holidayOn', { name: s.holiday })
      : noClassesText(s) === null
        ? null
        : t('attendance.dashboard.noClassesOn', { day: lang === 'en' ? s.day_name : weekdayOf(s.date, lang) });
}

export default function AttendanceDashboard() {
  const { profile, userType, school } = useSignedIn();
  const { t, lang } = useI18n();
  // A viewer looks at the school chosen in the session; a school admin's comes from the session.
  const schoolInfoId = school?.id;
  const today = schoolToday();
  const [params, setParams] = useSearchState(SEARCH);
  const date = dateParam(params.date, today, today);
  const day: SchoolDayParams = { school_info_id: schoolInfoId, date };

  return (
    <>
      <PageHeader
        kicker={school?.school_name ?? profile.school_name}
        title={date === today ? t('attendance.dashboard.todayTitle') : t('attendance.dashboard.title')}
      >
        <div className="flex flex-wrap items-end gap-3">
          <p className="pb-2 text-lg font-semibold text-slate-700" data-testid="attendance-date">
            <time dateTime={date}>{formatDayMonthYear(date, lang)}</time>
          </p>
          <DateField
            label={t('attendance.dashboard.showDate')}
            value={date}
            max={today}
            onChange={(iso) => setParams({ date: iso === today ? '' : iso })}
          />
          <Link href="/attendance-register" className={`${linkStyle} inline-flex min-h-11 items-center`}>
            {t('attendanceRegister.title')}
          </Link>
        </div>
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card title={t('attendance.dashboard.presentRate')}>
          <SchoolRing day={day} />
        </Card>
        <Card title={t('attendance.dashboard.sections')} className="min-w-0 lg:col-span-2">
          <SectionsTable day={day} date={date} today={today} />
        </Card>
      </div>
      <div className="mt-6">
        <UntakenCard schoolInfoId={schoolInfoId} date={date} />
      </div>
      <div className="mt-6">
        <HistoricalAttendance schoolInfoId={schoolInfoId} today={today} />
      </div>
      {can(userType, 'attendance.outbox') ? (
        <div className="mt-6">
          <OutboxCard />
        </div>
      ) : null}
    </>
  );
}

function SchoolRing({ day }: { day: SchoolDayParams }) {
  const summary = useQuery(schoolSummaryQuery(day));
  const { t, lang } = useI18n();
  const noClasses = useNoClasses();
  const n = (value: number) => num(value, lang);
  return (
    <QueryState
      query={summary}
      what={t('attendance.dashboard.theSummary')}
      loadingLabel={t('attendance.dashboard.loadingSummary')}
    >
      {(s) => {
        const none = noClasses(s);
        return (
          <div className="flex flex-col items-center gap-3 text-center">
            <PresentRing rate={s.present_rate} label={none ?? undefined} />
            <p className="text-sm text-slate-700">
              {none ??
                t('attendance.dashboard.sectionsTaken', { taken: n(s.sections_taken), total: n(s.sections_total) }) +
                  (s.present_rate === null
                    ? ''
                    : t('attendance.dashboard.presentAbsent', {
                        present: n(s.present),
                        absent: n(s.absent),
                        all: n(s.present + s.absent),
                      }))}
            </p>
          </div>
        );
      }}
    </QueryState>
  );
}

function SectionsTable({ day, date, today }: { day: SchoolDayParams; date: string; today: string }) {
  const summary = useQuery(schoolSummaryQuery(day));
  const rows = useQuery(sectionSummariesQuery(day));
  const { t } = useI18n();
  const noClasses = useNoClasses();
  const none = summary.data ? noClasses(summary.data) : null;
  if (none) {
    return (
      <EmptyState>
        {none}
        {t('attendance.common.fullStop')}
      </EmptyState>
    );
  }
  return (
    <QueryState
      query={rows}
      what={t('attendance.dashboard.theSections')}
      loadingLabel={t('attendance.dashboard.loadingSections')}
      isEmpty={(r) => r.length === 0}
      empty={t('attendance.dashboard.noSections')}
    >
      {(data) => (
        <DataTable caption={t('attendance.dashboard.bySection')} head={sectionColumns(t)} minWidth="30rem" cards>
          {data.map((row) => (
            <SectionRowView key={row.section_id} row={row} date={date} today={today} />
          ))}
        </DataTable>
      )}
    </QueryState>
  );
}

type T = ReturnType<typeof useI18n>['t'];

const sectionColumns = (t: T) => [
  t('attendance.common.class'),
  t('attendance.common.section'),
  t('attendance.dashboard.totalStudent'),
  t('attendance.common.present'),
  t('attendance.dashboard.absence'),
];

function SectionRowView({ row, date, today }: { row: SectionAttendanceSummaryRow; date: string; today: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const [cClass, cSection, cTotal, cPresent, cAbsence] = sectionColumns(t);
  const href = `/classbasedstudentabsence?section_id=${row.section_id}&class_id=${row.class_id}${date === today ? '' : `&date=${date}`}`;
  return (
    <tr>
      <Td label={cClass}>{name('classes', row.class_name)}</Td>
      <Td label={cSection}>
        <Link
          href={href}
          className={`${linkStyle} inline-flex min-h-11 min-w-11 items-center`}
          aria-label={t('attendance.dashboard.sectionLink', {
            section: row.section_default_name,
            class: name('classes', row.class_name),
          })}
        >
          {row.section_default_name}
        </Link>
      </Td>
      <Td label={cTotal}>{num(row.all, lang)}</Td>
      {row.taken && row.present !== null ? (
        <>
          <Td label={cPresent}>
            {num(row.present, lang)}
            {row.present_rate !== null ? (
              <span className="ml-1 text-xs text-slate-500">({percent(row.present_rate, lang)})</span>
            ) : null}
          </Td>
          <Td label={cAbsence}>{row.absent === null ? '—' : num(row.absent, lang)}</Td>
        </>
      ) : (
        <>
          <Td label={cPresent}>
            <NotTaken />
          </Td>
          <Td label={cAbsence}>—</Td>
        </>
      )}
    </tr>
  );
}

// ---------------------------------------------------------------- Historical Attendance

function HistoricalAttendance({ schoolInfoId, today }: { schoolInfoId: number | undefined; today: string }) {
  const [params] = useSearchState(SEARCH);
  // Open when the address already asks for a section (a reload, Back or a shared link).
  const asked = params.h_class !== '' || params.h_section !== '' || params.h_date !== '';
  const { t } = useI18n();
  return (
    <Disclosure
      as="section"
      defaultOpen={asked}
      aria-label={t('attendance.dashboard.historical')}
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2>
        <DisclosureButton className="group flex min-h-11 w-full items-center justify-between rounded-xl p-5 text-left text-lg font-semibold text-slate-900">
          {t('attendance.dashboard.historical')}
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
  const sections = useQuery(schoolSectionsQuery(schoolInfoId));
  const { t } = useI18n();
  return (
    <QueryState
      query={sections}
      what={t('attendance.dashboard.theSections')}
      loadingLabel={t('attendance.dashboard.loadingClassesSections')}
    >
      {(all) => <HistoricalChoices all={all} today={today} />}
    </QueryState>
  );
}

function HistoricalChoices({ all, today }: { all: readonly SectionRow[]; today: string }) {
  const [params, setParams] = useSearchState(SEARCH);
  const { t, lang } = useI18n();
  const { name } = useNames();
  // What the address shows; the form edits a draft until "View Attendance".
  const shownSection = all.find((s) => s.id === positiveId(params.h_section) && String(s.class_id) === params.h_class);
  const shownDate = dateParam(params.h_date, '', today);
  const [draft, setDraft] = useState({
    classId: params.h_class,
    sectionId: params.h_section,
    date: shownDate || today,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const classes = uniqueClasses(all);
  const classSections = all.filter((s) => String(s.class_id) === draft.classId);

  function submit(event: FormEvent) {
    event.preventDefault();
    const section = all.find((s) => String(s.id) === draft.sectionId && String(s.class_id) === draft.classId);
    if (!section) return setProblem(t('attendance.dashboard.chooseClassSection'));
    if (!draft.date || draft.date > today) return setProblem(t('attendance.dashboard.chooseDateUpToToday'));
    setProblem(null);
    setParams({ h_class: String(section.class_id), h_section: String(section.id), h_date: draft.date });
  }

  const label =
    shownSection && shownDate
      ? t('attendance.dashboard.classSectionOn', {
          class: name('classes', shownSection.class_name),
          section: shownSection.section_default_name,
          date: formatDayMonthYear(shownDate, lang),
        })
      : null;
  return (
    <>
      <form
        onSubmit={submit}
        className="grid gap-3 sm:grid-cols-4 sm:items-end"
        aria-label={t('attendance.dashboard.historicalFilters')}
      >
        <SelectField
          label={t('attendance.common.class')}
          value={draft.classId}
          placeholder={t('attendance.dashboard.chooseClass')}
          options={classes.map((c) => ({ value: String(c.id), label: name('classes', c.name) }))}
          onChange={(v) => setDraft({ ...draft, classId: v, sectionId: '' })}
        />
        <SelectField
          label={t('attendance.common.section')}
          value={draft.sectionId}
          placeholder={t('attendance.dashboard.chooseSection')}
          disabled={!draft.classId}
          options={classSections.map((s) => ({ value: String(s.id), label: s.section_default_name }))}
          onChange={(v) => setDraft({ ...draft, sectionId: v })}
        />
        <DateField
          label={t('attendance.common.date')}
          value={draft.date}
          max={today}
          onChange={(iso) => setDraft({ ...draft, date: iso })}
        />
        <Button type="submit">{t('attendance.common.viewAttendance')}</Button>
      </form>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {shownSection && label ? (
        <div className="mt-5">
          <h3 className="mb-2 text-sm font-semibold text-slate-700">{label}</h3>
          <SectionPeriods
            sectionId={shownSection.id}
            classId={shownSection.class_id}
            date={shownDate}
            caption={t('attendance.dashboard.periodsOf', { label })}
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
