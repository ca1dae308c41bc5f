/** The student's read-only Academic Calendar (see calendar-reader.tsx). */
import { ReadOnlyCalendar } from './calendar-reader';

export default function StudentCalendarScreen() {
  return <ReadOnlyCalendar reader="student" />;
}
