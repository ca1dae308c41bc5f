/**
 * /studentabsence: "Absence Student Information" (Name, Class, Section, Phone Number) for one
 * period (?routine_id=) or the whole day of a section (?section_id=&date=). The phone is the
 * guardian's number the absence message goes to.
 */
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { sectionAbsenteesQuery } from '@/api/attendance';
import { schoolToday } from '@/api/school-time';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { formatDayMonthYear } from './format';
import { dashboardPath, dateParam, positiveId } from './section-today';

export default function AbsentStudentsScreen() {
  const { userType } = useSignedIn();
  const [params] = useSearchState({ section_id: '', routine_id: '', date: '' });
  const sectionId = positiveId(params.section_id);
  const routineId = positiveId(params.routine_id) ?? undefined;
  const date = dateParam(params.date, schoolToday());

  return (
    <>
      <PageHeader title="Absence Student Information" kicker={formatDayMonthYear(date)}>
        <Link href={dashboardPath(userType)} className={`${linkStyle} inline-flex min-h-11 items-center`}>
          Back to attendance
        </Link>
      </PageHeader>
      <Card>
        {sectionId === null ? (
          <EmptyState>Open a period’s absent count from an attendance table to see who was absent.</EmptyState>
        ) : (
          <Absentees sectionId={sectionId} routineId={routineId} date={date} />
        )}
      </Card>
    </>
  );
}

function Absentees({ sectionId, routineId, date }: { sectionId: number; routineId?: number; date: string }) {
  const absent = useQuery(sectionAbsenteesQuery({ section_id: sectionId, routine_id: routineId, date }));
  return (
    <QueryState
      query={absent}
      what="the absent students"
      loadingLabel="Loading the absent students…"
      isEmpty={(rows) => rows.length === 0}
      empty={`No student was absent${routineId ? ' in this period' : ' on this day'}.`}
    >
      {(rows) => (
        <DataTable
          caption="Absent students"
          head={['Name', 'Roll', 'Class', 'Section', 'Phone Number', 'Absent in']}
          cards
        >
          {rows.map((s) => (
            <tr key={s.student_id}>
              <Td label="Name">{s.full_name}</Td>
              <Td label="Roll">{s.class_roll_no}</Td>
              <Td label="Class">{s.class_name}</Td>
              <Td label="Section">{s.section_default_name}</Td>
              <Td label="Phone Number">
                {s.mobile_no ? (
                  <a href={`tel:${s.mobile_no}`} className={linkStyle}>
                    {s.mobile_no}
                  </a>
                ) : (
                  '—'
                )}
              </Td>
              <Td label="Absent in">{s.period_codes.join(', ')}</Td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryState>
  );
}
