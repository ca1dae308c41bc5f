/**
 * Online fee payments: started by the payer, completed by the provider's verified
 * callback, recorded in the ledger exactly once through the same `recordPayment` as a payment at
 * the counter (method mobile_wallet, reference the provider's transaction id). A payment that is
 * pending, cancelled or failed never touches the ledger. One through a test provider (the sandbox)
 * is marked test from its start and, when "paid", becomes a test entry that settles nothing
 * (`recordTestPayment`): no money moved, so the invoices stay due.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { USER_TYPES, type UserType } from '@/api/permissions';
import { formatPoisha } from '@/api/schemas/fees';
import { ONLINE_CODES, type OnlinePaymentRow, type Wallet } from '@/api/schemas/online-payments';
import { linkedChild } from '../auth/child';
import type { DbOrTx, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { onlinePayments, payments, students } from '../db/schema';
import { ApiError } from '../errors';
import { recordPayment, recordTestPayment } from './fee-ledger';
import { allocate, invoiceNotFound, lockedInvoices } from './fees';
import type { PaymentProvider, VerifiedCallback } from './payment-provider';

export interface Payer {
  userId: number;
  userType: UserType;
}

/**
 * Who may pay a student's invoices online, follow those payments and download their receipts:
 * the student themselves, or a guardian linked to them (server/auth/child.ts).
 */
export async function mayPayFor(db: DbOrTx, who: Payer, studentId: number): Promise<boolean> {
  if (who.userType === USER_TYPES.student) {
    const [s] = await db.select({ userId: students.userId }).from(students).where(eq(students.id, studentId));
    return !!s && s.userId === who.userId;
  }
  if (who.userType === USER_TYPES.guardian) return (await linkedChild(db, who.userId, studentId)) !== null;
  return false;
}

/** The invoices' one student and school, or a 404 that names `invoice_ids` (unknown and others' look alike). */
async function invoiceOwner(db: DbOrTx, invoiceIds: readonly number[]) {
  const list = sql.join(
    invoiceIds.map((i) => sql`${i}`),
    sql`, `,
  );
  const rows = rowsOf<{ school_id: number; student_id: number }>(
    await db.execute(sql`select distinct school_id, student_id from invoices where id in (${list})`),
  );
  const [{ n: count }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from invoices where id in (${list})`),
  );
  if (rows.length !== 1 || count !== invoiceIds.length) throw invoiceNotFound('invoice_ids');
  return { schoolId: rows[0].school_id, studentId: rows[0].student_id };
}

/**
 * Records a pending online payment of the chosen invoices and asks the provider for its checkout
 * page. Refuses invoices the payer may not pay (404, as if unknown) and more than is due (409).
 */
export async function startOnlinePayment(
  db: DbOrTx & { transaction: Tx['transaction'] },
  provider: PaymentProvider,
  who: Payer,
  b: { invoiceIds: number[]; amount: bigint; wallet: Wallet },
) {
  const invoiceIds = [...new Set(b.invoiceIds)];
  const owner = await invoiceOwner(db, invoiceIds);
  if (!(await mayPayFor(db, who, owner.studentId))) throw invoiceNotFound('invoice_ids');
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    const found = await lockedInvoices(tx, owner.schoolId, invoiceIds);
    allocate(found, b.amount); // 409 when more than is due
    await tx.insert(onlinePayments).values({
      schoolId: owner.schoolId,
      studentId: owner.studentId,
      token,
      provider: provider.name,
      wallet: b.wallet,
      invoiceIds,
      amountPoisha: Number(b.amount),
      isTest: provider.test,
      createdByUserId: who.userId,
    });
  });
  const { checkoutUrl } = await provider.start({ token, amount: b.amount, wallet: b.wallet, invoiceIds });
  return { token, checkoutUrl };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

const failureOf = (err: unknown) =>
  err instanceof ApiError ? err.message.slice(0, 300) : 'The payment could not be recorded.';

/**
 * Completes an online payment from a callback the provider's `verify` accepted. Exactly once: the
 * row is locked; a callback for a payment already completed the same way records nothing
 * (`replay`), any other is a 409. A callback whose amount or invoices differ from what was
 * started is refused (400), signed or not.
 */
export async function completeOnlinePayment(
  db: { transaction: Tx['transaction'] },
  provider: PaymentProvider,
  v: VerifiedCallback,
): Promise<{ status: OnlinePaymentRow['status']; replay: boolean; receiptNo: string | null }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(onlinePayments)
      .where(and(eq(onlinePayments.token, v.token), eq(onlinePayments.provider, provider.name)))
      .for('update');
    if (!row) throw new ApiError(404, ONLINE_CODES.unknown, 'No such online payment.', { token: 'is not a payment' });
    if (BigInt(row.amountPoisha) !== v.amount || !sameIds(row.invoiceIds, v.invoiceIds)) {
      throw new ApiError(400, ONLINE_CODES.mismatch, 'The callback’s amount or invoices are not the payment’s.', {
        amount: `must be ${formatPoisha(row.amountPoisha)} on the invoices started`,
      });
    }
    const receiptOf = async (paymentId: number | null) =>
      paymentId
        ? ((await tx.select({ no: payments.receiptNo }).from(payments).where(eq(payments.id, paymentId)))[0]?.no ??
          null)
        : null;
    if (row.status !== 'pending') {
      const sameOutcome =
        v.status === 'cancelled'
          ? row.status === 'cancelled'
          : row.status !== 'cancelled' && row.providerTxnId === v.providerTxnId;
      if (!sameOutcome) {
        throw new ApiError(409, ONLINE_CODES.alreadyCompleted, `This payment is ${row.status} already.`);
      }
      return {
        status: row.status as OnlinePaymentRow['status'],
        replay: true,
        receiptNo: await receiptOf(row.paymentId),
      };
    }
    const [taken] = await tx
      .select({ id: onlinePayments.id })
      .from(onlinePayments)
      .where(
        and(
          eq(onlinePayments.provider, provider.name),
          eq(onlinePayments.providerTxnId, v.providerTxnId),
          ne(onlinePayments.id, row.id),
        ),
      );
    if (taken) {
      throw new ApiError(409, ONLINE_CODES.duplicateTransaction, 'This transaction id completed another payment.');
    }
    const finish = (set: Partial<typeof onlinePayments.$inferInsert>) =>
      tx
        .update(onlinePayments)
        .set({ ...set, completedAt: new Date() })
        .where(eq(onlinePayments.id, row.id));
    if (v.status === 'cancelled') {
      await finish({ status: 'cancelled' });
      return { status: 'cancelled', replay: false, receiptNo: null };
    }
    if (v.status === 'failed') {
      await finish({ status: 'failed', providerTxnId: v.providerTxnId, failure: 'The wallet declined the payment.' });
      return { status: 'failed', replay: false, receiptNo: null };
    }
    try {
      // A savepoint: a refusal (the due changed since the start) leaves the row to be marked failed.
      // A test provider's "paid" is no money: a test entry that settles nothing (fee-ledger.ts).
      const paid = await tx.transaction((sp) =>
        row.isTest || provider.test
          ? recordTestPayment(sp, {
              schoolId: row.schoolId,
              invoiceIds: row.invoiceIds,
              amount: BigInt(row.amountPoisha),
              reference: v.providerTxnId,
              receivedByUserId: row.createdByUserId,
              studentId: row.studentId,
              onlinePaymentId: row.id,
            })
          : recordPayment(sp, {
              schoolId: row.schoolId,
              invoiceIds: row.invoiceIds,
              amount: BigInt(row.amountPoisha),
              method: 'mobile_wallet',
              reference: v.providerTxnId,
              receivedByUserId: row.createdByUserId,
              studentId: row.studentId,
            }),
      );
      await finish({ status: 'paid', providerTxnId: v.providerTxnId, paymentId: paid.paymentId });
      return { status: 'paid', replay: false, receiptNo: paid.receiptNo };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      await finish({ status: 'failed', providerTxnId: v.providerTxnId, failure: failureOf(err) });
      return { status: 'failed', replay: false, receiptNo: null };
    }
  });
}

/**
 * Completes a payment from the provider's verified callback (`completeOnlinePayment`) and answers
 * with it the payment's school, if the token is known: no one is signed in on a callback, so the
 * route drops that school's kept answers itself.
 */
export async function completeFromCallback(db: DbOrTx, provider: PaymentProvider, v: VerifiedCallback) {
  const done = await completeOnlinePayment(db, provider, v);
  const [paid] = await db
    .select({ schoolId: onlinePayments.schoolId })
    .from(onlinePayments)
    .where(eq(onlinePayments.token, v.token));
  return { ...done, schoolId: paid?.schoolId ?? null };
}

/** The record as the payer's screen reads it. */
export async function onlinePaymentOf(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ p: onlinePayments, receiptNo: payments.receiptNo })
    .from(onlinePayments)
    .leftJoin(payments, eq(payments.id, onlinePayments.paymentId))
    .where(eq(onlinePayments.token, token));
  if (!row) return null;
  const p = row.p;
  const out: OnlinePaymentRow = {
    token: p.token,
    status: p.status as OnlinePaymentRow['status'],
    wallet: p.wallet as Wallet,
    amount: formatPoisha(p.amountPoisha),
    invoice_ids: p.invoiceIds,
    student_id: p.studentId,
    provider_txn_id: p.providerTxnId,
    payment_id: p.paymentId,
    receipt_no: row.receiptNo,
    failure: p.failure,
    test: p.isTest,
    created_at: p.createdAt.toISOString(),
  };
  return { row: out, schoolId: p.schoolId };
}
