/**
 * /studentabsence: "Absence Student Information" (Name, Class, Section, Phone Number) for one
 * period (?routine_id=) or the whole day of a section (?section_id=&date=). The phone is the
 * guardian's number the absence message goes to.
 */
import { Link, useSearchParams } from 'wouter';
import { schoolToday } from '@/api/attendance';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { isIsoDate } from '@/machines/attendance.machine';
import { formatDayMonthYear } from './format';
import { useSectionAbsentees } from './queries';
import { dashboardPath, positiveId } from './section-today';
import { cell, DataTable, linkStyle } from './table';

export default function AbsentStudentsScreen() {
  const { userType } = useSignedIn();
  const [params] = useSearchParams();
  const sectionId = positiveId(params.get('section_id'));
  const routineId = positiveId(params.get('routine_id')) ?? undefined;
  const asked = params.get('date');
  const date = asked && isIsoDate(asked) ? asked : schoolToday();
  const absent = useSectionAbsentees(sectionId ? { sectionId, routineId, date } : null);

  return (
    <>
      <PageHeader title="Absence Student Information" kicker={formatDayMonthYear(date)}>
        <Link href={dashboardPath(userType)} className={linkStyle}>
          Back to attendance
        </Link>
      </PageHeader>
      <Card>
        {sectionId === null ? (
          <EmptyState>Open a period’s absent count from an attendance table to see who was absent.</EmptyState>
        ) : absent.status === 'error' ? (
          <ErrorState error={absent.error} onRetry={absent.reload} what="the absent students" />
        ) : absent.status !== 'success' ? (
          <Loading label="Loading the absent students…" />
        ) : absent.data.length === 0 ? (
          <EmptyState>No student was absent{routineId ? ' in this period' : ' on this day'}.</EmptyState>
        ) : (
          <DataTable caption="Absent students" head={['Name', 'Roll', 'Class', 'Section', 'Phone Number', 'Absent in']}>
            {absent.data.map((s) => (
              <tr key={s.student_id}>
                <td className={cell}>{s.full_name}</td>
                <td className={cell}>{s.class_roll_no}</td>
                <td className={cell}>{s.class_name}</td>
                <td className={cell}>{s.section_default_name}</td>
                <td className={cell}>
                  {s.mobile_no ? (
                    <a href={`tel:${s.mobile_no}`} className={linkStyle}>
                      {s.mobile_no}
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
                <td className={cell}>{s.period_codes.join(', ')}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </>
  );
}
