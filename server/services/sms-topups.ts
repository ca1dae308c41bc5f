/**
 * SMS top-ups (docs/DOMAIN.md, "SMS centre"): a school admin buys SMS parts through the payment
 * provider seam (services/payment-provider.ts). `POST /api/ssl-request` records a pending top-up
 * and answers the provider's checkout URL; only the provider's callback, verified by the provider
 * (`verify`: its signature), completes it, through the same callback route as fee payments
 * (a top-up's token starts with `sms_`). The parts are credited exactly once: the row is locked,
 * a repeat of the same transaction is a replay that credits nothing, a transaction id that
 * completed another top-up is a 409. No call of the payer's completes anything. A test provider's
 * (the sandbox's) "paid" is recorded as a test top-up and credits nothing: anyone may press its
 * Confirm, so it must never be SMS for free.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { formatPoisha } from '@/api/schemas/fees';
import { ONLINE_CODES, type Wallet } from '@/api/schemas/online-payments';
import type { DbOrTx, Tx } from '../db/client';
import { smsTopups } from '../db/schema';
import { ApiError } from '../errors';
import type { PaymentProvider, VerifiedCallback } from './payment-provider';
import { creditBought } from './sms-quota';

export const TOPUP_TOKEN_PREFIX = 'sms_';

export const isTopupToken = (token: string) => token.startsWith(TOPUP_TOKEN_PREFIX);

export async function startTopup(
  db: DbOrTx,
  provider: PaymentProvider,
  b: { schoolId: number; parts: number; pricePoisha: number; wallet: Wallet; userId: number },
) {
  const token = `${TOPUP_TOKEN_PREFIX}${randomBytes(21).toString('base64url')}`;
  const amount = BigInt(b.parts) * BigInt(b.pricePoisha);
  await db.insert(smsTopups).values({
    schoolId: b.schoolId,
    token,
    provider: provider.name,
    parts: b.parts,
    amountPoisha: Number(amount),
    isTest: provider.test,
    createdByUserId: b.userId,
  });
  const { checkoutUrl } = await provider.start({ token, amount, wallet: b.wallet, invoiceIds: [] });
  return { token, checkoutUrl, amount: formatPoisha(amount) };
}

/** Complete a top-up from a verified callback: credits its parts once (never a test provider's). */
export async function completeTopup(
  db: { transaction: Tx['transaction'] },
  provider: PaymentProvider,
  v: VerifiedCallback,
): Promise<{ status: 'paid' | 'cancelled' | 'failed'; replay: boolean; schoolId: number; credited: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(smsTopups)
      .where(and(eq(smsTopups.token, v.token), eq(smsTopups.provider, provider.name)))
      .for('update');
    if (!row) throw new ApiError(404, ONLINE_CODES.unknown, 'No such online payment.', { token: 'is not a payment' });
    if (BigInt(row.amountPoisha) !== v.amount || v.invoiceIds.length > 0) {
      throw new ApiError(400, ONLINE_CODES.mismatch, 'The callback’s amount or invoices are not the payment’s.', {
        amount: `must be ${formatPoisha(row.amountPoisha)}`,
      });
    }
    if (row.status !== 'pending') {
      const same =
        v.status === 'cancelled'
          ? row.status === 'cancelled'
          : row.status !== 'cancelled' && row.providerTxnId === v.providerTxnId;
      if (!same) throw new ApiError(409, ONLINE_CODES.alreadyCompleted, `This payment is ${row.status} already.`);
      return { status: row.status as 'paid', replay: true, schoolId: row.schoolId, credited: 0 };
    }
    const [taken] = await tx
      .select({ id: smsTopups.id })
      .from(smsTopups)
      .where(
        and(
          eq(smsTopups.provider, provider.name),
          eq(smsTopups.providerTxnId, v.providerTxnId),
          ne(smsTopups.id, row.id),
        ),
      );
    if (taken)
      throw new ApiError(409, ONLINE_CODES.duplicateTransaction, 'This transaction id completed another payment.');
    const providerTxnId = v.status === 'cancelled' ? null : v.providerTxnId;
    await tx
      .update(smsTopups)
      .set({ status: v.status, providerTxnId, completedAt: new Date() })
      .where(eq(smsTopups.id, row.id));
    const credit = v.status === 'paid' && !row.isTest && !provider.test;
    if (credit) await creditBought(tx, row.schoolId, row.parts);
    return { status: v.status, replay: false, schoolId: row.schoolId, credited: credit ? row.parts : 0 };
  });
}

/** A school's top-ups, newest first (GET /api/schoolWiseInvoice). */
export async function topupsOf(db: DbOrTx, schoolId: number, page: { limit: number; offset: number }) {
  const [{ total }] = await db.select({ total: count() }).from(smsTopups).where(eq(smsTopups.schoolId, schoolId));
  const rows = await db
    .select()
    .from(smsTopups)
    .where(eq(smsTopups.schoolId, schoolId))
    .orderBy(desc(smsTopups.createdAt), desc(smsTopups.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    total: Number(total),
    limit: page.limit,
    offset: page.offset,
    rows: rows.map((r) => ({
      id: r.id,
      token: r.token,
      sms_quantity: r.parts,
      amount: formatPoisha(r.amountPoisha),
      status: r.status as 'pending' | 'paid' | 'cancelled' | 'failed',
      test: r.isTest,
      provider: r.provider,
      provider_txn_id: r.providerTxnId,
      created_at: r.createdAt.toISOString(),
      completed_at: r.completedAt ? r.completedAt.toISOString() : null,
    })),
  };
}
