/**
 * Online fee payments through the sandbox provider (enabled here: PAYMENT_PROVIDER=sandbox), and
 * receipts (README: Fees and payments): a pending payment touches no ledger; the signed callback records it once (a
 * test entry through the sandbox, which settles nothing: payment-provider.test.ts; through a
 * provider that moves money, through the ledger with method mobile_wallet and reference the
 * provider's transaction id); a repeat records nothing; a forged or altered one is refused; cancel
 * and failure record nothing; only the student pays and follows their own; receipts are PDFs for
 * the school's admin and the student only; 1,250.50 stays exact.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { USER_TYPES } from '@/api/permissions';
import { ONLINE_CODES, type OnlineCallbackBody } from '@/api/schemas/online-payments';
import { enrolments, students, users } from '@server/db/schema';
import { completeOnlinePayment, mayPayFor, startOnlinePayment } from '@server/services/online-payments';
import { SandboxProvider } from '@server/services/payment-sandbox';
import { receiptData, receiptPdf } from '@server/services/receipt-pdf';
import { pdfText } from '../helpers/pdf-text';
import { createTestApp, type TestApp } from '../helpers/server';
import { clearDemoFees } from '../helpers/fees';

const SECRET = 'online-payments-test-secret';
let t: TestApp;
const sandbox = new SandboxProvider(SECRET);

/**
 * A provider that moves money, as a real gateway would: the sandbox's signatures with `test` off.
 * No route serves it; the service functions take it directly.
 */
class MoneyProvider extends SandboxProvider {
  override readonly test: boolean = false;
}
const gateway = new MoneyProvider(SECRET);
const S = {} as { me: number; meUser: number; session: number; classId: number; sector: number; invoice: number };

const count = async (table: 'payments' | 'payment_allocations') =>
  Number(
    ((await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
      .rows[0].n,
  );

const due = async () =>
  (await t.get('student1', '/api/invoice/due')).json().rows as {
    id: number;
    amount: string;
    paid: string;
    due: string;
  }[];

const start = (body: Record<string, unknown>, as = 'student1') => t.post(as, '/api/payment/online/start', body);
const sessionOf = (checkoutUrl: string) => {
  const s = sandbox.session(Object.fromEntries(new URL(checkoutUrl, 'http://x').searchParams));
  if (!s) throw new Error('the checkout URL does not verify');
  return s;
};
const callback = (payload: OnlineCallbackBody) =>
  t.call(null, { method: 'POST', url: '/api/payment/online/callback', payload });
const status = async (token: string, as = 'student1') => t.get(as, `/api/payment/online/${token}`);

beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_SECRET: SECRET, PAYMENT_PROVIDER: 'sandbox' });
  // This file reads student1's first due and paid invoices: the demo seed's fees go first.
  await clearDemoFees(t.db);
  const [me] = await t.db
    .select({ id: students.id, userId: users.id, session: enrolments.sessionId, classId: enrolments.classId })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(enrolments, eq(enrolments.studentId, students.id))
    .where(eq(users.userCode, 'student1'))
    .orderBy(asc(enrolments.sessionId));
  Object.assign(S, { me: me.id, meUser: me.userId, session: me.session, classId: me.classId });
  const sector = await t.post('admin1', '/api/add_sector', { sector_code: 'ONL', sector_name: 'Tuition' });
  S.sector = sector.json().id;
  const fee = await t.post('admin1', '/api/fee', {
    sector_id: S.sector,
    session_id: S.session,
    class_id: S.classId,
    amount: '1250.50',
    last_date: '2026-01-31',
  });
  expect(fee.statusCode, fee.body).toBe(200);
  const [inv] = await due();
  S.invoice = inv.id;
  expect(inv).toMatchObject({ amount: '1250.50', due: '1250.50' });
});
afterAll(() => t.close());

describe('starting', () => {
  it('records a pending payment that touches no ledger, and answers the sandbox checkout', async () => {
    const before = await count('payments');
    const res = await start({ invoice_ids: [S.invoice], amount: '1000.25', wallet: 'bkash' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkout_url).toMatch(/^\/api\/payment\/sandbox\/checkout\?/);
    expect(sessionOf(res.json().checkout_url)).toMatchObject({ amount: '1000.25', wallet: 'bkash' });
    expect(await count('payments')).toBe(before);
    expect((await status(res.json().token)).json()).toMatchObject({ status: 'pending', amount: '1000.25' });
    expect((await due())[0].due).toBe('1250.50');
    // The checkout page is the sandbox's, clearly marked, with Confirm and Cancel.
    const page = await t.call(null, { method: 'GET', url: res.json().checkout_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('BDT 1,000.25');
    expect(page.body).toContain('Confirm test payment');
    expect(page.body).toContain('TEST PAYMENT');
    expect(page.body).toContain('Cancel');
    // An edited link (another amount) is not the sandbox's.
    const edited = res.json().checkout_url.replace('amount=1000.25', 'amount=1.00');
    expect((await t.call(null, { method: 'GET', url: edited })).statusCode).toBe(400);
  });

  it('refuses more than is due, bad amounts, other students’ invoices and other user types', async () => {
    const over = await start({ invoice_ids: [S.invoice], amount: '1250.51', wallet: 'nagad' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.fields).toHaveProperty('amount');
    expect((await start({ invoice_ids: [S.invoice], amount: '10.005', wallet: 'nagad' })).statusCode).toBe(400);
    expect((await start({ invoice_ids: [S.invoice], amount: '10', wallet: 'paypal' })).statusCode).toBe(400);
    // student2 (another school) may not pay student1's invoice: it is as if unknown.
    const other = await start({ invoice_ids: [S.invoice], amount: '10', wallet: 'bkash' }, 'student2');
    expect(other.statusCode).toBe(404);
    expect((await start({ invoice_ids: [999999], amount: '10', wallet: 'bkash' })).statusCode).toBe(404);
    expect((await start({ invoice_ids: [S.invoice], amount: '10', wallet: 'bkash' }, 'admin1')).statusCode).toBe(403);
    expect((await start({ invoice_ids: [S.invoice], amount: '10', wallet: 'bkash' }, 'teacher1')).statusCode).toBe(403);
  });

  it('who may pay for a student: the student themselves only (one function to extend for guardians)', async () => {
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
    expect(await mayPayFor(t.db, { userId: S.meUser, userType: USER_TYPES.student }, S.me)).toBe(true);
    expect(await mayPayFor(t.db, { userId: admin.id, userType: USER_TYPES.schoolAdmin }, S.me)).toBe(false);
    const [s2] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'student2'));
    expect(await mayPayFor(t.db, { userId: s2.id, userType: USER_TYPES.student }, S.me)).toBe(false);
  });
});

describe('the callback', () => {
  it('records a confirmed sandbox payment once, as a test entry; a repeat records nothing', async () => {
    const res = await start({ invoice_ids: [S.invoice], amount: '1000.25', wallet: 'bkash' });
    const s = sessionOf(res.json().checkout_url);
    const body = sandbox.callback(s, 'paid');
    const before = await count('payments');
    const first = await callback(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'paid', replay: false });
    expect(first.json().receipt_no).toMatch(/^TEST-\d{6}$/);
    const again = await callback(body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'paid', replay: true, receipt_no: first.json().receipt_no });
    expect(await count('payments')).toBe(before + 1);
    // The same payment confirmed under another transaction id is not a second payment either.
    const other = await callback(sandbox.callback(s, 'paid'));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe(ONLINE_CODES.alreadyCompleted);
    expect(await count('payments')).toBe(before + 1);
    // A test: the invoice is as due as before.
    expect((await due())[0]).toMatchObject({ amount: '1250.50', paid: '0.00', due: '1250.50' });
    expect((await status(res.json().token)).json()).toMatchObject({
      status: 'paid',
      test: true,
      receipt_no: first.json().receipt_no,
      provider_txn_id: body.provider_txn_id,
    });
  });

  it('through a provider that moves money: once, in the ledger, settling the invoice exactly', async () => {
    const payer = { userId: S.meUser, userType: USER_TYPES.student };
    const started = await startOnlinePayment(t.db, gateway, payer, {
      invoiceIds: [S.invoice],
      amount: 100025n,
      wallet: 'bkash',
    });
    const body = gateway.callback(sessionOf(started.checkoutUrl), 'paid');
    const before = await count('payments');
    const first = await completeOnlinePayment(t.db, gateway, gateway.verify(body)!);
    expect(first).toMatchObject({ status: 'paid', replay: false });
    expect(first.receiptNo).toMatch(/^R-\d{6}$/);
    expect(await completeOnlinePayment(t.db, gateway, gateway.verify(body)!)).toEqual({ ...first, replay: true });
    expect(await count('payments')).toBe(before + 1);

    expect((await due())[0]).toMatchObject({ amount: '1250.50', paid: '1000.25', due: '250.25' });
    expect((await status(started.token)).json()).toMatchObject({
      status: 'paid',
      test: false,
      receipt_no: first.receiptNo,
      provider_txn_id: body.provider_txn_id,
    });
    // In the ledger as a wallet payment whose reference is the provider's transaction id.
    const ledger = (await t.get('admin1', '/api/payment/all')).json().rows;
    expect(ledger[0]).toMatchObject({
      receipt_no: first.receiptNo,
      method: 'mobile_wallet',
      reference: body.provider_txn_id,
      amount: '1000.25',
      test: false,
    });
  });

  it('refuses a forged or tampered callback and records nothing', async () => {
    const res = await start({ invoice_ids: [S.invoice], amount: '50.25', wallet: 'rocket' });
    const s = sessionOf(res.json().checkout_url);
    const good = sandbox.callback(s, 'paid');
    const before = await count('payments');
    const forged = new SandboxProvider('not-the-secret').callback(s, 'paid');
    const refused = [
      await callback({ ...good, amount: '1.00' }),
      await callback({ ...good, invoice_ids: [S.invoice + 1] }),
      await callback({ ...good, signature: good.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
      await callback({ ...good, status: 'cancelled' }),
      await callback(forged),
    ];
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().error.code).toBe(ONLINE_CODES.badSignature);
    }
    // Signed by the sandbox, but not what was started: refused all the same.
    const mismatch = sandbox.callback({ ...s, amount: '60.00' }, 'paid');
    const r = await callback(mismatch);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe(ONLINE_CODES.mismatch);
    expect(await count('payments')).toBe(before);
    expect((await status(res.json().token)).json().status).toBe('pending');
    // An unknown payment reference.
    const unknown = sandbox.callback({ ...s, token: 'x'.repeat(32) }, 'paid');
    expect((await callback(unknown)).statusCode).toBe(404);
  });

  it('a cancelled or failed payment records nothing, and cannot be paid afterwards', async () => {
    const before = await count('payments');
    for (const outcome of ['cancelled', 'failed'] as const) {
      const res = await start({ invoice_ids: [S.invoice], amount: '20.00', wallet: 'nagad' });
      const s = sessionOf(res.json().checkout_url);
      const done = await callback(sandbox.callback(s, outcome));
      expect(done.json()).toMatchObject({ status: outcome, receipt_no: null });
      expect((await status(res.json().token)).json().status).toBe(outcome);
      expect((await callback(sandbox.callback(s, 'paid'))).statusCode).toBe(409);
    }
    expect(await count('payments')).toBe(before);
    expect((await due())[0].due).toBe('250.25');
  });

  it('a payment whose due was settled meanwhile fails instead of overpaying', async () => {
    const res = await start({ invoice_ids: [S.invoice], amount: '250.25', wallet: 'bkash' });
    const s = sessionOf(res.json().checkout_url);
    const cash = await t.call('admin1', {
      method: 'POST',
      url: '/api/payment',
      payload: { invoice_id: S.invoice, amount: '100.00', method: 'cash' },
      headers: { 'idempotency-key': 'online-test-cash-1' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const before = await count('payments');
    const done = await callback(sandbox.callback(s, 'paid'));
    expect(done.json()).toMatchObject({ status: 'failed' });
    expect(await count('payments')).toBe(before);
    expect((await status(res.json().token)).json().failure).toMatch(/at most 150\.25/);
  });

  it('the sandbox checkout form sends the callback and the browser back to /payoption', async () => {
    const res = await start({ invoice_ids: [S.invoice], amount: '0.25', wallet: 'bkash' });
    const s = sessionOf(res.json().checkout_url);
    const form = new URLSearchParams({ ...s, decision: 'paid' }).toString();
    const post = await t.call(null, {
      method: 'POST',
      url: '/api/payment/sandbox/checkout',
      payload: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode, post.body).toBe(303);
    expect(post.headers.location).toBe(`/payoption?payment=${res.json().token}`);
    expect((await status(res.json().token)).json()).toMatchObject({ status: 'paid', test: true });
    // A test payment: the 1,000.25 and 100.00 paid before are all that is paid.
    expect((await due())[0]).toMatchObject({ paid: '1100.25', due: '150.25' });
  });
});

describe('who sees an online payment', () => {
  it('the student and their school’s admin; not another school', async () => {
    const res = await start({ invoice_ids: [S.invoice], amount: '1.00', wallet: 'bkash' });
    const token = res.json().token;
    expect((await status(token, 'admin1')).statusCode).toBe(200);
    expect((await status(token, 'admin2')).statusCode).toBe(404);
    expect((await status(token, 'student2')).statusCode).toBe(404);
    expect((await status(token, 'teacher1')).statusCode).toBe(403);
  });
});

describe('receipts', () => {
  const paymentIds = async () =>
    (await t.get('admin1', `/api/payment/all?student_id=${S.me}`)).json().rows as {
      id: number;
      receipt_no: string;
      method: string;
      amount: string;
      test: boolean;
    }[];

  it('is a PDF for the admin and the student, nobody else', async () => {
    const [latest] = await paymentIds();
    const url = `/api/payment/${latest.id}/receipt`;
    for (const who of ['admin1', 'student1']) {
      const res = await t.get(who, url);
      expect(res.statusCode, `${who}: ${res.body.slice(0, 200)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await t.get('admin2', url)).statusCode).toBe(404);
    expect((await t.get('student2', url)).statusCode).toBe(404);
    expect((await t.get('teacher1', url)).statusCode).toBe(403);
    expect((await t.get('viewer1', url)).statusCode).toBe(403);
    expect((await t.get('admin1', '/api/payment/999999/receipt')).statusCode).toBe(404);
  });

  it('keeps 1,250.50 exact through the invoice, partial payments and the receipt', async () => {
    // Pay the rest in cash: the invoice is settled, 1,250.50 in all.
    const rest = (await due())[0].due;
    const cash = await t.call('admin1', {
      method: 'POST',
      url: '/api/payment',
      payload: { invoice_id: S.invoice, amount: rest, method: 'cash' },
      headers: { 'idempotency-key': 'online-test-cash-rest' },
    });
    expect(cash.statusCode, cash.body).toBe(200);
    const paid = (await t.get('student1', '/api/invoice/paid')).json().rows;
    expect(paid[0]).toMatchObject({ amount: '1250.50', paid: '1250.50', due: '0.00' });
    const sum = paid[0].receipts.reduce(
      (a: bigint, r: { amount: string }) => a + BigInt(r.amount.replace('.', '')),
      0n,
    );
    expect(sum).toBe(125050n);

    const list = await paymentIds();
    const wallet = list.find((p) => p.amount === '1000.25' && !p.test)!;
    const data = await receiptData(t.db, wallet.id, async () => 'Asia/Dhaka');
    expect(data).toMatchObject({
      amount: '100025',
      method: 'mobile_wallet',
      wallet: 'bkash',
      // The fee head 'Tuition', added with no Bangla name, got the listed one (docs/i18n.md, "Bangla
      // names"): the Bangla receipt prints it.
      lines: [
        { sector: 'Tuition', sectorBn: 'মাসিক বেতন', invoiceAmount: '125050', amount: '100025', dueAfter: '25025' },
      ],
    });
    const text = await pdfText((await t.get('student1', `/api/payment/${wallet.id}/receipt?lang=en`)).rawPayload);
    expect(text).toContain(wallet.receipt_no);
    expect(text).toContain('1,250.50');
    expect(text).toContain('1,000.25');
    expect(text).toContain('250.25');
    expect(text).not.toContain('TEST PAYMENT');
    expect(text).toMatch(/bKash/);
    const last = list[0];
    const lastText = await pdfText((await t.get('admin1', `/api/payment/${last.id}/receipt?lang=en`)).rawPayload);
    expect(lastText).toContain(last.amount.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    expect(lastText).toContain('Cash');
    expect(lastText).toMatch(/0\.00/);
    // In Bangla, with Bangla digits (only figures are compared: a PDF's text order of Bangla vowel signs is not the reading order).
    const bn = await pdfText(await receiptPdf(data!, 'bn', '24-11-2026'));
    expect(bn).toContain('১,২৫০.৫০');
    expect(bn).toContain('৳১,০০০.২৫');
    expect(bn).toContain('৳২৫০.২৫');
  });
});
