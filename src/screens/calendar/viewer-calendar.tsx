/** The viewer's read-only Academic Calendar (see calendar-reader.tsx). */
import { ReadOnlyCalendar } from './calendar-reader';

export default function ViewerCalendarScreen() {
  return <ReadOnlyCalendar reader="school" viewer />;
}
