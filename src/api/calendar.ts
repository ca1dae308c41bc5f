/**
 * Academic calendar calls (spec part 2, Academic calendar; paths keep the spec's "calender"),
 * typed with the shared contract in ./schemas/calendar, and the TanStack Query factories the
 * screens read with. Writes are the calendar machine's actors; after one succeeds the screen
 * invalidates `calendarKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '@/api/client';
import {
  calendarDeleteResponse,
  calendarPage,
  calendarWriteResponse,
  type CalendarDeleteResponse,
  type CalendarListQuery,
  type CalendarPage,
  type CalendarWriteBody,
  type CalendarWriteResponse,
} from '@/api/schemas/calendar';

/** Which read: the school admin's and a viewer's list, a student's, a teacher's. */
export type CalendarReader = 'school' | 'student' | 'teacher';

const READ_PATHS: Record<CalendarReader, string> = {
  school: '/api/calender',
  student: '/api/calender/student',
  teacher: '/api/calender/teacher',
};

export function fetchCalendar(reader: CalendarReader, q: CalendarListQuery = {}): Promise<CalendarPage> {
  return apiGet(READ_PATHS[reader], calendarPage, { query: q });
}

/** Adds (no id) or updates (an id) an entry. One idempotency key per submission. */
export function saveCalendarEntry(
  body: CalendarWriteBody,
  opts: { idempotencyKey?: string } = {},
): Promise<CalendarWriteResponse> {
  return apiPost('/api/calender', calendarWriteResponse, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteCalendarEntry(id: number): Promise<CalendarDeleteResponse> {
  return apiPost('/api/calender/delete', calendarDeleteResponse, { query: { id } });
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
