/**
 * Online payment exists only when a provider is configured, and the sandbox never makes money.
 * With the default configuration (PAYMENT_PROVIDER unset: none) the server offers no online
 * payment: the options read says so, starting and callbacks are refused with a clear 409, and the
 * sandbox's pages do not exist. With PAYMENT_PROVIDER=sandbox a "paid" from its checkout form (which
 * anyone holding the link may post) is a TEST payment everywhere: marked test on the record, in the
 * ledger and on the receipt (PDF), settling no invoice (the due is unchanged) and counting in no
 * collection, and it cannot be refunded.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { loadConfig, type Config } from '@server/config';
import { enrolments, students, users } from '@server/db/schema';
import { onlinePaymentsAtStart } from '@server/services/payment-provider';
import { receiptData } from '@server/services/receipt-pdf';
import { SandboxProvider } from '@server/services/payment-sandbox';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/server';
import { clearDemoFees } from '../helpers/fees';
import { schoolToday } from '../helpers/run-clock';

const SECRET = 'payment-provider-test-secret';
const sandbox = new SandboxProvider(SECRET);

interface Setup {
  t: TestApp;
  invoice: number;
  studentId: number;
  sessionId: number;
}

/** An app with one fee of 1,250.50 for student1's class, after the demo ledger is emptied. */
async function appWith(env: Partial<Config>): Promise<Setup> {
  const t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SECRET, ...env });
  await clearDemoFees(t.db);
  const [me] = await t.db
    .select({ id: students.id, session: enrolments.sessionId, classId: enrolments.classId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(enrolments, eq(enrolments.studentId, students.id))
    .where(eq(users.userCode, 'student1'))
    .orderBy(asc(enrolments.sessionId));
  const sector = await t.post('admin1', '/api/add_sector', { sector_code: 'PRV', sector_name: 'Tuition' });
  const fee = await t.post('admin1', '/api/fee', {
    sector_id: sector.json().id,
    session_id: me.session,
    class_id: me.classId,
    amount: '1250.50',
    last_date: '2026-01-31',
  });
  expect(fee.statusCode, fee.body).toBe(200);
  const [inv] = (await t.get('student1', '/api/invoice/due')).json().rows as { id: number }[];
  return { t, invoice: inv.id, studentId: me.id, sessionId: me.session };
}

const off = {} as Setup;
const on = {} as Setup;
beforeAll(async () => {
  Object.assign(off, await appWith({}));
  Object.assign(on, await appWith({ PAYMENT_PROVIDER: 'sandbox' }));
});
afterAll(async () => {
  await off.t?.close();
  await on.t?.close();
});

describe('the configuration', () => {
  it('offers no online payment unless a provider is named, and says so at start', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('none');
    expect(loadConfig({ PAYMENT_PROVIDER: 'sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'bkash' })).toThrow(/PAYMENT_PROVIDER/);
    expect(onlinePaymentsAtStart({ PAYMENT_PROVIDER: 'none' })).toBe('Online payments: off (PAYMENT_PROVIDER not set)');
    expect(onlinePaymentsAtStart({ PAYMENT_PROVIDER: 'sandbox' })).toContain('SANDBOX: test payments, no money moves');
  });
});

describe('what each configuration offers', () => {
  const cases = [
    {
      name: 'default (no provider)',
      app: off,
      options: { available: false, provider: 'none', test: false },
      start: 409,
      checkoutPage: 404,
      checkoutForm: 404,
      callback: 409,
    },
    {
      name: 'PAYMENT_PROVIDER=sandbox',
      app: on,
      options: { available: true, provider: 'sandbox', test: true },
      start: 200,
      checkoutPage: 200,
      checkoutForm: 303,
      callback: 200,
    },
  ];

  it.each(cases)('$name', async (c) => {
    const { t, invoice } = c.app;
    const options = await t.get('student1', '/api/payment/online/options');
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toEqual(c.options);

    const started = await t.post('student1', '/api/payment/online/start', {
      invoice_ids: [invoice],
      amount: '10.00',
      wallet: 'bkash',
    });
    expect(started.statusCode, started.body).toBe(c.start);
    if (c.start !== 200) {
      expect(started.json().error.code).toBe('payments.online_unavailable');
      expect(started.json().error.message).toBe(
        'Online payment is not offered by this school’s server: pay at the school office.',
      );
    }
    // A checkout link as the sandbox would make one (signed with its secret).
    const token = started.statusCode === 200 ? (started.json().token as string) : 'x'.repeat(32);
    const { checkoutUrl } = await sandbox.start({ token, amount: 1000n, wallet: 'bkash', invoiceIds: [invoice] });
    const s = sandbox.session(Object.fromEntries(new URL(checkoutUrl, 'http://x').searchParams))!;
    expect((await t.call(null, { method: 'GET', url: checkoutUrl })).statusCode).toBe(c.checkoutPage);
    const form = await t.call(null, {
      method: 'POST',
      url: '/api/payment/sandbox/checkout',
      payload: new URLSearchParams({ ...s, decision: 'cancelled' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode, form.body).toBe(c.checkoutForm);
    // The provider's callback, signed: with no provider there is nobody to believe.
    const cb = await t.call(null, {
      method: 'POST',
      url: '/api/payment/online/callback',
      payload: sandbox.callback(s, 'cancelled'),
    });
    expect(cb.statusCode, cb.body).toBe(c.callback);
    // Nothing here is money: the invoice is as due as before.
    const [due] = (await t.get('student1', '/api/invoice/due')).json().rows;
    expect(due).toMatchObject({ id: invoice, paid: '0.00', due: '1250.50' });
  });
});

describe('the sandbox: a paid decision is a test payment, never money', () => {
  const exec = async <T>(q: ReturnType<typeof sql>) => ((await on.t.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** Everything a school reads as money: the reports' totals and the student's invoice. */
  async function money(sessionYearId: number) {
    const { t, invoice, sessionId } = on;
    const day = (await t.get('admin1', '/api/fee/report/collections?from=2000-01-01&to=2099-12-31&limit=500')).json();
    const month = (await t.get('admin1', `/api/fee/report/collections/monthly?session_id=${sessionYearId}`)).json();
    const dues = (await t.get('admin1', `/api/fee/report/dues?session_id=${sessionId}&limit=500`)).json();
    const inv = (await t.get('student1', '/api/invoice/due')).json().rows.find((r: { id: number }) => r.id === invoice);
    return {
      byDay: (day.rows as { amount: string }[]).map((r) => r.amount),
      byMonth: month.total as string,
      duesPaid: (dues.rows as { paid: string }[]).map((r) => r.paid),
      invoice: { paid: inv.paid as string, due: inv.due as string },
    };
  }

  it('is marked test on the record, in the ledger and on the receipt; nothing settled or collected', async () => {
    const { t, invoice, studentId } = on;
    // The monthly report of the year this payment is made in (a session row for it if the seed has none).
    const year = String(schoolToday().year);
    await exec(sql`insert into academic_sessions (session_year) values (${year}) on conflict do nothing`);
    const [{ id: yearSession }] = await exec<{ id: number }>(
      sql`select id from academic_sessions where session_year = ${year}`,
    );
    const before = await money(yearSession);
    expect(before).toMatchObject({ byDay: [], byMonth: '0.00', invoice: { paid: '0.00', due: '1250.50' } });
    expect(new Set(before.duesPaid)).toEqual(new Set(['0.00']));
    const [{ n: allocationsBefore }] = await exec<{ n: number }>(
      sql`select count(*)::int as n from payment_allocations`,
    );

    // The student starts; anyone holding the link posts the checkout form with decision=paid.
    const started = await t.post('student1', '/api/payment/online/start', {
      invoice_ids: [invoice],
      amount: '1250.50',
      wallet: 'nagad',
    });
    expect(started.statusCode, started.body).toBe(200);
    const s = sandbox.session(Object.fromEntries(new URL(started.json().checkout_url, 'http://x').searchParams))!;
    const posted = await t.call(null, {
      method: 'POST',
      url: '/api/payment/sandbox/checkout',
      payload: new URLSearchParams({ ...s, decision: 'paid' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode, posted.body).toBe(303);

    // The record the payer's screen reads: paid, and a test, with a receipt of the test series.
    const record = (await t.get('student1', `/api/payment/online/${started.json().token}`)).json();
    expect(record).toMatchObject({ status: 'paid', test: true, amount: '1250.50' });
    expect(record.receipt_no).toMatch(/^TEST-\d{6}$/);

    // Nothing of it is money: same reports, same due, no allocation written.
    expect(await money(yearSession)).toEqual(before);
    const [{ n: allocationsAfter }] = await exec<{ n: number }>(
      sql`select count(*)::int as n from payment_allocations`,
    );
    expect(allocationsAfter).toBe(allocationsBefore);
    const defaulters = (
      await t.get('admin1', `/api/fee/report/defaulters?session_id=${on.sessionId}&as_of=2026-02-15&limit=500`)
    ).json();
    expect(defaulters.rows.find((r: { student_id: number }) => r.student_id === studentId)).toMatchObject({
      due: '1250.50',
    });

    // The ledger shows it, marked.
    const ledger = (await t.get('admin1', `/api/payment/all?student_id=${studentId}`)).json().rows;
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      receipt_no: record.receipt_no,
      kind: 'payment',
      method: 'mobile_wallet',
      amount: '1250.50',
      test: true,
    });

    // A test took no money: nothing to refund.
    const refund = await t.call('admin1', {
      method: 'POST',
      url: '/api/payment/reverse',
      payload: { payment_id: ledger[0].id, kind: 'refund', reason: 'Wallet refund' },
      headers: { 'idempotency-key': 'provider-test-refund' },
    });
    expect(refund.statusCode, refund.body).toBe(409);
    expect(refund.json().error.code).toBe('fees.test_payment');

    // The receipt says so in its title; the invoice's due is unchanged on it.
    const data = await receiptData(t.db, ledger[0].id, async () => 'Asia/Dhaka');
    expect(data).toMatchObject({
      test: true,
      receiptNo: record.receipt_no,
      amount: '125050',
      lines: [{ invoiceAmount: '125050', amount: '0', dueAfter: '125050' }],
    });
    const pdf = await t.get('student1', `/api/payment/${ledger[0].id}/receipt?lang=en`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('TEST PAYMENT - NO MONEY RECEIVED');
    expect(text).toContain(record.receipt_no);
    expect(text).toContain('Test amount (not received)');
    expect(text).not.toContain('Money Receipt');
  });
});
