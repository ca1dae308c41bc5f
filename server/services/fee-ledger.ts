/**
 * Recording a payment in the fee ledger (issue 14): the one way a payment enters it, whether a
 * cashier takes it at the counter (`POST /api/payment`) or a payment provider's verified callback
 * confirms an online one (services/online-payments.ts). The caller holds the transaction.
 */
import { formatPoisha } from '@/api/schemas/fees';
import type { PaymentMethod } from '@/api/schemas/fees';
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

export const allocationsOut = (parts: RecordedPayment['parts']) =>
  parts.map((p) => ({ invoice_id: p.invoiceId, amount: formatPoisha(p.amount), due_after: formatPoisha(p.dueAfter) }));
