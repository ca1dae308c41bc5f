/**
 * /classbasedstudentabsence: "Student Attendance Information", one section's periods on a date
 * (today unless ?date= says otherwise), reached from the dashboard's section links with
 * ?section_id=&class_id=. School admins and viewers (the chosen school). The date is in the address.
 */
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { schoolSectionsQuery } from '@/api/attendance';
import { can, type UserType } from '@/api/permissions';
import { isoDate } from '@/api/schemas/common';
import { schoolToday } from '@/api/school-time';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState } from '@/ui/status';
import { linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatDayMonthYear } from './format';
import { SectionPeriods } from './period-table';

export function positiveId(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

/** A date from the address when it is a real date up to `max`; otherwise `fallback`. */
export function dateParam(value: string, fallback: string, max?: string): string {
  return isoDate.safeParse(value).success && (!max || value <= max) ? value : fallback;
}

/** The school admin's dashboard, or the viewer's summary of the chosen school. */
export function dashboardPath(userType: UserType): string {
  return can(userType, 'attendance.outbox') ? '/attendance' : '/viewershowattendanceview';
}

export default function SectionTodayScreen() {
  const { userType, school } = useSignedIn();
  const [params, setParams] = useSearchState({ section_id: '', class_id: '', date: '' });
  const sectionId = positiveId(params.section_id);
  const classId = positiveId(params.class_id) ?? undefined;
  const today = schoolToday();
  const date = dateParam(params.date, today, today);
  const sections = useQuery(schoolSectionsQuery(school?.id));
  const section = sections.data?.find((s) => s.id === sectionId);
  const { t, lang } = useI18n();
  const { name: nameOf } = useNames();
  const name = section
    ? t('attendance.common.classSection', {
        class: nameOf('classes', section.class_name),
        section: section.section_default_name,
      })
    : null;

  return (
    <>
      <PageHeader
        title={t('attendance.sectionToday.title')}
        kicker={[name, formatDayMonthYear(date, lang)].filter(Boolean).join(' · ')}
      >
        <div className="flex flex-wrap items-end gap-4">
          <DateField
            label={t('attendance.common.date')}
            value={date}
            max={today}
            onChange={(iso) => setParams({ date: iso === today ? '' : iso })}
          />
          <Link href={dashboardPath(userType)} className={`${linkStyle} inline-flex min-h-11 items-center`}>
            {t('attendance.common.backToAttendance')}
          </Link>
        </div>
      </PageHeader>
      <Card>
        {sectionId === null ? (
          <EmptyState>{t('attendance.sectionToday.openSection')}</EmptyState>
        ) : (
          <SectionPeriods
            sectionId={sectionId}
            classId={classId}
            date={date}
            caption={t('attendance.sectionToday.periodsOfOn', {
              name: name ?? t('attendance.take.theSection'),
              date: formatDayMonthYear(date, lang),
            })}
          />
        )}
      </Card>
    </>
  );
}
