/**
 * Records end to end (real server, seeded demo, Chromium; docs/DOMAIN.md, Records): admin1 edits a
 * student from the /add-student list (the list shows the new name), marks another student as left
 * with the reason transfer after the confirmation, and downloads the transfer certificate (a PDF).
 * The student who left cannot sign in. axe runs on the record dialog.
 */
import { readFile } from 'node:fs/promises';
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
  const context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
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

interface Section {
  id: number;
  class_id: number;
  section_default_name: string;
}

it('admin1 edits a student, marks another as left (transfer) and downloads the transfer certificate', async () => {
  const run = Date.now().toString(36).slice(-6).toUpperCase();
  const admin = await login('admin1');
  const sections = await api<Section[]>('/api/section/all', admin);
  expect(sections.length).toBeGreaterThan(0);
  const section = sections[0];
  const roll = 9000 + (Date.now() % 900);
  const add = (code: string, first: string, r: number) =>
    api<{ id: number; initial_password: string }>('/api/add_student', admin, {
      student_code: code,
      first_name: first,
      last_name: `Rec${run}`,
      father_name: 'Karim Uddin',
      mother_name: 'Salma Begum',
      class_id: section.class_id,
      section_id: section.id,
      class_roll_no: r,
    });
  const editedCode = `E2E-RE-${run}`;
  const leavingCode = `E2E-RL-${run}`;
  await add(editedCode, 'Edita', roll);
  const leaving = await add(leavingCode, 'Leila', roll + 1);

  const office = await newPage();
  await signIn(office, 'admin1');
  await office.waitForURL(`${baseUrl()}/school-admin`);
  await office.goto(`${baseUrl()}/add-student`);
  const search = office.getByRole('searchbox', { name: 'Search' });
  const openRecord = async (code: string, name: string) => {
    await search.fill(code);
    await office.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = office.getByRole('dialog', { name: `Edit student: ${name}` });
    await dialog.waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    return dialog;
  };

  // ---- the edit: a new last name, shown on the list at once
  let dialog = await openRecord(editedCode, `Edita Rec${run}`);
  await expectSoundScreen(office, 'record dialog');
  await dialog.getByRole('button', { name: 'Edit', exact: true }).click();
  const lastName = dialog.getByRole('textbox', { name: /^Last Name/ });
  await lastName.fill(`Edited${run}`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await dialog.getByText('Saved.').waitFor();
  await office.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await office
    .getByRole('row')
    .filter({ hasText: `Edita Edited${run}` })
    .waitFor();

  // ---- leaving: the reason, then the confirmation saying what happens
  dialog = await openRecord(leavingCode, `Leila Rec${run}`);
  await dialog.getByRole('button', { name: 'Mark as left' }).click();
  await dialog.getByRole('combobox', { name: /^Reason/ }).selectOption('transfer');
  await dialog.getByRole('textbox', { name: /^Note/ }).fill('Moving to Chattogram');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = office.getByRole('dialog', { name: 'Mark as left?' });
  await confirm.getByText('cannot sign in', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Mark as left' }).click();
  await dialog.getByText(`Leila Rec${run} is marked as left.`).waitFor();
  await expectSoundScreen(office, 'record dialog after leaving');

  // ---- the transfer certificate: a PDF download
  const [download] = await Promise.all([
    office.waitForEvent('download'),
    dialog.getByRole('button', { name: /Transfer certificate of .* English/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^TC-\d{4}-\d{4}-.*\.pdf$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The same through the API: a PDF answer.
  const res = await fetch(`${baseUrl()}/api/student/transfer_certificate?student_id=${leaving.id}&lang=bn`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');

  // ---- on a phone: the list with those who left (a badge), the record dialog, by keyboard
  const phone = await newPage(360);
  await signIn(phone, 'admin1');
  await phone.waitForURL(`${baseUrl()}/school-admin`);
  await phone.goto(`${baseUrl()}/add-student`);
  await phone.getByRole('checkbox', { name: 'Show people who have left' }).check();
  await phone.getByRole('searchbox', { name: 'Search' }).fill(leavingCode);
  await phone.getByText('Left', { exact: true }).waitFor();
  await expectSoundScreen(phone, 'student list with those who left (360 px)');
  await phone.getByRole('button', { name: `Edit Leila Rec${run}` }).focus();
  await phone.keyboard.press('Enter');
  const small = phone.getByRole('dialog', { name: `Edit student: Leila Rec${run}` });
  await small.getByRole('button', { name: 'Reactivate' }).waitFor();
  await expectSoundScreen(phone, 'record dialog of one who left (360 px)');
  await phone.keyboard.press('Escape');
  await small.waitFor({ state: 'detached' });

  // The student who left cannot sign in, and is told why.
  const refused = await fetch(`${baseUrl()}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_code: leavingCode, password: leaving.initial_password }),
  });
  expect(refused.status).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('records.inactive_account');
});
