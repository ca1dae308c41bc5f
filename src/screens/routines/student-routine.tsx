/** /studentroutine: the student's section's week, with each class's teacher initial and room. */
import { useQuery } from '@tanstack/react-query';
import { studentRoutineQuery } from '@/api/routines';
import type { StudentRoutineQuery } from '@/api/schemas/routines';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { WeekRoutine } from './week-routine';

export default function StudentRoutineScreen() {
  const { profile } = useSignedIn();
  const { section_id, class: classId, school_info_id } = profile;
  const kicker = profile.class_name
    ? `Class ${profile.class_name}, Section ${profile.section_default_name}`
    : profile.school_name;
  return (
    <>
      <PageHeader kicker={kicker} title="Class Routine" />
      {section_id && classId && school_info_id ? (
        <SectionRoutine q={{ section_id, class_id: classId, school_info_id }} />
      ) : (
        <EmptyState>You are not enrolled in a section this session, so there is no routine to show.</EmptyState>
      )}
    </>
  );
}

function SectionRoutine({ q }: { q: StudentRoutineQuery }) {
  const routine = useQuery(studentRoutineQuery(q));
  return (
    <QueryState
      query={routine}
      what="your routine"
      loadingLabel="Loading your routine…"
      empty="Your section has no routine yet."
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => <WeekRoutine rows={rows} show="teacher" />}
    </QueryState>
  );
}
