/**
 * Recording a payment in the fee ledger (server/services/fee-ledger.ts), from worked examples with
 * the figures written out: which invoices may be paid together (one student's of this school, the
 * online payer's own), how the amount is split (oldest last date first, each invoice at most its
 * due, never more than is due in all), the receipt numbers, and the entry and allocations written;
 * and a test provider's entry, which settles nothing. No database: the transaction is a stand-in
 * that holds a school's invoices with their balances and keeps what is written. These run once
 * per mutant in `npm run mutate` (docs/testing.md "Mutation testing").
 *
 * Money is integer poisha (100 to the taka); "1500.00" is 150000n.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { clock } from '@server/clock';
import type { Tx } from '@server/db/client';
import { feeReceiptCounters, paymentAllocations, payments } from '@server/db/schema';
import { allocationsOut, recordPayment, recordTestPayment, testReceiptNo } from '@server/services/fee-ledger';
import { NAMED } from './attendance-fixtures';

interface Invoice {
  id: number;
  schoolId: number;
  studentId: number;
  lastDate: string;
  amount: number;
  paid: number;
}

/**
 * School 1: Rahim (student 301) owes on 101 (March, 1000.00 of 1500.00 left), 102 (January,
 * 800.00), 103 (March, 500.00) and nothing on 106 (January 15th, paid); Karim (302) owes 1200.00
 * on 104. Invoice 105 is school 2's.
 */
const INVOICES: Invoice[] = [
  { id: 101, schoolId: 1, studentId: 301, lastDate: '2026-03-31', amount: 150000, paid: 50000 },
  { id: 102, schoolId: 1, studentId: 301, lastDate: '2026-01-31', amount: 80000, paid: 0 },
  { id: 103, schoolId: 1, studentId: 301, lastDate: '2026-03-31', amount: 50000, paid: 0 },
  { id: 104, schoolId: 1, studentId: 302, lastDate: '2026-02-28', amount: 120000, paid: 0 },
  { id: 105, schoolId: 2, studentId: 401, lastDate: '2026-01-31', amount: 30000, paid: 0 },
  { id: 106, schoolId: 1, studentId: 301, lastDate: '2026-01-15', amount: 40000, paid: 40000 },
];

type Shape = Record<string, { name: string }>;
/** What `returning(shape)` gives: each key of the shape with the value of the column it names. */
const pick = (shape: Shape, row: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(shape).map(([key, column]) => [
      key,
      row[column.name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())],
    ]),
  );

/**
 * The transaction: the two statements that lock and read invoices (`lockedInvoices` in
 * services/fees.ts: `school_id = $1 and id in ($2, ...)`) answer the invoices of that school among
 * those named, with their balances as PostgreSQL gives them (text); the receipt counter counts per
 * school from `lastNo`; entries get ids from 501; `returning` gives the columns asked for. What is written is kept in `written`.
 */
function ledger(lastNo: Record<number, number> = { 1: 41 }) {
  const dialect = new PgDialect();
  const written = { payments: [] as Record<string, unknown>[], allocations: [] as Record<string, unknown>[] };
  const counters = { ...lastNo };
  let nextPaymentId = 501;
  const tx = {
    execute: async (query: SQL) => {
      const [schoolId, ...ids] = dialect.sqlToQuery(query).params;
      const rows = INVOICES.filter((i) => i.schoolId === schoolId && ids.includes(i.id)).map((i) => ({
        id: i.id,
        student_id: i.studentId,
        last_date: i.lastDate,
        amount: String(i.amount),
        paid: String(i.paid),
        due: String(i.amount - i.paid),
      }));
      return { rows };
    },
    insert: (table: unknown) => ({
      values: (values: Record<string, unknown> | Record<string, unknown>[]) => {
        if (table === feeReceiptCounters) {
          const { schoolId } = values as { schoolId: number };
          counters[schoolId] = (counters[schoolId] ?? 0) + 1;
          const n = counters[schoolId];
          return { onConflictDoUpdate: () => ({ returning: async (shape: Shape) => [pick(shape, { lastNo: n })] }) };
        }
        if (table === payments) {
          const id = nextPaymentId++;
          written.payments.push({ id, ...(values as Record<string, unknown>) });
          return { returning: async (shape: Shape) => [pick(shape, { id })] };
        }
        if (table === paymentAllocations) {
          written.allocations.push(...(values as Record<string, unknown>[]));
          return Promise.resolve();
        }
        throw new Error('a table the stand-in does not hold');
      },
    }),
  } as unknown as Tx;
  return { tx, written, counters };
}

const CASH = { schoolId: 1, method: 'cash' as const, reference: 'counter 2', receivedByUserId: 7 };
/** Thursday 3 December 2026, 10:30 in Dhaka: the school's day the money is received. */
const RECEIVED_AT = new Date('2026-12-03T04:30:00.000Z');

beforeEach(() => vi.spyOn(clock, 'now').mockReturnValue(Date.parse(NAMED.schoolDay)));
afterEach(() => vi.restoreAllMocks());

describe('a payment at the counter', () => {
  it('1500.00 over Rahim’s March and January invoices pays January first, then 700.00 of March', async () => {
    const { tx, written } = ledger();
    const paid = await recordPayment(tx, { ...CASH, invoiceIds: [101, 102], amount: 150000n });
    expect(paid).toEqual({
      paymentId: 501,
      receiptNo: 'R-000042',
      studentId: 301,
      amount: 150000n,
      parts: [
        { invoiceId: 102, amount: 80000n, dueAfter: 0n },
        { invoiceId: 101, amount: 70000n, dueAfter: 30000n },
      ],
    });
    expect(written.payments).toStrictEqual([
      {
        id: 501,
        schoolId: 1,
        studentId: 301,
        receiptNo: 'R-000042',
        kind: 'payment',
        method: 'cash',
        reference: 'counter 2',
        amountPoisha: 150000,
        receivedByUserId: 7,
        createdAt: RECEIVED_AT,
      },
    ]);
    expect(written.allocations).toStrictEqual([
      { schoolId: 1, paymentId: 501, invoiceId: 102, amountPoisha: 80000 },
      { schoolId: 1, paymentId: 501, invoiceId: 101, amountPoisha: 70000 },
    ]);
  });

  it('two invoices of the same last date are paid in the order they were made (101 before 103)', async () => {
    const { tx, written } = ledger();
    const paid = await recordPayment(tx, { ...CASH, invoiceIds: [103, 101], amount: 120000n });
    expect(paid.parts).toEqual([
      { invoiceId: 101, amount: 100000n, dueAfter: 0n },
      { invoiceId: 103, amount: 20000n, dueAfter: 30000n },
    ]);
    expect(written.allocations).toStrictEqual([
      { schoolId: 1, paymentId: 501, invoiceId: 101, amountPoisha: 100000 },
      { schoolId: 1, paymentId: 501, invoiceId: 103, amountPoisha: 20000 },
    ]);
  });

  it('less than the oldest invoice’s due goes to it alone', async () => {
    const { tx, written } = ledger();
    const paid = await recordPayment(tx, { ...CASH, invoiceIds: [101, 102], amount: 50000n });
    expect(paid.parts).toEqual([{ invoiceId: 102, amount: 50000n, dueAfter: 30000n }]);
    expect(written.allocations).toStrictEqual([{ schoolId: 1, paymentId: 501, invoiceId: 102, amountPoisha: 50000 }]);
  });

  it('a paid invoice among those named takes nothing', async () => {
    const { tx } = ledger();
    const paid = await recordPayment(tx, { ...CASH, invoiceIds: [106, 102], amount: 80000n });
    expect(paid.parts).toEqual([{ invoiceId: 102, amount: 80000n, dueAfter: 0n }]);
  });

  it('an invoice named twice is paid once', async () => {
    const { tx, written } = ledger();
    const paid = await recordPayment(tx, { ...CASH, invoiceIds: [102, 102], amount: 80000n });
    expect(paid.parts).toEqual([{ invoiceId: 102, amount: 80000n, dueAfter: 0n }]);
    expect(written.allocations).toStrictEqual([{ schoolId: 1, paymentId: 501, invoiceId: 102, amountPoisha: 80000 }]);
  });

  it('receipts are numbered on from the school’s last one: R-000042, then R-000043; another school has its own', async () => {
    const { tx, written } = ledger({ 1: 41, 2: 8 });
    expect((await recordPayment(tx, { ...CASH, invoiceIds: [102], amount: 10000n })).receiptNo).toBe('R-000042');
    expect((await recordPayment(tx, { ...CASH, invoiceIds: [104], amount: 10000n })).receiptNo).toBe('R-000043');
    const other = await recordPayment(tx, { ...CASH, schoolId: 2, invoiceIds: [105], amount: 10000n });
    expect(other).toMatchObject({ paymentId: 503, receiptNo: 'R-000009', studentId: 401 });
    expect(written.payments.map((p) => [p.id, p.receiptNo, p.studentId])).toEqual([
      [501, 'R-000042', 301],
      [502, 'R-000043', 302],
      [503, 'R-000009', 401],
    ]);
    expect(written.allocations.map((a) => [a.paymentId, a.invoiceId, a.schoolId])).toEqual([
      [501, 102, 1],
      [502, 104, 1],
      [503, 105, 2],
    ]);
  });

  it('a payment confirmed online keeps the online payer’s student and no cashier', async () => {
    const { tx, written } = ledger();
    const paid = await recordPayment(tx, {
      schoolId: 1,
      invoiceIds: [104],
      amount: 120000n,
      method: 'mobile_wallet',
      reference: 'bKash TX9',
      receivedByUserId: null,
      studentId: 302,
    });
    expect(paid).toMatchObject({ studentId: 302, parts: [{ invoiceId: 104, amount: 120000n, dueAfter: 0n }] });
    expect(written.payments[0]).toMatchObject({
      method: 'mobile_wallet',
      reference: 'bKash TX9',
      receivedByUserId: null,
    });
  });
});

describe('a payment that is refused writes nothing and uses no receipt number', () => {
  const refusedThenNext = async (
    refused: (tx: Tx) => Promise<unknown>,
    error: { statusCode: number; code: string; message: string; fields: Record<string, string> },
  ) => {
    const { tx, written } = ledger();
    await expect(refused(tx)).rejects.toMatchObject(error);
    expect(written).toEqual({ payments: [], allocations: [] });
    expect((await recordPayment(tx, { ...CASH, invoiceIds: [102], amount: 100n })).receiptNo).toBe('R-000042');
  };
  const NOT_FOUND = { statusCode: 404, code: 'not_found', message: 'Invoice not found.' };

  it('more than is due in all: 800.01 on January’s 800.00 is a 409 naming the amount', async () => {
    await refusedThenNext((tx) => recordPayment(tx, { ...CASH, invoiceIds: [102], amount: 80001n }), {
      statusCode: 409,
      code: 'fees.overpayment',
      message: 'The amount is more than is due: at most 800.00 may be paid on these invoices.',
      fields: { amount: 'must be at most 800.00' },
    });
  });

  it('another school’s invoice is not found (404 naming the invoices)', async () => {
    await refusedThenNext((tx) => recordPayment(tx, { ...CASH, invoiceIds: [105], amount: 100n }), {
      ...NOT_FOUND,
      fields: { invoice_ids: 'is not an invoice of this school' },
    });
  });

  it('one invoice of the school and one of another: still not found', async () => {
    await refusedThenNext((tx) => recordPayment(tx, { ...CASH, invoiceIds: [102, 105], amount: 100n }), {
      ...NOT_FOUND,
      fields: { invoice_ids: 'is not an invoice of this school' },
    });
  });

  it('an unknown invoice, asked for as `invoice_id`, is named so', async () => {
    await refusedThenNext(
      (tx) => recordPayment(tx, { ...CASH, invoiceIds: [999], invoiceField: 'invoice_id', amount: 100n }),
      { ...NOT_FOUND, fields: { invoice_id: 'is not an invoice of this school' } },
    );
  });

  it('the online payer’s student paying Karim’s invoice: not found, as if it did not exist', async () => {
    await refusedThenNext(
      (tx) => recordPayment(tx, { ...CASH, invoiceIds: [102, 104], amount: 100n, studentId: 301 }),
      { ...NOT_FOUND, fields: { invoice_ids: 'is not an invoice of this school' } },
    );
  });

  it('Rahim’s and Karim’s invoices in one payment: a 400, one student’s invoices only', async () => {
    await refusedThenNext((tx) => recordPayment(tx, { ...CASH, invoiceIds: [102, 104], amount: 100n }), {
      statusCode: 400,
      code: 'invalid_input',
      message: 'invoice_ids: must all be one student’s invoices',
      fields: { invoice_ids: 'must all be one student’s invoices' },
    });
  });

  it('no invoice named: a 400, as for several students', async () => {
    await refusedThenNext((tx) => recordPayment(tx, { ...CASH, invoiceIds: [], amount: 100n }), {
      statusCode: 400,
      code: 'invalid_input',
      message: 'invoice_ids: must all be one student’s invoices',
      fields: { invoice_ids: 'must all be one student’s invoices' },
    });
  });
});

describe('a test provider’s payment (the sandbox: no money moved)', () => {
  const TEST = { schoolId: 1, reference: 'sandbox 77', receivedByUserId: null, studentId: 301, onlinePaymentId: 123 };

  it('is an entry marked as a test, numbered TEST-000123, with no allocations: nothing is settled', async () => {
    const { tx, written, counters } = ledger();
    const entry = await recordTestPayment(tx, { ...TEST, invoiceIds: [101, 102], amount: 150000n });
    expect(entry).toEqual({ paymentId: 501, receiptNo: 'TEST-000123' });
    expect(written.payments).toStrictEqual([
      {
        id: 501,
        schoolId: 1,
        studentId: 301,
        receiptNo: 'TEST-000123',
        kind: 'payment',
        method: 'mobile_wallet',
        reference: 'sandbox 77',
        amountPoisha: 150000,
        receivedByUserId: null,
        isTest: true,
        createdAt: RECEIVED_AT,
      },
    ]);
    expect(written.allocations).toEqual([]);
    // The school's receipt numbers are those of money: the test used none.
    expect(counters).toEqual({ 1: 41 });
  });

  it('is refused as a real payment would be: more than is due is a 409', async () => {
    const { tx, written } = ledger();
    await expect(recordTestPayment(tx, { ...TEST, invoiceIds: [102], amount: 80001n })).rejects.toMatchObject({
      statusCode: 409,
      code: 'fees.overpayment',
      fields: { amount: 'must be at most 800.00' },
    });
    expect(written.payments).toEqual([]);
  });

  it.each([
    { what: 'another student’s invoice', invoiceIds: [104] },
    { what: 'another school’s invoice', invoiceIds: [105] },
    { what: 'an unknown invoice beside the payer’s own', invoiceIds: [102, 999] },
    { what: 'the payer’s own invoice and another student’s', invoiceIds: [102, 104] },
  ])('is refused for $what: not found', async ({ invoiceIds }) => {
    const { tx, written } = ledger();
    await expect(recordTestPayment(tx, { ...TEST, invoiceIds, amount: 100n })).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
      fields: { invoice_ids: 'is not an invoice of this school' },
    });
    expect(written.payments).toEqual([]);
  });

  it('the payer’s invoice named twice is checked once', async () => {
    const { tx } = ledger();
    expect(await recordTestPayment(tx, { ...TEST, invoiceIds: [102, 102], amount: 80000n })).toEqual({
      paymentId: 501,
      receiptNo: 'TEST-000123',
    });
  });
});

describe('receipt numbers and the allocations a receipt shows', () => {
  it.each([
    { id: 7, receipt: 'TEST-000007' },
    { id: 123456, receipt: 'TEST-123456' },
    { id: 1234567, receipt: 'TEST-1234567' },
  ])('online payment $id’s test entry is $receipt', ({ id, receipt }) => {
    expect(testReceiptNo(id)).toBe(receipt);
  });

  it('allocations are shown in taka with two decimals', () => {
    expect(
      allocationsOut([
        { invoiceId: 102, amount: 80000n, dueAfter: 0n },
        { invoiceId: 101, amount: 70050n, dueAfter: 29950n },
      ]),
    ).toEqual([
      { invoice_id: 102, amount: '800.00', due_after: '0.00' },
      { invoice_id: 101, amount: '700.50', due_after: '299.50' },
    ]);
  });
});
