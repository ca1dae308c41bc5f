/**
 * The demo's academic calendar: for each school, the national holidays of Bangladesh in
 * the seeded year, the two Eid vacations (their real dates follow the moon; these are 2026's, kept
 * for any seeded year), the half-yearly and final exams, and a few events and meetings.
 *
 * The demo's past attendance must not fall on a holiday (attendance cannot be taken on one):
 * demo.ts skips the days `isDemoHoliday` names when it picks the days to seed.
 */
import { DateTime } from 'luxon';
import type { CalendarType } from '@/api/schemas/calendar';
import type { Tx } from '../client';
import { calendarEntries } from '../schema';

interface DemoEntry {
  type: CalendarType;
  /** MM-DD of the first and last day. */
  from: string;
  to: string;
  topics: string;
  details?: string;
}

const ENTRIES: DemoEntry[] = [
  { type: 'event', from: '01-29', to: '01-29', topics: 'Annual sports day' },
  {
    type: 'holiday',
    from: '02-21',
    to: '02-21',
    topics: 'Shaheed Day and International Mother Language Day',
  },
  { type: 'holiday', from: '03-18', to: '03-24', topics: 'Eid ul-Fitr vacation' },
  { type: 'holiday', from: '03-26', to: '03-26', topics: 'Independence Day' },
  { type: 'holiday', from: '04-14', to: '04-14', topics: 'Pohela Boishakh (Bangla New Year)' },
  { type: 'holiday', from: '05-01', to: '05-01', topics: 'May Day' },
  { type: 'holiday', from: '05-25', to: '05-31', topics: 'Eid ul-Adha vacation' },
  {
    type: 'exam',
    from: '06-14',
    to: '06-25',
    topics: 'Half-yearly examination',
    details: 'Written (creative questions) and MCQ parts; the routine is on the notice board.',
  },
  { type: 'meeting', from: '07-16', to: '07-16', topics: 'Parents and teachers meeting' },
  { type: 'holiday', from: '08-15', to: '08-15', topics: 'Janmashtami' },
  { type: 'event', from: '09-10', to: '09-10', topics: 'Science fair' },
  { type: 'holiday', from: '10-20', to: '10-20', topics: 'Durga Puja (Bijoya Dashami)' },
  { type: 'meeting', from: '11-26', to: '11-26', topics: 'Teachers meeting: final examination' },
  {
    type: 'exam',
    from: '11-29',
    to: '12-10',
    topics: 'Final examination',
    details: 'Written (creative questions) and MCQ parts.',
  },
  { type: 'holiday', from: '12-16', to: '12-16', topics: 'Victory Day' },
  { type: 'event', from: '12-20', to: '12-20', topics: 'Result publication and prize giving' },
  { type: 'holiday', from: '12-25', to: '12-25', topics: 'Christmas Day' },
];

const dateOf = (year: number, mmdd: string) => `${year}-${mmdd}`;

/** Whether a date (YYYY-MM-DD) is one of the demo's holidays. */
export function isDemoHoliday(isoDate: string): boolean {
  const year = Number(isoDate.slice(0, 4));
  return ENTRIES.some((e) => e.type === 'holiday' && dateOf(year, e.from) <= isoDate && isoDate <= dateOf(year, e.to));
}

/** The demo's calendar for each school in the session; returns the number of rows. */
export async function seedCalendar(
  tx: Tx,
  opts: { schoolIds: number[]; sessionId: number; year: number },
): Promise<number> {
  // Guard against a year whose MM-DD would not exist (none of the dates above is 02-29).
  const valid = ENTRIES.filter((e) => DateTime.fromISO(dateOf(opts.year, e.from)).isValid);
  const rows = opts.schoolIds.flatMap((schoolId) =>
    valid.map((e) => ({
      schoolId,
      sessionId: opts.sessionId,
      type: e.type,
      topics: e.topics,
      details: e.details ?? '',
      startDate: dateOf(opts.year, e.from),
      endDate: dateOf(opts.year, e.to),
    })),
  );
  if (rows.length) await tx.insert(calendarEntries).values(rows);
  return rows.length;
}
