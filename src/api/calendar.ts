/**
 * Academic calendar calls (spec part 2, Academic calendar; paths keep the spec's "calender"),
 * typed with the shared contract in ./schemas/calendar, and the TanStack Query factories the
 * screens read with. Writes are the calendar machine's actors; after one succeeds the screen
 * invalidates `calendarKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type {
  CalendarDeleteResponse,
  CalendarListQuery,
  CalendarPage,
  CalendarWriteBody,
  CalendarWriteResponse,
} from '@/api/schemas/calendar';
import { calendarEndpoints } from '@/api/endpoints/calendar';

/** Which read: the school admin's and a viewer's list, a student's, a teacher's. */
export type CalendarReader = 'school' | 'student' | 'teacher';

export function fetchCalendar(reader: CalendarReader, q: CalendarListQuery = {}): Promise<CalendarPage> {
  // The three reads are one list, each under its reader's own action.
  return request(calendarEndpoints[reader], { query: q });
}

/** Adds (no id) or updates (an id) an entry. One idempotency key per submission. */
export function saveCalendarEntry(
  body: CalendarWriteBody,
  opts: { idempotencyKey?: string } = {},
): Promise<CalendarWriteResponse> {
  return request(calendarEndpoints.create, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteCalendarEntry(id: number): Promise<CalendarDeleteResponse> {
  return request(calendarEndpoints.delete, { query: { id } });
}

export const calendarKeys = {
  all: ['calendar'] as const,
  list: (reader: CalendarReader, q: CalendarListQuery) => ['calendar', reader, q] as const,
};

export const calendarQuery = (reader: CalendarReader, q: CalendarListQuery) =>
  queryOptions({
    queryKey: calendarKeys.list(reader, q),
    queryFn: () => fetchCalendar(reader, q),
    placeholderData: keepPreviousData,
  });
