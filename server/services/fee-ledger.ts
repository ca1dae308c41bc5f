/**
 * Recording a payment in the fee ledger: the one way a payment enters it, whether a
 * cashier takes it at the counter (`POST /api/payment`) or a payment provider's verified callback
 * confirms an online one (services/online-payments.ts); and the one way a test payment (a provider
 * that moves no money) is kept beside them, marked and settling nothing. The caller holds the
 * transaction. Also the counter's own writes and read as routes/fees.ts asks: a payment
 * (`payAtCounter`), a refund or correction (`reversePayment`: a new entry, never an edit) and the
 * ledger's list.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FEE_CODES,
  FEE_MESSAGES,
  formatPoisha,
  type paymentBody,
  type paymentListQuery,
  type PaymentMethod,
  type PaymentRow,
  type reverseBody,
} from '@/api/schemas/fees';
import { clock } from '../clock';
import type { Db, DbOrTx, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { paymentAllocations, payments } from '../db/schema';
import { ApiError, badRequest } from '../errors';
import { allocate, invoiceNotFound, lockedInvoices, nextReceiptNo, pageOf } from './fees';

export interface RecordedPayment {
  paymentId: number;
  receiptNo: string;
  studentId: number;
  amount: bigint;
  parts: { invoiceId: number; amount: bigint; dueAfter: bigint }[];
}

/**
 * Locks the invoices, checks they are one student's of this school, splits the amount over them
 * (oldest last date first; more than is due is a 409 naming `amount`), numbers the receipt and
 * writes the entry with its allocations.
 */
export async function recordPayment(
  tx: Tx,
  p: {
    schoolId: number;
    invoiceIds: readonly number[];
    /** The field a 404 names: 'invoice_id' or 'invoice_ids'. */
    invoiceField?: string;
    amount: bigint;
    method: PaymentMethod;
    reference: string;
    receivedByUserId: number | null;
    /** Only these students' invoices may be paid (the online payer's student). */
    studentId?: number;
  },
): Promise<RecordedPayment> {
  const ids = [...new Set(p.invoiceIds)];
  const found = await lockedInvoices(tx, p.schoolId, ids);
  if (found.length !== ids.length || (p.studentId !== undefined && found.some((i) => i.studentId !== p.studentId)))
    throw invoiceNotFound(p.invoiceField ?? 'invoice_ids');
  const studentIds = new Set(found.map((i) => i.studentId));
  if (studentIds.size !== 1) throw badRequest('invoice_ids', 'must all be one student’s invoices');
  const parts = allocate(found, p.amount);
  const receiptNo = await nextReceiptNo(tx, p.schoolId);
  const [payment] = await tx
    .insert(payments)
    .values({
      schoolId: p.schoolId,
      studentId: found[0].studentId,
      receiptNo,
      kind: 'payment',
      method: p.method,
      reference: p.reference,
      amountPoisha: Number(p.amount),
      receivedByUserId: p.receivedByUserId,
      // The day money is received is the school's day (server/clock.ts), as the reports read it.
      createdAt: new Date(clock.now()),
    })
    .returning({ id: payments.id });
  await tx.insert(paymentAllocations).values(
    parts.map((part) => ({
      schoolId: p.schoolId,
      paymentId: payment.id,
      invoiceId: part.invoiceId,
      amountPoisha: Number(part.amount),
    })),
  );
  return { paymentId: payment.id, receiptNo, studentId: found[0].studentId, amount: p.amount, parts };
}

/**
 * Records what a test provider (the sandbox, which moves no money) reported paid: a ledger entry
 * marked `is_test`, numbered in its own series (TEST-<online payment id>, so the school's receipt
 * numbers stay those of money), with NO allocations, so it settles no invoice, and every sum of
 * paid, due and collected leaves it out. The same checks as a real payment run first (one
 * student's invoices of this school, no more than is due), so a test shows what a real payment
 * would have been refused.
 */
export async function recordTestPayment(
  tx: Tx,
  p: {
    schoolId: number;
    invoiceIds: readonly number[];
    amount: bigint;
    reference: string;
    receivedByUserId: number | null;
    studentId: number;
    onlinePaymentId: number;
  },
): Promise<{ paymentId: number; receiptNo: string }> {
  const ids = [...new Set(p.invoiceIds)];
  const found = await lockedInvoices(tx, p.schoolId, ids);
  if (found.length !== ids.length || found.some((i) => i.studentId !== p.studentId))
    throw invoiceNotFound('invoice_ids');
  allocate(found, p.amount); // 409 when more than is due, as a real payment would be
  const receiptNo = testReceiptNo(p.onlinePaymentId);
  const [payment] = await tx
    .insert(payments)
    .values({
      schoolId: p.schoolId,
      studentId: p.studentId,
      receiptNo,
      kind: 'payment',
      method: 'mobile_wallet',
      reference: p.reference,
      amountPoisha: Number(p.amount),
      receivedByUserId: p.receivedByUserId,
      isTest: true,
      createdAt: new Date(clock.now()),
    })
    .returning({ id: payments.id });
  return { paymentId: payment.id, receiptNo };
}

/** A test entry's receipt number: never one of the school's R- numbers of money received. */
export const testReceiptNo = (onlinePaymentId: number) => `TEST-${String(onlinePaymentId).padStart(6, '0')}`;

export const allocationsOut = (parts: RecordedPayment['parts']) =>
  parts.map((p) => ({ invoice_id: p.invoiceId, amount: formatPoisha(p.amount), due_after: formatPoisha(p.dueAfter) }));

// ---------------------------------------------------------------- at the counter

/** A payment at the counter against one student's invoices (invoice_ids, or one invoice_id), in one transaction. */
export async function payAtCounter(db: Db, schoolId: number, userId: number, b: z.output<typeof paymentBody>) {
  const ids = [...new Set([...(b.invoice_ids ?? []), ...(b.invoice_id ? [b.invoice_id] : [])])];
  return db.transaction(async (tx) => {
    const paid = await recordPayment(tx, {
      schoolId,
      invoiceIds: ids,
      invoiceField: b.invoice_id ? 'invoice_id' : 'invoice_ids',
      amount: BigInt(b.amount),
      method: b.method,
      reference: b.reference,
      receivedByUserId: userId,
    });
    return {
      ok: true as const,
      payment_id: paid.paymentId,
      receipt_no: paid.receiptNo,
      amount: formatPoisha(b.amount),
      allocations: allocationsOut(paid.parts),
      message: FEE_MESSAGES.paymentRecorded(paid.receiptNo),
      code: FEE_CODES.paymentRecorded,
    };
  });
}

/**
 * A refund or a correction of an earlier payment of the school, as a new entry with its own
 * receipt number and negative allocations. At most what of the payment is still on its invoices
 * (its allocations less earlier reversals; default: all of it), taken back from the newest
 * invoices first; a test payment took no money and is 409.
 */
export async function reversePayment(db: Db, schoolId: number, userId: number, b: z.output<typeof reverseBody>) {
  return db.transaction(async (tx) => {
    const [original] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, b.payment_id), eq(payments.schoolId, schoolId), eq(payments.kind, 'payment')))
      .for('update');
    if (!original) {
      throw new ApiError(404, 'not_found', 'Payment not found.', { payment_id: 'is not a payment of this school' });
    }
    if (original.isTest) {
      // It took no money and settled nothing (recordTestPayment): there is nothing to give back.
      throw new ApiError(
        409,
        FEE_CODES.testPayment,
        `Receipt ${original.receiptNo} is a test payment: no money was received, so nothing can be refunded or corrected.`,
        { payment_id: 'is a test payment' },
      );
    }
    // What of the payment is still on each invoice: its allocations less earlier reversals.
    const net = rowsOf<{ invoice_id: number; last_date: string; net: string }>(
      await tx.execute(sql`select pa.invoice_id, f.last_date::text as last_date, sum(pa.amount_poisha)::text as net
          from payment_allocations pa
          join payments p on p.id = pa.payment_id
          join invoices i on i.id = pa.invoice_id
          join fees f on f.id = i.fee_id
          where p.school_id = ${schoolId} and (p.id = ${original.id} or p.reverses_payment_id = ${original.id})
          group by pa.invoice_id, f.last_date
          having sum(pa.amount_poisha) > 0`),
    );
    await lockedInvoices(
      tx,
      schoolId,
      net.map((n) => n.invoice_id),
    );
    const left = net.reduce((s, n) => s + BigInt(n.net), 0n);
    const amount = b.amount !== undefined ? BigInt(b.amount) : left;
    if (left === 0n || amount > left) {
      throw new ApiError(
        409,
        FEE_CODES.nothingToReverse,
        `At most ${formatPoisha(left)} of receipt ${original.receiptNo} may still be reversed.`,
        { amount: `must be at most ${formatPoisha(left)}` },
      );
    }
    // Take it back from the newest invoices first: the oldest stay settled longest.
    const parts: { invoiceId: number; amount: bigint }[] = [];
    let rest = amount;
    for (const n of [...net].sort((x, y) => y.last_date.localeCompare(x.last_date) || y.invoice_id - x.invoice_id)) {
      if (rest === 0n) break;
      const take = BigInt(n.net) < rest ? BigInt(n.net) : rest;
      parts.push({ invoiceId: n.invoice_id, amount: take });
      rest -= take;
    }
    const receiptNo = await nextReceiptNo(tx, schoolId);
    const [entry] = await tx
      .insert(payments)
      .values({
        schoolId,
        studentId: original.studentId,
        receiptNo,
        kind: b.kind,
        method: original.method,
        reference: original.reference,
        amountPoisha: -Number(amount),
        reversesPaymentId: original.id,
        reason: b.reason,
        receivedByUserId: userId,
        createdAt: new Date(clock.now()),
      })
      .returning({ id: payments.id });
    await tx.insert(paymentAllocations).values(
      parts.map((p) => ({
        schoolId,
        paymentId: entry.id,
        invoiceId: p.invoiceId,
        amountPoisha: -Number(p.amount),
      })),
    );
    const after = await lockedInvoices(
      tx,
      schoolId,
      parts.map((p) => p.invoiceId),
    );
    const dueOf = new Map(after.map((a) => [a.id, a.due]));
    return {
      ok: true as const,
      payment_id: entry.id,
      receipt_no: receiptNo,
      amount: formatPoisha(-amount),
      allocations: parts.map((p) => ({
        invoice_id: p.invoiceId,
        amount: formatPoisha(-p.amount),
        due_after: formatPoisha(dueOf.get(p.invoiceId) ?? 0n),
      })),
      message: FEE_MESSAGES.reversed(receiptNo),
      code: FEE_CODES.reversed,
    };
  });
}

/** A page of the school's ledger entries, newest first, optionally one student's; test entries marked. */
export async function paymentPage(db: DbOrTx, schoolId: number, q: z.output<typeof paymentListQuery>) {
  const rows = rowsOf<PaymentRow & { amount: string; total: string }>(
    await db.execute(sql`
    select p.id, p.receipt_no, p.kind, p.method, p.reference, p.amount_poisha::text as amount,
           p.reverses_payment_id, p.reason, p.student_id, s.student_code, concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
           p.is_test as test,
           to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
           count(*) over () as total
    from payments p join students s on s.id = p.student_id
    where p.school_id = ${schoolId} ${q.student_id ? sql`and p.student_id = ${q.student_id}` : sql``}
      ${q.student_code ? sql`and s.student_code = ${q.student_code}` : sql``}
    order by p.id desc
    limit ${q.limit} offset ${q.offset}`),
  );
  const out = pageOf(rows, q.limit, q.offset);
  return { ...out, rows: out.rows.map((r) => ({ ...r, amount: formatPoisha(r.amount) })) };
}
