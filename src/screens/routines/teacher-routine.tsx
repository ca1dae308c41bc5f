/** /routine: the signed-in teacher's week, day by day. */
import { fetchTeacherRoutine } from '@/api/routines';
import { useApi } from '@/api/use-query';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { WeekRoutine } from './week-routine';

export default function TeacherRoutineScreen() {
  const { profile } = useSignedIn();
  const routine = useApi(`routine.teacher:${profile.id}`, () => fetchTeacherRoutine(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title="My Routine" />
      {routine.status === 'error' ? (
        <ErrorState error={routine.error} onRetry={routine.reload} what="your routine" />
      ) : routine.status !== 'success' ? (
        <Loading label="Loading your routine…" />
      ) : routine.data.length === 0 ? (
        <EmptyState>No classes are in your routine yet.</EmptyState>
      ) : (
        <WeekRoutine rows={routine.data} show="class" />
      )}
    </>
  );
}
