/** /studentroutine: the student's section's week, with each class's teacher initial and room. */
import { useQuery } from '@tanstack/react-query';
import { studentRoutineQuery } from '@/api/routines';
import type { StudentRoutineQuery } from '@/api/schemas/routines';
import { PageHeader } from '@/ui/page';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { EmptyState, QueryState } from '@/ui/status';
import { WeekRoutine } from './week-routine';
import { OwnWeek } from './week-grid';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';

export default function StudentRoutineScreen() {
  return <StudentInView>{(student) => <Routine student={student} />}</StudentInView>;
}

/** A student's own section's week, or a guardian's child's. */
function Routine({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const { name } = useNames();
  const { section_id, class_id: classId, school_info_id } = student;
  const where = student.class_name
    ? t('shell.routine.classSection', {
        class: name('classes', student.class_name),
        section: student.section_default_name ?? '',
      })
    : student.school_name;
  const kicker = student.child ? `${student.full_name} · ${where ?? ''}` : where;
  return (
    <>
      <PageHeader kicker={kicker} title={t('shell.pages.classRoutine')} />
      {section_id && classId && school_info_id ? (
        <SectionRoutine q={{ section_id, class_id: classId, school_info_id }} />
      ) : (
        <EmptyState>{t('shell.routine.notEnrolled')}</EmptyState>
      )}
    </>
  );
}

function SectionRoutine({ q }: { q: StudentRoutineQuery }) {
  const { t } = useI18n();
  const { name } = useNames();
  const routine = useQuery(studentRoutineQuery(q));
  return (
    <QueryState
      query={routine}
      what={t('shell.dashboard.yourRoutineWhat')}
      loadingLabel={t('shell.dashboard.loadingRoutine')}
      empty={t('shell.routine.sectionNoRoutine')}
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => (
        <OwnWeek
          rows={rows}
          subject="section"
          title={t('routines.grid.sectionName', {
            class: name('classes', rows[0].class_name),
            section: rows[0].section_default_name,
          })}
          cards={<WeekRoutine rows={rows} show="teacher" />}
        />
      )}
    </QueryState>
  );
}
