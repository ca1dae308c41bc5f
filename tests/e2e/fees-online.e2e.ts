/**
 * Online payment end to end (issue 14; real server, seeded demo, Chromium): the school admin sets
 * a fee of 1250.50 for student1's class with a last date already past, so student1 is on the
 * defaulters list; student1 pays 1000.25 of it through the sandbox wallet (Pay Now, /payoption,
 * the SANDBOX checkout page, Confirm) and sees "paid" only from the server's record; a cancelled
 * attempt records nothing; the admin records the remaining 250.25 in cash; student1 leaves the
 * defaulters list, and the receipt downloads as a PDF.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

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

it('student1 pays part by the sandbox wallet, the admin the rest in cash, and the defaulters list changes', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  const sectorName = `Online fee ${run}`;
  const admin = await profileOf('admin1');
  const student = await profileOf('student1');
  const sector = await api<{ id: number }>('/api/add_sector', admin.token, {
    sector_code: `O${run}`,
    sector_name: sectorName,
  });
  const past = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
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

  // ---- student1: Pay Now, a part of it, by bKash through the sandbox
  const page = await newPage();
  await signIn(page, 'student1');
  await page.waitForURL(`${baseUrl()}/student-admin`);
  await page.goto(`${baseUrl()}/dueinvoice`);
  const row = page.getByRole('table', { name: 'Your due invoices' }).getByRole('row').filter({ hasText: sectorName });
  await row.getByRole('link', { name: /^Pay Now/ }).click();
  await page.waitForURL(/\/payoption\?invoice=\d+$/);
  const amount = page.getByRole('textbox', { name: 'Amount in taka' });
  await expect(amount.inputValue()).resolves.toBe('1250.50');
  await expectSoundScreen(page, '/payoption');

  // A cancelled attempt first: nothing is paid.
  await amount.fill('1000.25');
  await page.getByRole('button', { name: 'Pay ৳1,000.25 with bKash' }).click();
  await page.waitForURL(/\/api\/payment\/sandbox\/checkout\?/);
  await page.getByText('SANDBOX: test wallet, no real money moves').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/payoption\?payment=/);
  await page.getByText('Payment cancelled: nothing was paid.').waitFor();
  await page.getByRole('button', { name: 'Pay again' }).click();

  await page.getByRole('textbox', { name: 'Amount in taka' }).fill('1000.25');
  await page.getByRole('button', { name: 'Pay ৳1,000.25 with bKash' }).click();
  await page.waitForURL(/\/api\/payment\/sandbox\/checkout\?/);
  await page.getByText('৳1,000.25').waitFor();
  await expectSoundScreen(page, 'sandbox checkout');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await page.waitForURL(/\/payoption\?payment=/);
  const paid = page.getByText(/^Payment received: receipt R-\d{6}$/);
  await paid.waitFor();
  const receiptNo = /R-\d{6}/.exec((await paid.textContent()) ?? '')![0];
  await page.getByText(/৳1,000\.25 paid with bKash \(transaction SBX[0-9A-F]+\)/).waitFor();
  await expectSoundScreen(page, '/payoption paid');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download receipt ${receiptNo} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`receipt-${receiptNo}.pdf`);

  await page.goto(`${baseUrl()}/dueinvoice`);
  await row.getByText('৳250.25').waitFor();
  expect((await defaulters())?.due).toBe(formatDue(before!.due, '1000.25'));

  // ---- the admin records the rest in cash at the counter
  const cash = await api<{ receipt_no: string }>(
    '/api/payment',
    admin.token,
    { invoice_ids: [await invoiceId(admin.token, student.me.id, `O${run}`)], amount: '250.25', method: 'cash' },
    { 'idempotency-key': `e2e-fees-online-${run}` },
  );
  expect(cash.receipt_no).not.toBe(receiptNo);
  const after = await defaulters();
  expect(after?.due ?? '0.00').toBe(formatDue(before!.due, '1250.50'));
  await office.reload();
  await office.getByRole('combobox', { name: 'Report' }).waitFor();
  if (code && !after) {
    await office.waitForLoadState('networkidle');
    await expect(office.getByRole('row').filter({ hasText: code }).count()).resolves.toBe(0);
  }

  // ---- student1's paid invoice lists both receipts
  await page.goto(`${baseUrl()}/paidinvoice`);
  const settled = page
    .getByRole('table', { name: 'Your paid invoices' })
    .getByRole('row')
    .filter({ hasText: sectorName });
  await settled.getByRole('button', { name: `Receipt ${receiptNo} (PDF)` }).waitFor();
  await settled.getByRole('button', { name: `Receipt ${cash.receipt_no} (PDF)` }).waitFor();
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
