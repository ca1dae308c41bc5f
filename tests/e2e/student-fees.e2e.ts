/**
 * The student's invoices end to end (real server, seeded demo, Chromium). Through the API, admin1
 * adds a sector (a new code each run) and a fee of 1250.50 for student1's section; student1 sees
 * the due invoice to the poisha, opens Pay Now (the school office; no wallet payment yet); admin1
 * takes 500.25 in cash: student1's due drops to 750.25 and the invoice is not yet on /paidinvoice;
 * after the rest it leaves /dueinvoice and shows on /paidinvoice with both receipt numbers. The
 * screens pass axe and never scroll sideways, also at 360 px.
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
  const me = await api<{ id: number; section_id: number | null; session_id: number | null }>(
    `/api/users/user_id?user_code=${userCode}&user_type=${login.user_type_id}`,
    login.accessToken,
  );
  return { token: login.accessToken, me };
}

it('student1 sees a new fee to the poisha, the due after a partial payment, and the receipts once paid', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  const sectorName = `Lab fee ${run}`;
  const admin = await profileOf('admin1');
  const student = await profileOf('student1');
  expect(student.me.section_id).toBeTruthy();
  expect(student.me.session_id).toBeTruthy();

  const sector = await api<{ id: number }>('/api/add_sector', admin.token, {
    sector_code: `L${run}`,
    sector_name: sectorName,
  });
  const lastDate = `${schoolDay().year + 1}-01-31`;
  const fee = await api<{ created: number }>('/api/fee', admin.token, {
    sector_id: sector.id,
    session_id: student.me.session_id,
    section_id: student.me.section_id,
    amount: '1250.50',
    last_date: lastDate,
  });
  expect(fee.created).toBeGreaterThan(0);
  const dues = await api<{ rows: { id: number; sector_code: string; due: string }[] }>(
    `/api/invoice/due?student_id=${student.me.id}&limit=500`,
    admin.token,
  );
  const invoice = dues.rows.find((r) => r.sector_code === `L${run}`)!;
  expect(invoice).toMatchObject({ due: '1250.50' });

  // ---- student1 sees it, to the poisha, and Pay Now shows how to pay
  const page = await newPage();
  await signIn(page, 'student1');
  await page.waitForURL(`${baseUrl()}/student-admin`);
  await page.goto(`${baseUrl()}/student-payment`);
  await page.getByRole('link', { name: /Due Invoice/ }).click();
  const table = page.getByRole('table', { name: 'Your due invoices' });
  const row = table.getByRole('row').filter({ hasText: sectorName });
  await row.waitFor();
  await expect(row.getByText('৳1,250.50').count()).resolves.toBe(2);
  await expectSoundScreen(page, '/dueinvoice');
  await row.getByRole('link', { name: /^Pay Now/ }).click();
  await page.waitForURL(`${baseUrl()}/payoption?invoice=${invoice.id}`);
  await page.getByRole('heading', { name: 'Pay at the school office' }).waitFor();
  await page.getByRole('checkbox', { name: new RegExp(`^${sectorName}, .*: ৳1,250\\.50 due`) }).waitFor();
  await page.getByText(/SANDBOX/).waitFor();
  await expectSoundScreen(page, '/payoption');

  // ---- a partial cash payment at the office
  const first = await api<{ receipt_no: string }>(
    '/api/payment',
    admin.token,
    { invoice_id: invoice.id, amount: '500.25', method: 'cash' },
    { 'idempotency-key': `e2e-student-fees-${run}-1` },
  );
  await page.goto(`${baseUrl()}/dueinvoice`);
  await row.getByText('৳750.25').waitFor();
  await row.getByText('৳500.25').waitFor();
  await page.goto(`${baseUrl()}/paidinvoice`);
  await page.getByRole('heading', { name: 'Paid Invoice' }).waitFor();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(sectorName).count()).resolves.toBe(0);

  // ---- the rest: the invoice moves to /paidinvoice with both receipts
  const second = await api<{ receipt_no: string }>(
    '/api/payment',
    admin.token,
    { invoice_id: invoice.id, amount: '750.25', method: 'cash' },
    { 'idempotency-key': `e2e-student-fees-${run}-2` },
  );
  await page.reload();
  const paid = page.getByRole('table', { name: 'Your paid invoices' }).getByRole('row').filter({ hasText: sectorName });
  await paid.getByText(new RegExp(`^${first.receipt_no} on .* \\(৳500\\.25\\)$`)).waitFor();
  await paid.getByText(new RegExp(`^${second.receipt_no} on .* \\(৳750\\.25\\)$`)).waitFor();
  await expectSoundScreen(page, '/paidinvoice');

  const phone = await newPage(360);
  await signIn(phone, 'student1');
  await phone.waitForURL(`${baseUrl()}/student-admin`);
  await phone.goto(`${baseUrl()}/paidinvoice`);
  await phone.getByRole('table', { name: 'Your paid invoices' }).getByText(sectorName).waitFor();
  await expectSoundScreen(phone, '/paidinvoice at 360 px');
  await phone.goto(`${baseUrl()}/dueinvoice`);
  await phone.getByRole('heading', { name: 'Due Invoice' }).waitFor();
  await phone.waitForLoadState('networkidle');
  await expect(phone.getByText(sectorName).count()).resolves.toBe(0);
  await expectSoundScreen(phone, '/dueinvoice at 360 px');
});
