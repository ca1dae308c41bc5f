/**
 * /teacher-admin: 'Teacher Dashboard' tiles, then the teacher's name and code and their routine
 * (spec part 1, Teacher dashboard): day, period, start and end time, subject, class, section, room.
 */
import type { RoutineRow } from '@/api/schemas/routines';
import { fetchTeacherRoutine } from '@/api/routines';
import { useApi } from '@/api/use-query';
import { formatClockTime } from '@/ui/format';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
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
        <Card title="My routine" className="lg:col-span-2">
          <TeacherRoutine teacherId={profile.id} />
        </Card>
      </div>
    </>
  );
}

function TeacherRoutine({ teacherId }: { teacherId: number }) {
  const routine = useApi(`routine.teacher:${teacherId}`, () => fetchTeacherRoutine(teacherId));
  if (routine.status === 'error')
    return <ErrorState error={routine.error} onRetry={routine.reload} what="your routine" />;
  if (routine.status !== 'success') return <Loading label="Loading your routine…" />;
  if (routine.data.length === 0) return <EmptyState>No classes are in your routine yet.</EmptyState>;
  return <RoutineTable rows={routine.data} />;
}

function RoutineTable({ rows }: { rows: RoutineRow[] }) {
  return (
    <div className="-mx-5 overflow-x-auto px-5">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">Your routine</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Day
            </th>
            <th scope="col" className="py-2 pr-3">
              Period
            </th>
            <th scope="col" className="py-2 pr-3">
              Start
            </th>
            <th scope="col" className="py-2 pr-3">
              End
            </th>
            <th scope="col" className="py-2 pr-3">
              Subject
            </th>
            <th scope="col" className="py-2 pr-3">
              Class
            </th>
            <th scope="col" className="py-2 pr-3">
              Section
            </th>
            <th scope="col" className="py-2">
              Room
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="py-2 pr-3">{row.day}</td>
              <td className="py-2 pr-3">{row.period_code}</td>
              <td className="py-2 pr-3">{formatClockTime(row.start_time)}</td>
              <td className="py-2 pr-3">{formatClockTime(row.end_time)}</td>
              <td className="py-2 pr-3">{row.subject_name}</td>
              <td className="py-2 pr-3">{row.class_name}</td>
              <td className="py-2 pr-3">{row.section_default_name}</td>
              <td className="py-2">{row.room}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
