import { DateTime } from 'luxon';

/** "08:00:00" -> "8:00 AM"; anything unparseable is shown as given. */
export function formatClockTime(value: string): string {
  for (const format of ['HH:mm:ss', 'HH:mm']) {
    const t = DateTime.fromFormat(value, format);
    if (t.isValid) return t.toFormat('h:mm a');
  }
  return value;
}
