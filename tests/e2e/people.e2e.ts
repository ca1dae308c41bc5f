/**
 * People end to end (real server, seeded demo, Chromium): the school admin imports 300 students
 * from a CSV with one bad row, sees the dry run name it by row and column, fixes the file and
 * imports it; one imported student signs in with their one-time password and must change it
 * before anything else. The screens visited pass axe and never scroll sideways.
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

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

it('imports 300 students after fixing the dry run’s one problem; a student must change the one-time password', async () => {
  const run = Date.now().toString(36);
  const baseRoll = 2000 + Math.floor(Math.random() * 7000);
  const header = 'student_code,first_name,last_name,class,section,roll,dob,father_phone_number';
  const rows = Array.from({ length: 300 }, (_, i) => {
    const dob = i === 136 ? '31/02/2013' : `2013-0${(i % 9) + 1}-1${i % 9}`;
    return `E2E-${run}-${i},নাম ${i},Student,Six,${i % 2 ? 'A' : 'B'},${baseRoll + Math.floor(i / 2)},${dob},017${String(10_000_000 + i).slice(-8)}`;
  });
  const csv = (lines: string[]) => Buffer.from(`\uFEFF${[header, ...lines].join('\r\n')}\r\n`, 'utf8');

  const admin = await newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);
  await admin.goto(`${baseUrl()}/add-student`);
  const file = admin.getByLabel('CSV file', { exact: true });
  await file.setInputFiles({ name: 'students.csv', mimeType: 'text/csv', buffer: csv(rows) });
  const problems = admin.getByRole('table', { name: 'Problems in the file' });
  await problems.waitFor();
  const problemRows = problems.getByRole('row');
  await expect(problemRows.count()).resolves.toBe(2);
  // Row 1 is the header: the 137th student is row 138.
  await expect(problemRows.nth(1).textContent()).resolves.toMatch(/138.*dob.*date/);
  await expect(admin.getByRole('button', { name: /^Import \d+ rows$/ }).count()).resolves.toBe(0);
  await expectSoundScreen(admin, '/add-student with a dry-run report');

  rows[136] = rows[136].replace('31/02/2013', '28/02/2013');
  await file.setInputFiles({ name: 'students-fixed.csv', mimeType: 'text/csv', buffer: csv(rows) });
  await admin.getByText('No problems in 300 rows. Nothing is written yet.').waitFor();
  const started = Date.now();
  await admin.getByRole('button', { name: 'Import 300 rows' }).click();
  await admin.getByText('Imported 300 people.', { exact: false }).waitFor({ timeout: 20_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  const accounts = admin.getByRole('table', { name: 'New accounts' });
  const first = accounts.getByRole('row').nth(1).getByRole('cell');
  const code = (await first.nth(0).textContent())!.trim();
  const password = (await first.nth(2).textContent())!.trim();
  expect(code).toBe(`E2E-${run}-0`);
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await expectSoundScreen(admin, '/add-student after the import');
  // The list shows the new students first.
  await admin
    .getByRole('table', { name: /Student Id/ })
    .getByText(`E2E-${run}-299`)
    .waitFor();

  const student = await newPage();
  await signIn(student, code, password);
  await student.waitForURL(`${baseUrl()}/studentpassword`);
  await student.getByText('You signed in with a one-time password', { exact: false }).waitFor();
  await expectSoundScreen(student, '/studentpassword (forced)');
  await student.goto(`${baseUrl()}/studentroutine`);
  await student.waitForURL(`${baseUrl()}/studentpassword`);
  await student.getByLabel(/^Current password/).fill(password);
  await student.getByLabel(/^New password(?! again)/).fill('my-own-pass-1');
  await student.getByLabel(/^New password again/).fill('my-own-pass-1');
  await student.getByRole('button', { name: 'Change password' }).click();
  await student.getByText('password Changed successfully!!').waitFor();
  // The one-time password is spent; the new one signs in straight to the student's home.
  const again = await newPage();
  await signIn(again, code, password);
  await again.getByText('Wrong user id or password.').waitFor();
  await signIn(again, code, 'my-own-pass-1');
  await again.waitForURL(`${baseUrl()}/student-admin`);
});
