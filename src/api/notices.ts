/**
 * Notice calls (spec part 1, section 7), typed with the shared contract in ./schemas/notices
 * (each request as its schema's `z.input`), and the TanStack Query keys and query factories the
 * read screens use. Writes are the notice editor machine's actors; after one succeeds the screen
 * invalidates `noticeKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, request } from '@/api/client';
import type {
  CountedNoticeRow,
  NoticeAudienceQuery,
  NoticeCreatorQuery,
  NoticeDeleteResponse,
  NoticeReach,
  NoticeReadResponse,
  NoticeSchoolQuery,
  NoticeStudentQuery,
  NoticeType,
  NoticeWriteBody,
  NoticeWriteResponse,
  Page,
  SchoolNoticeRow,
  StudentNoticeRow,
} from '@/api/schemas/notices';
import { noticesEndpoints } from '@/api/endpoints/notices';

export type { NoticeAudienceQuery, NoticeCreatorQuery, NoticeSchoolQuery, NoticeStudentQuery };

/** The signed-in teacher's (or admin's) own notices, newest first, with "read by N of M": one page. */
export function fetchCreatorNotices(q: NoticeCreatorQuery = {}): Promise<Page<CountedNoticeRow>> {
  return request(noticesEndpoints.creator, { query: q });
}

/**
 * A school's notices, newest first: one page. Without `school_info_id` the caller's own school
 * (admins); a viewer names the chosen school. Without `type`: both kinds. Read counts come only on
 * the caller's own notices.
 */
export function fetchSchoolNotices(q: NoticeSchoolQuery = {}): Promise<Page<SchoolNoticeRow>> {
  return request(noticesEndpoints.school, { query: q });
}

/** The signed-in student's notices, newest first, each saying whether they opened it: one page. */
export function fetchStudentNotices(q: NoticeStudentQuery = {}): Promise<Page<StudentNoticeRow>> {
  return request(noticesEndpoints.student, { query: q });
}

/** One notice for the editor. The server answers a list (as the old API did); the first is it. */
export async function fetchNoticeForEdit(id: number): Promise<SchoolNoticeRow> {
  const rows = await request(noticesEndpoints.edit, { query: { id } });
  if (!rows[0]) throw new ApiError(404, 'not_found', 'That notice no longer exists.');
  return rows[0];
}

/** How many students a notice with these targets reaches (the server counts them). */
export async function fetchNoticeAudience(q: NoticeAudienceQuery): Promise<number> {
  return (await request(noticesEndpoints.audience, { query: q })).students;
}

/** Whom the signed-in author's notices may address: the whole school, or a teacher's sections per session. */
export function fetchNoticeReach(): Promise<NoticeReach> {
  return request(noticesEndpoints.reach);
}

/**
 * Creates (no id) or updates (with id) a notice; the answer carries the message to show. The same
 * `idempotencyKey` for every attempt of one submission: a retry after a lost answer never saves twice.
 */
export function saveNotice(
  body: NoticeWriteBody,
  opts: { idempotencyKey?: string } = {},
): Promise<NoticeWriteResponse> {
  return request(noticesEndpoints.create, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteNotice(id: number): Promise<NoticeDeleteResponse> {
  return request(noticesEndpoints.delete, { query: { id } });
}

/** Records that the signed-in student opened a notice. */
export function markNoticeRead(id: number): Promise<NoticeReadResponse> {
  return request(noticesEndpoints.read, { query: { id } });
}

/** `type` from a query string: 1 (teacher notice) or 2 (school notice); anything else null. */
export function parseNoticeType(value: string | null | undefined): NoticeType | null {
  return value === '1' ? 1 : value === '2' ? 2 : null;
}

// ---------------------------------------------------------------- reads on screens

/** Every notice read starts with 'notice': a save or delete invalidates them all. */
export const noticeKeys = {
  all: ['notice'] as const,
  creator: (q: NoticeCreatorQuery) => ['notice', 'creator', q] as const,
  school: (q: NoticeSchoolQuery) => ['notice', 'school', q] as const,
  student: (q: NoticeStudentQuery) => ['notice', 'student', q] as const,
};

// A new page or filter keeps the last page on screen until its answer arrives (no flash of "Loading").
export const creatorNoticesQuery = (q: NoticeCreatorQuery) =>
  queryOptions({
    queryKey: noticeKeys.creator(q),
    queryFn: () => fetchCreatorNotices(q),
    placeholderData: keepPreviousData,
  });

export const schoolNoticesQuery = (q: NoticeSchoolQuery) =>
  queryOptions({
    queryKey: noticeKeys.school(q),
    queryFn: () => fetchSchoolNotices(q),
    placeholderData: keepPreviousData,
  });

export const studentNoticesQuery = (q: NoticeStudentQuery) =>
  queryOptions({
    queryKey: noticeKeys.student(q),
    queryFn: () => fetchStudentNotices(q),
    placeholderData: keepPreviousData,
  });

/** `?page=` (1-based, as the address has it) as the list's limit and offset. */
export function pageParams(page: string, pageSize: number): { limit: number; offset: number } {
  const n = Number(page);
  const p = Number.isInteger(n) && n > 0 ? n : 1;
  return { limit: pageSize, offset: (p - 1) * pageSize };
}
