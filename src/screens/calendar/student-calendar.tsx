/**
 * The student's read-only Academic Calendar (see calendar-reader.tsx); a guardian's is
 * the chosen child's school's (`?student=`).
 */
import { StudentInView } from '@/screens/guardians/student-in-view';
import { ReadOnlyCalendar } from './calendar-reader';

export default function StudentCalendarScreen() {
  return <StudentInView>{(s) => <ReadOnlyCalendar reader="student" child={s.child ? s : undefined} />}</StudentInView>;
}
