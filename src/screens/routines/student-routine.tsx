/** /studentroutine: the student's section's week, with each class's teacher initial and room. */
import { fetchStudentRoutine } from '@/api/routines';
import { useApi } from '@/api/use-query';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { WeekRoutine } from './week-routine';

export default function StudentRoutineScreen() {
  const { profile } = useSignedIn();
  const { section_id, class: classId, school_info_id } = profile;
  const routine = useApi(section_id && classId && school_info_id ? `routine.student:${section_id}` : null, () =>
    fetchStudentRoutine({ section_id: section_id!, class_id: classId!, school_info_id: school_info_id! }),
  );
  const kicker = profile.class_name
    ? `Class ${profile.class_name}, Section ${profile.section_default_name}`
    : profile.school_name;
  return (
    <>
      <PageHeader kicker={kicker} title="Class Routine" />
      {!section_id ? (
        <EmptyState>You are not enrolled in a section this session, so there is no routine to show.</EmptyState>
      ) : routine.status === 'error' ? (
        <ErrorState error={routine.error} onRetry={routine.reload} what="your routine" />
      ) : routine.status !== 'success' ? (
        <Loading label="Loading your routine…" />
      ) : routine.data.length === 0 ? (
        <EmptyState>Your section has no routine yet.</EmptyState>
      ) : (
        <WeekRoutine rows={routine.data} show="teacher" />
      )}
    </>
  );
}
