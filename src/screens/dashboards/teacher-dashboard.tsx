/**
 * /teacher-admin: 'Teacher Dashboard' tiles, then the teacher's name and code and their routine
 * (spec part 1, Teacher dashboard): day, period, start and end time, subject, class, section, room.
 */
import { useQuery } from '@tanstack/react-query';
import type { RoutineRow } from '@/api/schemas/routines';
import { teacherRoutineQuery } from '@/api/routines';
import { formatClockTime } from '@/ui/format';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { TileGrid } from '@/ui/tile-grid';

export default function TeacherDashboard() {
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title="Teacher Dashboard" />
      <TileGrid dashboard="/teacher-admin" />
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card title="My profile">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">Name</dt>
              <dd className="font-semibold text-slate-900">{profile.full_name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Teacher code</dt>
              <dd className="font-semibold text-slate-900">{profile.teacher_code ?? profile.user_code}</dd>
            </div>
          </dl>
        </Card>
        <Card title="My routine" className="min-w-0 lg:col-span-2">
          <TeacherRoutine teacherId={profile.id} />
        </Card>
      </div>
    </>
  );
}

function TeacherRoutine({ teacherId }: { teacherId: number }) {
  const routine = useQuery(teacherRoutineQuery(teacherId));
  return (
    <QueryState
      query={routine}
      what="your routine"
      loadingLabel="Loading your routine…"
      empty="No classes are in your routine yet."
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => <RoutineTable rows={rows} />}
    </QueryState>
  );
}

const HEAD = ['Day', 'Period', 'Start', 'End', 'Subject', 'Class', 'Section', 'Room'] as const;

function RoutineTable({ rows }: { rows: readonly RoutineRow[] }) {
  return (
    <DataTable caption="Your routine" head={HEAD} cards minWidth="40rem">
      {rows.map((row) => (
        <tr key={row.id}>
          <Td label="Day">{row.day}</Td>
          <Td label="Period">{row.period_code}</Td>
          <Td label="Start">{formatClockTime(row.start_time)}</Td>
          <Td label="End">{formatClockTime(row.end_time)}</Td>
          <Td label="Subject">{row.subject_name}</Td>
          <Td label="Class">{row.class_name}</Td>
          <Td label="Section">{row.section_default_name}</Td>
          <Td label="Room">{row.room}</Td>
        </tr>
      ))}
    </DataTable>
  );
}
