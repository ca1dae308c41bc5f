/**
 * Reading notices (routes/notices.ts): the creator's own list, one notice for its editor, the
 * school's list, a student's list (their audience, services/notices.ts `visibleToStudent`) and a
 * student marking one read. Each list is a prepared statement per set of filters present
 * (services/notices.ts `preparedNoticePage`).
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTICE_FIELD_MESSAGES, type noticeSchoolQuery, type noticeStudentQuery } from '@/api/schemas/notices';
import type { Db, DbOrTx } from '../db/client';
import { noticeReads, notices } from '../db/schema';
import { badRequest, notFound } from '../errors';
import {
  preparedNoticePage,
  selectNotices,
  toCountedRow,
  toSchoolRow,
  toStudentRow,
  visibleToStudent,
} from './notices';
import { schoolClock } from './school-time';

const placeholder = (name: string) => sql.placeholder(name);

/** The notices the user created in the school, newest first, with their read counts. */
export async function creatorNotices(
  db: Db,
  schoolId: number,
  userId: number,
  page: { limit: number; offset: number },
) {
  return preparedNoticePage(
    db,
    'notices_by_creator',
    () => ({
      opts: { counts: true },
      where: and(eq(notices.schoolId, placeholder('school')), eq(notices.creatorUserId, placeholder('user')))!,
    }),
    { school: schoolId, user: userId },
    page,
    toCountedRow,
  );
}

/** One notice for its editor (a list of one), with the read counts when the caller wrote it. */
export async function noticeForEditor(db: DbOrTx, noticeId: number, userId: number) {
  const rows = await selectNotices(db, { counts: { author: userId } }).where(eq(notices.id, noticeId));
  return rows.map(toSchoolRow);
}

/** The school's notices (of a type, if named), newest first; "read by N of M" on the caller's own. */
export async function schoolNotices(db: Db, schoolId: number, userId: number, q: z.output<typeof noticeSchoolQuery>) {
  const { type } = q;
  return preparedNoticePage(
    db,
    type ? 'notices_of_school_by_type' : 'notices_of_school',
    () => {
      const where: SQL[] = [eq(notices.schoolId, placeholder('school'))];
      if (type) where.push(eq(notices.type, placeholder('type')));
      // "Read by N of M" is for the notice's author only: the admin sees it on their own notices.
      return { opts: { counts: { author: placeholder('author') } }, where: and(...where)! };
    },
    { school: schoolId, type, author: userId },
    q,
    toSchoolRow,
  );
}

/** The notices a student may see (published by the school's today), by type and publishing dates. */
export async function studentNotices(
  db: Db,
  student: { id: number; schoolId: number },
  q: z.output<typeof noticeStudentQuery>,
) {
  const { type, start_date: start, end_date: end } = q;
  if (start && end && start > end) throw badRequest('end_date', NOTICE_FIELD_MESSAGES.endBeforeStart);
  const { today } = await schoolClock(db, student.schoolId);
  // One prepared statement per set of filters present.
  const name = `notices_for_student${type ? '_type' : ''}${start ? '_from' : ''}${end ? '_to' : ''}`;
  return preparedNoticePage(
    db,
    name,
    () => {
      const s = placeholder('student');
      const where: SQL[] = [visibleToStudent(s, placeholder('school'), placeholder('today'))];
      if (type) where.push(eq(notices.type, placeholder('type')));
      if (start) where.push(gte(notices.publishingDate, placeholder('start')));
      if (end) where.push(lte(notices.publishingDate, placeholder('end')));
      return { opts: { reader: s }, where: and(...where)! };
    },
    { student: student.id, school: student.schoolId, today, type, start, end },
    q,
    (r) => toStudentRow(r, student.id),
  );
}

/**
 * A student marks a notice read: it must exist (404), be of a school the caller may see
 * (`schoolCheck`, 403) and be one the student may see (404 otherwise).
 */
export async function markNoticeRead(
  db: DbOrTx,
  noticeId: number,
  student: { id: number; schoolId: number },
  schoolCheck: (schoolId: number) => Promise<unknown>,
) {
  const [n] = await db.select({ schoolId: notices.schoolId }).from(notices).where(eq(notices.id, noticeId));
  if (!n) throw notFound('Notice');
  await schoolCheck(n.schoolId);
  const { today } = await schoolClock(db, student.schoolId);
  const [visible] = await db
    .select({ id: notices.id })
    .from(notices)
    .where(and(eq(notices.id, noticeId), visibleToStudent(student.id, student.schoolId, today)));
  if (!visible) throw notFound('Notice');
  await db
    .insert(noticeReads)
    .values({ noticeId: visible.id, studentId: student.id, schoolId: student.schoolId })
    .onConflictDoNothing();
  return { ok: true as const, id: visible.id, read: true as const };
}
