/**
 * A school's periods as the structure set-up edits them: a serial number and start and end times
 * in a shift of the school, written by its school admin or by the super admin naming the school.
 * The route resolves the school (server/auth/tenant.ts `schoolOf`; for an edit or delete, the
 * period's own, from `findPeriod`) before calling these.
 *
 * Periods of one shift may not overlap: the exclusion constraint periods_no_overlap (migration
 * 0014) refuses the write, answered as 409 `structure.period_overlap` naming the period whose
 * times collide; one may start when another ends.
 */
import { and, asc, count, eq, gt, lt, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STRUCTURE_CODES,
  STRUCTURE_CREATED_MESSAGES,
  type periodBody,
  type periodListQuery,
} from '@/api/schemas/structure';
import type { DbOrTx } from '../../db/client';
import { periods, shifts } from '../../db/schema';
import { ApiError, notFound } from '../../errors';
import { answer, deleteUnused, deleted, duplicateOr, fieldErrors, movedOr, pgError } from './refusals';

type PeriodBody = z.output<typeof periodBody>;

const periodColumns = {
  id: periods.id,
  period_code: periods.periodCode,
  serial: periods.serial,
  shift_id: periods.shiftId,
  shift_name: shifts.name,
  start_time: periods.startTime,
  end_time: periods.endTime,
  school_info_id: periods.schoolId,
};

const periodRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(periodColumns)
      .from(periods)
      .innerJoin(shifts, eq(shifts.id, periods.shiftId))
      .where(eq(periods.id, id))
  )[0];

export type SetupPeriod = NonNullable<Awaited<ReturnType<typeof periodRowOf>>>;

/** A period as listed, with its school for the school check; 404 without one. */
export async function findPeriod(db: DbOrTx, id: number): Promise<SetupPeriod> {
  const row = await periodRowOf(db, id);
  if (!row) throw notFound('Period');
  return row;
}

/** HH:mm -> HH:mm:00 (the column's own form, for comparisons and messages). */
const fullTime = (t: string) => (t.length === 5 ? `${t}:00` : t);
const hm = (t: string) => t.slice(0, 5);

async function checkShift(db: DbOrTx, shiftId: number) {
  const [shift] = await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, shiftId));
  if (!shift) fieldErrors({ shift_id: 'No such shift.' });
}

/** A period write refused by periods_no_overlap: name the period it collides with. */
async function overlapOr(
  db: DbOrTx,
  err: unknown,
  schoolId: number,
  b: { shift_id: number; start_time: string; end_time: string },
  exceptId?: number,
) {
  const { code, constraint } = pgError(err);
  if (code !== '23P01' || constraint !== 'periods_no_overlap') return duplicateOr(err);
  const where: SQL[] = [
    eq(periods.schoolId, schoolId),
    eq(periods.shiftId, b.shift_id),
    lt(periods.startTime, fullTime(b.end_time)),
    gt(periods.endTime, fullTime(b.start_time)),
  ];
  if (exceptId) where.push(ne(periods.id, exceptId));
  const [other] = await db
    .select({ code: periods.periodCode, start: periods.startTime, end: periods.endTime })
    .from(periods)
    .where(and(...where))
    .orderBy(asc(periods.startTime))
    .limit(1);
  const message = other
    ? `These times overlap period ${other.code} (${hm(other.start)}–${hm(other.end)}) of this shift.`
    : 'These times overlap another period of this shift.';
  return new ApiError(409, STRUCTURE_CODES.overlap, message, { start_time: message, end_time: message });
}

export async function createPeriod(db: DbOrTx, schoolId: number, b: PeriodBody) {
  await checkShift(db, b.shift_id);
  try {
    const [created] = await db
      .insert(periods)
      .values({
        schoolId,
        shiftId: b.shift_id,
        periodCode: b.period_code,
        serial: b.serial,
        startTime: fullTime(b.start_time),
        endTime: fullTime(b.end_time),
      })
      .returning({ id: periods.id });
    const row = await periodRowOf(db, created.id);
    return answer(STRUCTURE_CODES.created, STRUCTURE_CREATED_MESSAGES.period, row);
  } catch (err) {
    throw await overlapOr(db, err, schoolId, b);
  }
}

/** The school's periods, by shift and serial, paged. */
export async function listPeriods(db: DbOrTx, schoolId: number, q: z.output<typeof periodListQuery>) {
  const where: SQL[] = [eq(periods.schoolId, schoolId)];
  if (q.shift_id) where.push(eq(periods.shiftId, q.shift_id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(periodColumns)
      .from(periods)
      .innerJoin(shifts, eq(shifts.id, periods.shiftId))
      .where(and(...where))
      .orderBy(asc(periods.shiftId), asc(periods.serial), asc(periods.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: count() })
      .from(periods)
      .where(and(...where)),
  ]);
  return { rows, total, limit: q.limit, offset: q.offset };
}

/** An edit of `before` (found by `findPeriod`), whose school the caller may touch (`schoolId`). */
export async function updatePeriod(db: DbOrTx, before: SetupPeriod, schoolId: number, b: PeriodBody) {
  if (b.school_info_id && b.school_info_id !== schoolId)
    fieldErrors({ school_info_id: 'A period stays in its school.' });
  await checkShift(db, b.shift_id);
  try {
    await db
      .update(periods)
      .set({
        shiftId: b.shift_id,
        periodCode: b.period_code,
        serial: b.serial,
        startTime: fullTime(b.start_time),
        endTime: fullTime(b.end_time),
      })
      .where(eq(periods.id, before.id));
  } catch (err) {
    const moved = await movedOr(db, err, 'periods', before.id, `Period ${before.period_code}`);
    throw moved === err ? await overlapOr(db, err, schoolId, b, before.id) : moved;
  }
  const row = await periodRowOf(db, before.id);
  return answer(STRUCTURE_CODES.updated, `Period ${row.period_code} updated.`, row);
}

/** Deletes the period (found by `findPeriod`) unless rows use it. */
export async function deletePeriod(db: DbOrTx, row: SetupPeriod) {
  await deleteUnused(db, 'periods', row.id, `Period ${row.period_code}`);
  return deleted(`Period ${row.period_code} deleted.`);
}
