/**
 * Notice calls (spec part 1, section 7), typed with the shared contract in ./schemas/notices.
 * The editor machine uses them as its actors; the read-only screens load them through the hooks
 * in src/screens/notices/queries.ts, which keeps this module free of React.
 */
import { ApiError, apiGet, apiPost } from '@/api/client';
import {
  creatorNoticePage,
  noticeDeleteResponse,
  noticeReadResponse,
  noticeWriteResponse,
  schoolNoticePage,
  schoolNoticeRow,
  studentNoticePage,
  type CountedNoticeRow,
  type NoticeDeleteResponse,
  type NoticeReadResponse,
  type NoticeType,
  type NoticeWriteBody,
  type NoticeWriteResponse,
  type SchoolNoticeRow,
  type StudentNoticeRow,
} from '@/api/schemas/notices';

/** The signed-in teacher's (or admin's) own notices, newest first, with "read by N of M". */
export function fetchCreatorNotices(): Promise<CountedNoticeRow[]> {
  return apiGet('/api/notice/creator', creatorNoticePage, { query: { limit: 100 } }).then((p) => p.rows);
}

/**
 * A school's notices, newest first. Without `school_info_id` the caller's own school (admins);
 * a viewer names the chosen school. Without `type`: both kinds. Read counts come only on the
 * caller's own notices.
 */
export function fetchSchoolNotices(
  q: { school_info_id?: number | null; type?: NoticeType | null } = {},
): Promise<SchoolNoticeRow[]> {
  return apiGet('/api/notice/school', schoolNoticePage, {
    query: { school_info_id: q.school_info_id ?? undefined, type: q.type ?? undefined, limit: 100 },
  }).then((p) => p.rows);
}

/** One notice for the editor. The server answers a list (as the old API did); the first is it. */
export async function fetchNoticeForEdit(id: number): Promise<SchoolNoticeRow> {
  const rows = await apiGet('/api/notice/edit', schoolNoticeRow.array(), { query: { id } });
  if (!rows[0]) throw new ApiError(404, 'not_found', 'That notice no longer exists.');
  return rows[0];
}

/** Creates (no id) or updates (with id) a notice; the answer carries the message to show. */
export function saveNotice(body: NoticeWriteBody): Promise<NoticeWriteResponse> {
  return apiPost('/api/notice', noticeWriteResponse, { body });
}

export function deleteNotice(id: number): Promise<NoticeDeleteResponse> {
  return apiPost('/api/notice/delete', noticeDeleteResponse, { query: { id } });
}

export interface StudentNoticeQuery {
  type?: NoticeType | null;
  /** YYYY-MM-DD, inclusive. */
  start_date?: string | null;
  end_date?: string | null;
}

/** The signed-in student's notices of a kind, newest first, each saying whether they opened it. */
export function fetchStudentNotices(q: StudentNoticeQuery): Promise<StudentNoticeRow[]> {
  return apiGet('/api/notice/student', studentNoticePage, {
    query: {
      type: q.type ?? undefined,
      start_date: q.start_date || undefined,
      end_date: q.end_date || undefined,
      limit: 100,
    },
  }).then((p) => p.rows);
}

/** Records that the signed-in student opened a notice. */
export function markNoticeRead(id: number): Promise<NoticeReadResponse> {
  return apiPost('/api/notice/read', noticeReadResponse, { query: { id } });
}

/** `type` from a query string: 1 (teacher notice) or 2 (school notice); anything else null. */
export function parseNoticeType(value: string | null | undefined): NoticeType | null {
  return value === '1' ? 1 : value === '2' ? 2 : null;
}
