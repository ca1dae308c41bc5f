/** /routine: the signed-in teacher's week, day by day. */
import { useQuery } from '@tanstack/react-query';
import { teacherRoutineQuery } from '@/api/routines';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { WeekRoutine } from './week-routine';

export default function TeacherRoutineScreen() {
  const { profile } = useSignedIn();
  const routine = useQuery(teacherRoutineQuery(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title="My Routine" />
      <QueryState
        query={routine}
        what="your routine"
        loadingLabel="Loading your routine…"
        empty="No classes are in your routine yet."
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => <WeekRoutine rows={rows} show="class" />}
      </QueryState>
    </>
  );
}
