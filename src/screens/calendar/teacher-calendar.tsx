/** The teacher's read-only Academic Calendar (see calendar-reader.tsx). */
import { ReadOnlyCalendar } from './calendar-reader';

export default function TeacherCalendarScreen() {
  return <ReadOnlyCalendar reader="teacher" />;
}
