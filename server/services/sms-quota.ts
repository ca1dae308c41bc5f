/**
 * A school's SMS quota (docs/DOMAIN.md, "SMS centre"). The super admin sets a monthly limit in
 * SMS parts (sms_quotas.monthly_limit; no row: no limit); a school also buys parts (top-ups,
 * sms_quotas.bought), which do not lapse. What is left this month = the limit − the parts of it
 * used this month (sms_usage, per school and month in the school's time zone) + the bought parts.
 *
 * The outbox charges a message's parts when it claims it (services/messaging.ts), under a lock on
 * the school's quota row, so two senders never spend the same part: first from the monthly limit,
 * the rest from the bought parts. A message that does not fit waits (status queued, waiting
 * 'quota') and the school admin sees it; a gateway refusal gives the parts back (refundParts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db, DbOrTx } from '../db/client';
import { messageOutbox, schools, smsQuotas, smsUsage } from '../db/schema';
import { recordAudit } from './audit';

/** The first day of the month of `now` in the school's time zone ("2026-11-01"). */
export function quotaMonth(now: number, timeZone: string): string {
  return DateTime.fromMillis(now, { zone: timeZone }).startOf('month').toISODate()!;
}

export interface Charge {
  month: string;
  fromLimit: number;
  fromBought: number;
}

/**
 * Charge `parts` to the school's quota of the month of `now`, or answer null when they do not fit
 * (nothing is charged then). Locks the school's quota row until the transaction ends.
 */
export async function chargeParts(
  tx: DbOrTx,
  opts: { schoolId: number; timeZone: string; now: number; parts: number },
): Promise<Charge | null> {
  const month = quotaMonth(opts.now, opts.timeZone);
  const [quota] = await tx
    .select({ limit: smsQuotas.monthlyLimit, bought: smsQuotas.bought })
    .from(smsQuotas)
    .where(eq(smsQuotas.schoolId, opts.schoolId))
    .for('update');
  const [usage] = await tx
    .select({ used: smsUsage.used })
    .from(smsUsage)
    .where(and(eq(smsUsage.schoolId, opts.schoolId), eq(smsUsage.month, month)));
  const used = usage?.used ?? 0;
  let fromLimit = opts.parts;
  let fromBought = 0;
  if (quota) {
    fromLimit = Math.min(opts.parts, Math.max(0, quota.limit - used));
    fromBought = opts.parts - fromLimit;
    if (fromBought > quota.bought) return null;
    if (fromBought > 0) {
      await tx
        .update(smsQuotas)
        .set({ bought: sql`${smsQuotas.bought} - ${fromBought}` })
        .where(eq(smsQuotas.schoolId, opts.schoolId));
    }
  }
  if (fromLimit > 0) {
    await tx
      .insert(smsUsage)
      .values({ schoolId: opts.schoolId, month, used: fromLimit })
      .onConflictDoUpdate({
        target: [smsUsage.schoolId, smsUsage.month],
        set: { used: sql`${smsUsage.used} + ${fromLimit}` },
      });
  }
  return { month, fromLimit, fromBought };
}

/** Give a claimed row's charged parts back to its school's quota and clear its charge. */
export async function refundParts(tx: DbOrTx, outboxId: number): Promise<void> {
  const [row] = await tx
    .select({
      schoolId: messageOutbox.schoolId,
      month: messageOutbox.chargedMonth,
      fromLimit: messageOutbox.chargedLimit,
      fromBought: messageOutbox.chargedBought,
    })
    .from(messageOutbox)
    .where(eq(messageOutbox.id, outboxId))
    .for('update');
  if (!row || !row.month) return;
  if (row.fromLimit > 0) {
    await tx
      .update(smsUsage)
      .set({ used: sql`greatest(0, ${smsUsage.used} - ${row.fromLimit})` })
      .where(and(eq(smsUsage.schoolId, row.schoolId), eq(smsUsage.month, row.month)));
  }
  if (row.fromBought > 0) {
    await tx
      .update(smsQuotas)
      .set({ bought: sql`${smsQuotas.bought} + ${row.fromBought}` })
      .where(eq(smsQuotas.schoolId, row.schoolId));
  }
  await tx
    .update(messageOutbox)
    .set({ parts: 0, chargedMonth: null, chargedLimit: 0, chargedBought: 0 })
    .where(eq(messageOutbox.id, outboxId));
}

export interface QuotaState {
  school_id: number;
  month: string;
  /** Null: no limit set. */
  sms_limit: number | null;
  used: number;
  bought: number;
  /** Null: no limit set (nothing stops a message). */
  left: number | null;
  /** Messages waiting because the quota ran out. */
  waiting: number;
}

/** What a school has left this month, and how many messages wait for more. */
export async function quotaOf(db: DbOrTx, schoolId: number, timeZone: string, now: number): Promise<QuotaState> {
  const month = quotaMonth(now, timeZone);
  const [quota] = await db
    .select({ limit: smsQuotas.monthlyLimit, bought: smsQuotas.bought })
    .from(smsQuotas)
    .where(eq(smsQuotas.schoolId, schoolId));
  const [usage] = await db
    .select({ used: smsUsage.used })
    .from(smsUsage)
    .where(and(eq(smsUsage.schoolId, schoolId), eq(smsUsage.month, month)));
  const [{ waiting }] = await db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(
      and(eq(messageOutbox.schoolId, schoolId), eq(messageOutbox.status, 'queued'), eq(messageOutbox.waiting, 'quota')),
    );
  const used = usage?.used ?? 0;
  return {
    school_id: schoolId,
    month,
    sms_limit: quota ? quota.limit : null,
    used,
    bought: quota?.bought ?? 0,
    left: quota ? Math.max(0, quota.limit - used) + quota.bought : null,
    waiting: Number(waiting),
  };
}

/** Set a school's monthly limit (the super admin's); bought parts stay. */
export async function setMonthlyLimit(db: DbOrTx, schoolId: number, limit: number, userId: number): Promise<void> {
  await db
    .insert(smsQuotas)
    .values({ schoolId, monthlyLimit: limit, updatedByUserId: userId })
    .onConflictDoUpdate({
      target: smsQuotas.schoolId,
      set: { monthlyLimit: limit, updatedByUserId: userId, updatedAt: sql`now()` },
    });
}

/**
 * Credit bought parts. A school with no limit set gets a limit of 0 with the parts, so that what
 * it bought is what it has (an unlimited school buys nothing).
 */
export async function creditBought(db: DbOrTx, schoolId: number, parts: number): Promise<void> {
  await db
    .insert(smsQuotas)
    .values({ schoolId, monthlyLimit: 0, bought: parts })
    .onConflictDoUpdate({ target: smsQuotas.schoolId, set: { bought: sql`${smsQuotas.bought} + ${parts}` } });
}

/** Set the limit and audit it, in one transaction. */
export async function saveMonthlyLimit(db: Db, schoolId: number, limit: number, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await setMonthlyLimit(tx, schoolId, limit, userId);
    await recordAudit(tx, { actorUserId: userId, action: 'sms.limit', schoolId, detail: { sms_limit: limit } });
  });
}

/** Every school's quota state, a page of schools by id (GET /api/sms_count/all). */
export async function quotaOfSchools(db: DbOrTx, now: number, page: { limit: number; offset: number }) {
  const all = await db
    .select({ id: schools.id, name: schools.schoolName, timeZone: schools.timeZone })
    .from(schools)
    .orderBy(schools.id)
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(schools);
  const rows = [];
  for (const s of all) rows.push({ ...(await quotaOf(db, s.id, s.timeZone, now)), school_name: s.name });
  return { rows, total: Number(total) };
}
