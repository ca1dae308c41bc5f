/**
 * A school from nothing (the whole flow, real server, Chromium): the super admin creates a
 * school with its admin; the admin signs in with the one-time password and must change it, creates
 * the school's first section, then imports 300 students from a CSV with one bad row (the dry run
 * names it, the fixed file goes in all at once); one imported student signs in with their one-time
 * password and must change it before anything else.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectNoSeriousAxeViolations, launch, signIn } from './browser';

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

async function changeForcedPassword(page: Page, from: string, to: string) {
  await page.getByText('You signed in with a one-time password', { exact: false }).waitFor();
  await page.getByLabel(/^Current password/).fill(from);
  await page.getByLabel(/^New password(?! again)/).fill(to);
  await page.getByLabel(/^New password again/).fill(to);
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByText('password Changed successfully!!').waitFor();
}

it('super admin → new school and admin → first section → 300 students by CSV → a student’s first sign-in', async () => {
  const run = Date.now().toString(36);
  const eiin = String(800_000 + Math.floor(Math.random() * 99_999));
  const adminCode = `new-admin-${run}`;

  // ---- the super admin creates the school and its admin
  const sa = await newPage();
  await signIn(sa, 'superadmin');
  await sa.waitForURL(`${baseUrl()}/super-admin`);
  await sa.goto(`${baseUrl()}/add-school`);
  await sa.getByRole('table', { name: 'Schools' }).waitFor();
  const select = (name: RegExp) => sa.locator('select').and(sa.getByLabel(name));
  const input = (name: RegExp) => sa.locator('input').and(sa.getByLabel(name));
  await select(/^School Type/).selectOption({ label: 'Secondary' });
  await select(/^Division/).selectOption({ label: 'Dhaka' });
  await select(/^District/)
    .locator('option', { hasText: 'Gazipur' })
    .waitFor({ state: 'attached' });
  await select(/^District/).selectOption({ label: 'Gazipur' });
  await select(/^Upazila/)
    .locator('option', { hasText: 'Kaliganj' })
    .waitFor({ state: 'attached' });
  await select(/^Upazila/).selectOption({ label: 'Kaliganj' });
  await input(/^EIIN No\./).fill(eiin);
  await input(/^School Name/).fill(`Kaliganj Model School ${run}`);
  await input(/^Short Name/).fill('KMS');
  await input(/^Phone/).fill('01711000400');
  await input(/^Head’s Name/).fill('Farida Yasmin');
  await input(/^Admin User Id/).fill(adminCode);
  await input(/^Admin First Name/).fill('Karim');
  await sa.getByRole('button', { name: 'Submit' }).click();
  await sa.getByText('New School Created!').waitFor();
  const adminPassword = (await sa.getByTestId('initial-password').textContent())!.trim();

  // ---- its admin: first the password, then the school's first section
  const admin = await newPage();
  await signIn(admin, adminCode, adminPassword);
  await admin.waitForURL(`${baseUrl()}/schoolprofile`);
  await changeForcedPassword(admin, adminPassword, 'kaliganj-admin-1');
  await admin.goto(`${baseUrl()}/section-create`);
  const sectionForm = admin.getByRole('form', { name: 'Create New Section' });
  for (const name of ['A', 'B']) {
    await sectionForm.getByLabel('Class', { exact: true }).selectOption({ label: 'Six' });
    await sectionForm.getByLabel('Shift', { exact: true }).selectOption({ label: 'Day' });
    await sectionForm.getByLabel('Section Name').fill(name);
    await sectionForm.getByRole('button', { name: 'Submit' }).click();
    await admin.getByText('New Section Created!').waitFor();
  }

  // ---- 300 students from a spreadsheet, one row wrong at first
  const header = 'student_code,first_name,last_name,class,section,roll,dob,father_phone_number';
  const rows = Array.from({ length: 300 }, (_, i) => {
    const dob = i === 41 ? '2013-13-01' : `2013-0${(i % 9) + 1}-1${i % 9}`;
    return `KMS-${run}-${i},ছাত্র ${i},Student,Six,${i % 2 ? 'A' : 'B'},${1 + Math.floor(i / 2)},${dob},018${String(20_000_000 + i).slice(-8)}`;
  });
  const csv = (lines: string[]) => Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`, 'utf8');
  await admin.goto(`${baseUrl()}/add-student`);
  const file = admin.getByLabel('CSV file', { exact: true });
  await file.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csv(rows) });
  const problems = admin.getByRole('table', { name: 'Problems in the file' });
  await problems.waitFor();
  await expect(problems.getByRole('row').count()).resolves.toBe(2);
  await expect(problems.getByRole('row').nth(1).textContent()).resolves.toMatch(/43.*dob/);
  await expectNoSeriousAxeViolations(admin, 'dry run of the new school');
  rows[41] = rows[41].replace('2013-13-01', '2013-12-01');
  await file.setInputFiles({ name: 'students-fixed.csv', mimeType: 'text/csv', buffer: csv(rows) });
  await admin.getByText('No problems in 300 rows. Nothing is written yet.').waitFor();
  await admin.getByRole('button', { name: 'Import 300 rows' }).click();
  await admin.getByText('Imported 300 people.', { exact: false }).waitFor({ timeout: 20_000 });
  const first = admin.getByRole('table', { name: 'New accounts' }).getByRole('row').nth(1).getByRole('cell');
  const code = (await first.nth(0).textContent())!.trim();
  const password = (await first.nth(2).textContent())!.trim();
  expect(code).toBe(`KMS-${run}-0`);
  await admin
    .getByRole('table', { name: /Student Id/ })
    .getByText(`KMS-${run}-299`)
    .waitFor();

  // ---- a student of the new school, on a phone
  const student = await newPage(360);
  await signIn(student, code, password);
  await student.waitForURL(`${baseUrl()}/studentpassword`);
  await changeForcedPassword(student, password, 'kms-student-1');
  await student.goto(`${baseUrl()}/studentprofile`);
  await student.getByText(`Kaliganj Model School ${run}`, { exact: false }).first().waitFor();
});
