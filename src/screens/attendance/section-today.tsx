/**
 * /classbasedstudentabsence: "Student Attendance Information", one section's periods on a date
 * (today unless ?date= says otherwise), reached from the dashboard's section links with
 * ?section_id=&class_id=. School admins and viewers (the chosen school).
 */
import { Link, useSearchParams } from 'wouter';
import { schoolToday } from '@/api/attendance';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState } from '@/ui/status';
import { isIsoDate } from '@/machines/attendance.machine';
import { formatDayMonthYear } from './format';
import { SectionPeriods } from './period-table';
import { useSchoolSections } from './queries';
import { linkStyle } from './table';

export function positiveId(value: string | null): number | null {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? n : null;
}

export function dashboardPath(userType: number): string {
  return userType === 6 ? '/viewershowattendanceview' : '/attendance';
}

export default function SectionTodayScreen() {
  const { userType, school } = useSignedIn();
  const [params] = useSearchParams();
  const sectionId = positiveId(params.get('section_id'));
  const classId = positiveId(params.get('class_id')) ?? undefined;
  const today = schoolToday();
  const asked = params.get('date');
  const date = asked && isIsoDate(asked) && asked <= today ? asked : today;
  const schoolInfoId = userType === 6 ? school?.id : undefined;
  const sections = useSchoolSections(schoolInfoId);
  const section = sections.status === 'success' ? sections.data.find((s) => s.id === sectionId) : undefined;
  const name = section ? `Class ${section.class_name}, Section ${section.section_default_name}` : null;

  return (
    <>
      <PageHeader
        title="Student Attendance Information"
        kicker={[name, formatDayMonthYear(date)].filter(Boolean).join(' · ')}
      >
        <Link href={dashboardPath(userType)} className={linkStyle}>
          Back to attendance
        </Link>
      </PageHeader>
      <Card>
        {sectionId === null ? (
          <EmptyState>Open a section from the attendance dashboard to see its periods.</EmptyState>
        ) : (
          <SectionPeriods
            sectionId={sectionId}
            classId={classId}
            date={date}
            caption={`Periods of ${name ?? 'the section'} on ${formatDayMonthYear(date)}`}
          />
        )}
      </Card>
    </>
  );
}
