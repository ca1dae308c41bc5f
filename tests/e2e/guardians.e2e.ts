/**
 * Guardians end to end (real server, seeded demo, Chromium): admin1, on a 360 px screen,
 * opens the Guardians panel of two siblings of school 1 in different sections (the demo guardian's
 * children) from the student list of /add-student; a NEW guardian (a fresh phone number) is created
 * on the first and its one-time password read once, and the same phone is matched and linked on
 * the second. The guardian signs in with the phone, must change the password, sees both children on
 * /guardian-admin; a fee is set for one child, and the guardian makes a test payment through the
 * sandbox wallet (/dueinvoice?student= → Pay Now → /payoption → the SANDBOX checkout page →
 * Confirm), which is shown as TEST PAYMENT - NO MONEY RECEIVED: the invoice stays due. Last, admin1 unlinks the guardian from the first child (confirmed)
 * and the guardian sees only the second. axe runs on the panel and the guardian's dashboard.
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

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const login = (userCode: string, password = 'demo1234') =>
  api<{ accessToken: string }>('/api/users/login', undefined, { user_code: userCode, password }).then(
    (r) => r.accessToken,
  );

interface Child {
  student_id: number;
  student_code: string;
  full_name: string;
  session_id: number | null;
  class_id: number | null;
  section_id: number | null;
}

it('admin1 links a new guardian to two siblings; the guardian changes the password, sees both, pays a fee, and is unlinked from one', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  // A fresh mobile number: 019 and eight digits of the clock.
  const phone = `019${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const guardianName = `E2E Guardian ${run}`;
  const admin = await login('admin1');
  // Two siblings of school 1 in different sections: the demo guardian's children.
  const siblings = await api<Child[]>('/api/guardian/children', await login('01710000016'));
  expect(siblings.length).toBeGreaterThanOrEqual(2);
  const [first, second] = siblings;
  expect(first.section_id).not.toBe(second.section_id);

  // ---- admin1 on a phone-sized screen: the Guardians panel of each sibling
  const office = await newPage(360);
  await signIn(office, 'admin1');
  await office.waitForURL(`${baseUrl()}/school-admin`);
  await office.goto(`${baseUrl()}/add-student`);
  const openPanel = async (child: Child) => {
    await office.getByRole('searchbox', { name: 'Search' }).fill(child.student_code);
    await office.getByRole('button', { name: `Guardians of ${child.full_name}` }).click();
    const panel = office.getByRole('dialog', { name: `Guardians of ${child.full_name}` });
    // Headless UI's dialog element has no box of its own (its panel is fixed): wait for it in the DOM.
    await panel.waitFor({ state: 'attached' });
    await panel.getByRole('table').or(panel.getByText('No guardian is linked to this student yet.')).first().waitFor();
    return panel;
  };
  const addGuardian = async (panel: ReturnType<Page['getByRole']>) => {
    await panel.getByRole('textbox', { name: /^Name/ }).fill(guardianName);
    await panel.getByRole('textbox', { name: /^Phone/ }).fill(phone);
    await panel.getByRole('combobox', { name: /^Relation/ }).selectOption({ label: 'Mother' });
    await panel.getByRole('button', { name: 'Add guardian' }).click();
  };

  let panel = await openPanel(first);
  await addGuardian(panel);
  await panel.getByText('Guardian created and linked.').waitFor();
  await panel.getByText('This password is shown only now.', { exact: false }).waitFor();
  const password = ((await panel.getByTestId('guardian-password').textContent()) ?? '').trim();
  expect(password).toMatch(/^\S{8,}$/);
  // The list reloads with the new guardian, phone and relation.
  const row = panel.getByRole('row').filter({ hasText: guardianName });
  await row.getByText(phone).waitFor();
  await row.getByText('Mother').waitFor();
  await expectSoundScreen(office, 'guardians panel (new guardian, 360 px)');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel.getByTestId('guardian-password').count()).resolves.toBe(0);
  await panel.getByRole('button', { name: 'Close' }).click();
  await panel.waitFor({ state: 'detached' });

  // The same phone on the sibling: the server matches the guardian, no new password.
  panel = await openPanel(second);
  await addGuardian(panel);
  await panel.getByText('A guardian with this phone number already existed and was linked to this student.').waitFor();
  await expect(panel.getByTestId('guardian-password').count()).resolves.toBe(0);
  await panel.getByRole('row').filter({ hasText: guardianName }).waitFor();
  // Keyboard: Escape closes the panel.
  await office.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });

  // ---- the guardian: the phone and the one-time password, then a forced change
  const home = await newPage(360);
  await signIn(home, phone, password);
  await home.waitForURL(`${baseUrl()}/guardianpassword`);
  await home.getByLabel(/^Current password/).fill(password);
  await home.getByLabel(/^New password(?! again)/).fill('guardian-pass-1');
  await home.getByLabel(/^New password again/).fill('guardian-pass-1');
  await home.getByRole('button', { name: 'Change password' }).click();
  await home.getByText('password Changed successfully!!').waitFor();
  await home.goto(`${baseUrl()}/guardian-admin`);
  await home.waitForURL(`${baseUrl()}/guardian-admin`);
  await home.getByRole('heading', { name: first.full_name }).waitFor();
  await home.getByRole('heading', { name: second.full_name }).waitFor();
  await expectSoundScreen(home, '/guardian-admin (360 px)');

  // ---- a fee for the second child: the guardian's sandbox payment is a test, the fee stays due
  const sectorName = `Guardian fee ${run}`;
  const sector = await api<{ id: number }>('/api/add_sector', admin, {
    sector_code: `G${run}`,
    sector_name: sectorName,
  });
  const later = schoolDay().plus({ days: 30 }).toISODate()!;
  const fee = await api<{ created: number }>('/api/fee', admin, {
    sector_id: sector.id,
    session_id: second.session_id,
    ...(second.class_id ? { class_id: second.class_id } : { section_id: second.section_id }),
    amount: '750.00',
    last_date: later,
  });
  expect(fee.created).toBeGreaterThan(0);

  await home.goto(`${baseUrl()}/dueinvoice?student=${second.student_id}`);
  const due = home.getByRole('row').filter({ hasText: sectorName });
  await due.getByRole('link', { name: /^Pay Now/ }).click();
  await home.waitForURL(new RegExp(`/payoption\\?.*student=${second.student_id}`));
  await expect(home.getByRole('textbox', { name: 'Amount in taka' }).inputValue()).resolves.toBe('750.00');
  await home.getByRole('button', { name: 'Make a test payment of ৳750.00 with bKash' }).click();
  await home.waitForURL(/\/api\/payment\/sandbox\/checkout\?/);
  await home.getByText('SANDBOX: test payments, no money moves').waitFor();
  await home.getByRole('button', { name: 'Confirm test payment' }).click();
  await home.waitForURL(/\/payoption\?/);
  await home.getByText(/^TEST PAYMENT - NO MONEY RECEIVED: receipt TEST-\d{6}$/).waitFor();
  await home.getByText(/The bKash payment of ৳750\.00 .* was a sandbox test/).waitFor();

  // A test settles nothing: still among the child's dues, and the server agrees.
  await home.goto(`${baseUrl()}/dueinvoice?student=${second.student_id}`);
  await home.getByRole('row').filter({ hasText: sectorName }).first().waitFor();
  const dues = await api<{ rows: { sector_code: string; due: string }[] }>(
    `/api/invoice/due?student_id=${second.student_id}&limit=500`,
    admin,
  );
  expect(dues.rows.find((r) => r.sector_code === `G${run}`)?.due).toBe('750.00');

  // ---- admin1 unlinks the guardian from the first child, after a confirmation
  panel = await openPanel(first);
  await panel.getByRole('button', { name: `Unlink ${guardianName}` }).click();
  const ask = office.getByRole('dialog', { name: `Unlink ${guardianName}?` });
  await ask.waitFor({ state: 'attached' });
  await ask.getByRole('button', { name: 'Unlink' }).click();
  await office.getByText('Guardian unlinked.').waitFor();
  await expect.poll(() => panel.getByRole('row').filter({ hasText: guardianName }).count()).toBe(0);
  await home.goto(`${baseUrl()}/guardian-admin`);
  await home.getByRole('heading', { name: second.full_name }).waitFor();
  await expect(home.getByRole('heading', { name: first.full_name }).count()).resolves.toBe(0);
});
