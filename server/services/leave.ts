/**
 * Leave (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): a teacher asks, the school
 * admin approves or refuses with a note. Each type has a yearly allowance per school
 * (services/staff.ts, `settingsOf`); a request counts the school days of its range (weekly off days
 * and holidays left out) and may not take a type past its allowance, counting the approved and the
 * pending requests of the year. Approved leave marks the staff register and makes the teacher's
 * periods need a substitute.
 */
import { and, desc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import {
  LEAVE_SPAN_MAX_DAYS,
  LEAVE_TYPES,
  STAFF_SUCCESS_CODES,
  type LeaveBalance,
  type leaveBody,
  type LeaveRow,
  type LeaveStatus,
  type LeaveType,
} from '@/api/schemas/staff';
import type { DbOrTx } from '../db/client';
import { leaveRequests, teachers } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { recordAudit } from './audit';
import { teacherFullName } from './names';
import { schoolClock } from './school-time';
import { schoolDaysBetween, settingsOf } from './staff';

const columns = {
  id: leaveRequests.id,
  school_info_id: leaveRequests.schoolId,
  teacher_id: leaveRequests.teacherId,
  initial: teachers.initial,
  full_name: teacherFullName(),
  leave_type: leaveRequests.leaveType,
  start_date: leaveRequests.startDate,
  end_date: leaveRequests.endDate,
  days: leaveRequests.days,
  reason: leaveRequests.reason,
  status: leaveRequests.status,
  note: leaveRequests.decisionNote,
  decidedAt: leaveRequests.decidedAt,
  createdAt: leaveRequests.createdAt,
};

type Selected = {
  decidedAt: Date | null;
  createdAt: Date;
} & Omit<LeaveRow, 'decided_at' | 'created_at'>;

const toRow = ({ decidedAt, createdAt, ...r }: Selected): LeaveRow => ({
  decided_at: decidedAt ? decidedAt.toISOString() : null,
  created_at: createdAt.toISOString(),
  ...r,
});

export async function leaveById(db: DbOrTx, id: number): Promise<LeaveRow> {
  const [row] = await db
    .select(columns)
    .from(leaveRequests)
    .innerJoin(teachers, eq(teachers.id, leaveRequests.teacherId))
    .where(eq(leaveRequests.id, id));
  if (!row) throw notFound('Leave request');
  return toRow(row);
}

/** Days of each type a teacher has taken (approved) and asked for (pending) in a year. */
async function usedInYear(db: DbOrTx, teacherId: number, year: number, except?: number) {
  const where: SQL[] = [
    eq(leaveRequests.teacherId, teacherId),
    gte(leaveRequests.startDate, `${year}-01-01`),
    lte(leaveRequests.startDate, `${year}-12-31`),
  ];
  if (except) where.push(ne(leaveRequests.id, except));
  const rows = await db
    .select({
      type: leaveRequests.leaveType,
      taken: sql<number>`coalesce(sum(${leaveRequests.days}) filter (where ${leaveRequests.status} = 'approved'), 0)::int`,
      pending: sql<number>`coalesce(sum(${leaveRequests.days}) filter (where ${leaveRequests.status} = 'pending'), 0)::int`,
    })
    .from(leaveRequests)
    .where(and(...where))
    .groupBy(leaveRequests.leaveType);
  const used = new Map<LeaveType, { taken: number; pending: number }>();
  for (const r of rows) used.set(r.type, { taken: r.taken, pending: r.pending });
  return used;
}

/** A teacher's allowance, taken, pending and remaining days of each type in a year (default this year). */
export async function balanceOf(
  db: DbOrTx,
  teacher: { id: number; schoolId: number },
  year?: number,
): Promise<LeaveBalance> {
  const y = year ?? Number((await schoolClock(db, teacher.schoolId)).today.slice(0, 4));
  const { allowances } = await settingsOf(db, teacher.schoolId);
  const used = await usedInYear(db, teacher.id, y);
  return {
    teacher_id: teacher.id,
    year: y,
    types: LEAVE_TYPES.map((type) => {
      const u = used.get(type) ?? { taken: 0, pending: 0 };
      return {
        leave_type: type,
        allowance: allowances[type],
        taken: u.taken,
        pending: u.pending,
        remaining: allowances[type] - u.taken - u.pending,
      };
    }),
  };
}

const overAllowance = (type: LeaveType, left: number, days: number) =>
  new ApiError(
    409,
    'leave.over_allowance',
    `Only ${Math.max(left, 0)} day(s) of ${type} leave are left this year; this asks for ${days}.`,
  );

/**
 * A teacher's request: a range of at most LEAVE_SPAN_MAX_DAYS days within one year, with at least
 * one school day, not overlapping their own pending or approved leave, within the type's allowance.
 */
export async function requestLeave(
  db: DbOrTx,
  teacher: { id: number; schoolId: number; userId: number },
  body: z.output<typeof leaveBody>,
): Promise<LeaveRow> {
  const start = body.start_date;
  const end = body.end_date ?? start;
  if (start.slice(0, 4) !== end.slice(0, 4)) throw badRequest('end_date', 'Leave must end in the year it starts.');
  const span = DateTime.fromISO(end).diff(DateTime.fromISO(start), 'days').days + 1;
  if (span > LEAVE_SPAN_MAX_DAYS) {
    throw new ApiError(400, 'leave.too_long', `Leave may span at most ${LEAVE_SPAN_MAX_DAYS} days.`, {
      end_date: `Leave may span at most ${LEAVE_SPAN_MAX_DAYS} days.`,
    });
  }
  const days = (await schoolDaysBetween(db, teacher.schoolId, start, end)).length;
  if (!days) throw new ApiError(409, 'leave.no_school_days', 'The school is closed on every day asked for.');
  return db.transaction(async (tx) => {
    // One request at a time per teacher: the allowance check and the insert see the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(7351, ${teacher.id})`);
    const [overlap] = await tx
      .select({ id: leaveRequests.id })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.teacherId, teacher.id),
          ne(leaveRequests.status, 'refused'),
          lte(leaveRequests.startDate, end),
          gte(leaveRequests.endDate, start),
        ),
      )
      .limit(1);
    if (overlap) throw new ApiError(409, 'leave.overlaps', 'You have already asked for leave on some of these days.');
    const { allowances } = await settingsOf(tx, teacher.schoolId);
    const u = (await usedInYear(tx, teacher.id, Number(start.slice(0, 4)))).get(body.leave_type);
    const left = allowances[body.leave_type] - (u?.taken ?? 0) - (u?.pending ?? 0);
    if (days > left) throw overAllowance(body.leave_type, left, days);
    const [row] = await tx
      .insert(leaveRequests)
      .values({
        schoolId: teacher.schoolId,
        teacherId: teacher.id,
        leaveType: body.leave_type,
        startDate: start,
        endDate: end,
        days,
        reason: body.reason,
      })
      .returning({ id: leaveRequests.id });
    await recordAudit(tx, {
      actorUserId: teacher.userId,
      action: 'leave.request',
      schoolId: teacher.schoolId,
      subjectUserId: teacher.userId,
      detail: { id: row.id, type: body.leave_type, start, end, days },
    });
    return leaveById(tx, row.id);
  });
}

/** The admin's decision on a pending request; approving checks the allowance again (approved days only). */
export async function decideLeave(
  db: DbOrTx,
  leave: LeaveRow,
  userId: number,
  decision: { status: 'approved' | 'refused'; note: string },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7351, ${leave.teacher_id})`);
    const current = await leaveById(tx, leave.id);
    if (current.status !== 'pending') {
      throw new ApiError(409, 'leave.already_decided', `This request was already ${current.status}.`);
    }
    if (decision.status === 'approved') {
      const [{ schoolId }] = await tx
        .select({ schoolId: teachers.schoolId })
        .from(teachers)
        .where(eq(teachers.id, current.teacher_id));
      const { allowances } = await settingsOf(tx, schoolId);
      const u = (await usedInYear(tx, current.teacher_id, Number(current.start_date.slice(0, 4)), current.id)).get(
        current.leave_type,
      );
      const left = allowances[current.leave_type] - (u?.taken ?? 0);
      if (current.days > left) throw overAllowance(current.leave_type, left, current.days);
    }
    await tx
      .update(leaveRequests)
      .set({ status: decision.status, decisionNote: decision.note, decidedByUserId: userId, decidedAt: new Date() })
      .where(eq(leaveRequests.id, current.id));
    const [{ teacherUser }] = await tx
      .select({ teacherUser: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, current.teacher_id));
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'leave.decide',
      schoolId: current.school_info_id,
      subjectUserId: teacherUser,
      detail: { id: current.id, from: 'pending', to: decision.status, note: decision.note },
    });
    const leaveRow = await leaveById(tx, current.id);
    const approved = decision.status === 'approved';
    return {
      ok: true as const,
      code: approved ? STAFF_SUCCESS_CODES.leaveApproved : STAFF_SUCCESS_CODES.leaveRefused,
      message: approved ? 'Leave approved.' : 'Leave refused.',
      leave: leaveRow,
    };
  });
}

/** A school's requests (a teacher's own when `teacherId`), newest first, paged. */
export async function leavePage(
  db: DbOrTx,
  schoolId: number,
  q: { status?: LeaveStatus | 'all'; teacherId?: number; limit: number; offset: number },
) {
  const where: SQL[] = [eq(leaveRequests.schoolId, schoolId)];
  if (q.status && q.status !== 'all') where.push(eq(leaveRequests.status, q.status));
  if (q.teacherId) where.push(eq(leaveRequests.teacherId, q.teacherId));
  const rows = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(leaveRequests)
    .innerJoin(teachers, eq(teachers.id, leaveRequests.teacherId))
    .where(and(...where))
    .orderBy(desc(leaveRequests.startDate), desc(leaveRequests.id))
    .limit(q.limit)
    .offset(q.offset);
  return {
    rows: rows.map(({ total: _total, ...r }) => toRow(r)),
    total: rows[0]?.total ?? 0,
    limit: q.limit,
    offset: q.offset,
  };
}
