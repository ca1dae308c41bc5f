/**
 * Online payment end to end (README: Fees and payments; real server with PAYMENT_PROVIDER=sandbox from
 * global-setup.ts, seeded demo, Chromium): the school admin sets a fee of 1250.50 for student1's
 * class with a last date already past, so student1 is on the defaulters list; student1 makes a
 * test payment of 1000.25 through the sandbox wallet (Pay Now, /payoption, the SANDBOX checkout
 * page, Confirm) and is told, from the server's record, that it was a TEST PAYMENT - NO MONEY
 * RECEIVED: the invoice stays due and student1 stays a defaulter; a cancelled attempt records
 * nothing; the admin records all 1250.50 in cash; student1 leaves the defaulters list, and both
 * receipts download as PDFs (the test one from /payoption).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';
import { schoolDay } from './clock';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

async function api<T>(path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function profileOf(userCode: string) {
  const login = await api<{ accessToken: string; user_type_id: number }>('/api/users/login', undefined, {
    user_code: userCode,
    password: 'demo1234',
  });
  const me = await api<{
    id: number;
    student_code?: string;
    class_id?: number | null;
    section_id: number | null;
    session_id: number | null;
  }>(`/api/users/user_id?user_code=${userCode}&user_type=${login.user_type_id}`, login.accessToken);
  return { token: login.accessToken, me };
}

it('student1’s sandbox payment is a test that settles nothing; the admin’s cash payment settles the fee', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  const sectorName = `Online fee ${run}`;
  const admin = await profileOf('admin1');
  const student = await profileOf('student1');
  const sector = await api<{ id: number }>('/api/add_sector', admin.token, {
    sector_code: `O${run}`,
    sector_name: sectorName,
  });
  const past = schoolDay().minus({ days: 20 }).toISODate()!;
  const fee = await api<{ created: number }>('/api/fee', admin.token, {
    sector_id: sector.id,
    session_id: student.me.session_id,
    ...(student.me.class_id ? { class_id: student.me.class_id } : { section_id: student.me.section_id }),
    amount: '1250.50',
    last_date: past,
  });
  expect(fee.created).toBeGreaterThan(0);
  const defaulters = async () =>
    (
      await api<{ rows: { student_id: number; due: string }[] }>(
        `/api/fee/report/defaulters?session_id=${student.me.session_id}&limit=500`,
        admin.token,
      )
    ).rows.find((r) => r.student_id === student.me.id);
  const before = await defaulters();
  expect(before).toBeTruthy();

  // ---- the admin sees student1 among the defaulters
  const office = await newPage();
  await signIn(office, 'admin1');
  await office.waitForURL(`${baseUrl()}/school-admin`);
  await office.goto(`${baseUrl()}/payment?tab=reports&report=defaulters`);
  const list = office.getByRole('table', { name: 'Defaulters' });
  await list.waitFor();
  const code = student.me.student_code ?? '';
  if (code) await list.getByRole('row').filter({ hasText: code }).waitFor();

  // ---- student1: Pay Now, a part of it, by bKash through the sandbox (a test payment)
  const page = await newPage();
  await signIn(page, 'student1');
  await page.waitForURL(`${baseUrl()}/student-admin`);
  await page.goto(`${baseUrl()}/dueinvoice`);
  const row = page.getByRole('table', { name: 'Your due invoices' }).getByRole('row').filter({ hasText: sectorName });
  await row.getByRole('link', { name: /^Pay Now/ }).click();
  await page.waitForURL(/\/payoption\?invoice=\d+$/);
  const amount = page.getByRole('textbox', { name: 'Amount in taka' });
  await expect(amount.inputValue()).resolves.toBe('1250.50');
  await page
    .getByText('SANDBOX: payments here are TEST payments. No money moves and your invoices stay due.')
    .waitFor();
  await expectSoundScreen(page, '/payoption');

  // A cancelled attempt first: nothing is paid.
  await amount.fill('1000.25');
  await page.getByRole('button', { name: 'Make a test payment of ৳1,000.25 with bKash' }).click();
  await page.waitForURL(/\/api\/payment\/sandbox\/checkout\?/);
  await page.getByText('SANDBOX: test payments, no money moves').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/payoption\?payment=/);
  await page.getByText('Payment cancelled: nothing was paid.').waitFor();
  await page.getByRole('button', { name: 'Pay again' }).click();

  await page.getByRole('textbox', { name: 'Amount in taka' }).fill('1000.25');
  await page.getByRole('button', { name: 'Make a test payment of ৳1,000.25 with bKash' }).click();
  await page.waitForURL(/\/api\/payment\/sandbox\/checkout\?/);
  await page.getByText('BDT 1,000.25').waitFor();
  await expectSoundScreen(page, 'sandbox checkout');
  await page.getByRole('button', { name: 'Confirm test payment' }).click();
  await page.waitForURL(/\/payoption\?payment=/);
  const tested = page.getByText(/^TEST PAYMENT - NO MONEY RECEIVED: receipt TEST-\d{6}$/);
  await tested.waitFor();
  const testReceiptNo = /TEST-\d{6}/.exec((await tested.textContent()) ?? '')![0];
  await page
    .getByText(
      /The bKash payment of ৳1,000\.25 \(transaction SBX[0-9A-F]+\) was a sandbox test\. No money was received and your invoices are still due\./,
    )
    .waitFor();
  await expect(page.getByText(/Payment received/).count()).resolves.toBe(0);
  await expectSoundScreen(page, '/payoption test payment');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download test receipt ${testReceiptNo} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`receipt-${testReceiptNo}.pdf`);

  // Nothing was settled: the whole fee is still due, and student1 still a defaulter by as much.
  await page.goto(`${baseUrl()}/dueinvoice`);
  await row.getByText('৳1,250.50').first().waitFor();
  expect((await defaulters())?.due).toBe(before!.due);

  // ---- the admin records the fee in cash at the counter
  const cash = await api<{ receipt_no: string }>(
    '/api/payment',
    admin.token,
    { invoice_ids: [await invoiceId(admin.token, student.me.id, `O${run}`)], amount: '1250.50', method: 'cash' },
    { 'idempotency-key': `e2e-fees-online-${run}` },
  );
  expect(cash.receipt_no).toMatch(/^R-\d{6}$/);
  const after = await defaulters();
  expect(after?.due ?? '0.00').toBe(formatDue(before!.due, '1250.50'));
  await office.reload();
  await office.getByRole('combobox', { name: 'Report' }).waitFor();
  if (code && !after) {
    await office.waitForLoadState('networkidle');
    await expect(office.getByRole('row').filter({ hasText: code }).count()).resolves.toBe(0);
  }

  // ---- student1's paid invoice lists the cash receipt only: the test payment paid nothing
  await page.goto(`${baseUrl()}/paidinvoice`);
  const settled = page
    .getByRole('table', { name: 'Your paid invoices' })
    .getByRole('row')
    .filter({ hasText: sectorName });
  await settled.getByRole('button', { name: `Receipt ${cash.receipt_no} (PDF)` }).waitFor();
  await expect(settled.getByRole('button', { name: `Receipt ${testReceiptNo} (PDF)` }).count()).resolves.toBe(0);
});

/** What remains of a due after a payment, in exact poisha. */
function formatDue(due: string, paid: string): string {
  const p = (t: string) => BigInt(t.replace('.', ''));
  const left = p(due) - p(paid);
  return `${left / 100n}.${(left % 100n).toString().padStart(2, '0')}`;
}

async function invoiceId(token: string, studentId: number, sectorCode: string) {
  const dues = await api<{ rows: { id: number; sector_code: string }[] }>(
    `/api/invoice/due?student_id=${studentId}&limit=500`,
    token,
  );
  return dues.rows.find((r) => r.sector_code === sectorCode)!.id;
}
