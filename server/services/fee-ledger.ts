/**
 * Recording a payment in the fee ledger: the one way a payment enters it, whether a
 * cashier takes it at the counter (`POST /api/payment`) or a payment provider's verified callback
 * confirms an online one (services/online-payments.ts); and the one way a test payment (a provider
 * that moves no money) is kept beside them, marked and settling nothing. The caller holds the
 * transaction.
 */
import { formatPoisha } from '@/api/schemas/fees';
import type { PaymentMethod } from '@/api/schemas/fees';
import { clock } from '../clock';
import type { Tx } from '../db/client';
import { paymentAllocations, payments } from '../db/schema';
import { badRequest } from '../errors';
import { allocate, invoiceNotFound, lockedInvoices, nextReceiptNo } from './fees';

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
