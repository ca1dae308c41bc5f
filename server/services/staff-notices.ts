/**
 * Notices to staff (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): the school admin
 * writes to every teacher of the school or to chosen ones; a teacher reads those addressed to
 * them, the admin the school's. Students' notices are services/notices.ts's.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { STAFF_SUCCESS_CODES, type staffNoticeBody } from '@/api/schemas/staff';
import type { DbOrTx } from '../db/client';
import { staffNoticeRecipients, staffNotices, teachers, users } from '../db/schema';
import { badRequest } from '../errors';
import { recordAudit } from './audit';
import { onTheBooks } from './leaving';
import { schoolClock } from './school-time';

/** Sends a notice: to all the school's teachers on the books, or to the named ones (each the school's, 400 `teacher_ids`). */
export async function sendStaffNotice(
  db: DbOrTx,
  schoolId: number,
  userId: number,
  body: z.output<typeof staffNoticeBody>,
) {
  const { today } = await schoolClock(db, schoolId);
  const named = [...new Set(body.all_teachers ? [] : (body.teacher_ids ?? []))];
  return db.transaction(async (tx) => {
    let recipients: number;
    if (body.all_teachers) {
      const [{ n }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(teachers)
        .where(and(eq(teachers.schoolId, schoolId), onTheBooks(teachers.leftOn, today)));
      recipients = n;
    } else {
      const found = await tx
        .select({ id: teachers.id })
        .from(teachers)
        .where(and(eq(teachers.schoolId, schoolId), inArray(teachers.id, named)));
      if (found.length !== named.length) throw badRequest('teacher_ids', 'A teacher named is not of this school.');
      recipients = named.length;
    }
    const [notice] = await tx
      .insert(staffNotices)
      .values({
        schoolId,
        creatorUserId: userId,
        headline: body.headline,
        description: body.description,
        allTeachers: body.all_teachers,
        publishingDate: today,
      })
      .returning({ id: staffNotices.id });
    if (named.length) {
      await tx
        .insert(staffNoticeRecipients)
        .values(named.map((teacherId) => ({ noticeId: notice.id, teacherId, schoolId })));
    }
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'staff_notice.send',
      schoolId,
      detail: { id: notice.id, headline: body.headline, all_teachers: body.all_teachers, teacher_ids: named },
    });
    return {
      ok: true as const,
      code: STAFF_SUCCESS_CODES.noticeSent,
      message: 'Notice sent to staff.',
      id: notice.id,
      recipients,
    };
  });
}

/** The school's notices to staff, newest first; a teacher's (`teacherId`) only those addressed to them. */
export async function staffNoticePage(
  db: DbOrTx,
  schoolId: number,
  q: { teacherId?: number; limit: number; offset: number },
) {
  const where: SQL[] = [eq(staffNotices.schoolId, schoolId)];
  if (q.teacherId) {
    where.push(
      or(
        eq(staffNotices.allTeachers, true),
        sql`exists (select 1 from ${staffNoticeRecipients} where ${staffNoticeRecipients.noticeId} = ${staffNotices.id}
          and ${staffNoticeRecipients.teacherId} = ${q.teacherId})`,
      )!,
    );
  }
  const rows = await db
    .select({
      id: staffNotices.id,
      headline: staffNotices.headline,
      description: staffNotices.description,
      all_teachers: staffNotices.allTeachers,
      recipients: sql<number>`(select count(*)::int from ${staffNoticeRecipients} where ${staffNoticeRecipients.noticeId} = ${staffNotices.id})`,
      publishing_date: staffNotices.publishingDate,
      author: sql<string>`concat_ws(' ', ${users.firstName}, nullif(${users.lastName}, ''))`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(staffNotices)
    .innerJoin(users, eq(users.id, staffNotices.creatorUserId))
    .where(and(...where))
    .orderBy(desc(staffNotices.publishingDate), desc(staffNotices.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    rows: rows.map(({ total: _t, ...r }) => r),
    total: rows[0]?.total ?? 0,
    limit: q.limit,
    offset: q.offset,
  };
}
