/**
 * Notices end to end (real server, seeded demo, Chromium): teacher1 writes a notice for student1
 * only; student1 sees it under Teacher Notice, a classmate does not; teacher1 edits and deletes it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launch, signIn } from './browser';

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
  const context = await browser.newContext();
  contexts.push(context);
  return context.newPage();
}

interface SectionStudent {
  id: number;
  student_code: string;
  full_name: string;
  class_id: number;
  section_id: number;
}

/** Asks the API as the signed-in user of `page` (their token from the saved sign-in). */
async function apiAs<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('pathshala.session') ?? '{}').accessToken as string,
  );
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function teacherNotices(page: Page) {
  return page.getByRole('table', { name: 'My notices' });
}

it('a teacher’s notice for one student reaches that student only, and can be edited and deleted', async () => {
  const headline = `Science fair ${Date.now()}`;
  const edited = `${headline} (moved to Sunday)`;

  // ---- teacher1 writes a notice for student1 only
  const teacher = await newPage();
  await signIn(teacher, 'teacher1');
  await teacher.waitForURL(`${baseUrl()}/teacher-admin`);
  await teacher
    .getByRole('link', { name: /Notices/ })
    .first()
    .click();
  await teacher.waitForURL(`${baseUrl()}/teachernotice`);
  const form = teacher.getByRole('form', { name: "Create Note's" });
  await form.getByLabel('Headline').waitFor();

  // student1 and a classmate, found through the API the screen itself uses.
  const everyone = await apiAs<SectionStudent[]>(teacher, '/api/student/section?class_id=0&section_id=0');
  const student1 = everyone.find((s) => s.student_code === 'S-1-0001');
  expect(student1).toBeDefined();
  const classmate = everyone.find((s) => s.section_id === student1!.section_id && s.id !== student1!.id);
  expect(classmate).toBeDefined();

  await form.getByLabel('Class').selectOption(String(student1!.class_id));
  await form.getByLabel('Section').selectOption(String(student1!.section_id));
  const student1Box = form.getByRole('checkbox', { name: new RegExp(student1!.full_name) });
  await student1Box.waitFor();
  await student1Box.check();
  await form.getByLabel('Headline').fill(headline);
  await form.getByLabel('Description').fill('Bring your project on Sunday.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await teacher.getByText('new note added successfully!').waitFor();
  const row = (await teacherNotices(teacher)).getByRole('row', { name: new RegExp(headline) });
  await row.waitFor();
  await expect(row.textContent()).resolves.toContain('read by 0 of 1');

  // ---- student1 sees it under Teacher Notice, and opening it counts as read
  const student = await newPage();
  await signIn(student, 'student1');
  await student.waitForURL(`${baseUrl()}/student-admin`);
  await student.goto(`${baseUrl()}/student-notice_option`);
  await student.getByRole('link', { name: /Teacher Notice/ }).click();
  await student.waitForURL(`${baseUrl()}/student-notice-list?type=1`);
  const card = student.getByRole('button', { name: new RegExp(headline) });
  await card.waitFor();
  await expect(card.textContent()).resolves.toMatch(/New/);
  await expect(card.textContent()).resolves.toMatch(/Date: \d{2}-\d{2}-\d{4}/);
  const read = student.waitForResponse((r) => r.url().includes('/api/notice/read') && r.status() === 200);
  await card.click();
  await read;

  // ---- a classmate in the same section does not see it
  const other = await newPage();
  await signIn(other, classmate!.student_code);
  await other.waitForURL(`${baseUrl()}/student-admin`);
  await other.goto(`${baseUrl()}/student-notice-list?type=1`);
  await other.getByRole('heading', { name: 'Teacher Notice' }).waitFor();
  await other.getByRole('list', { name: 'Notices' }).or(other.getByText('No notices yet.')).first().waitFor();
  await expect(other.getByText(headline).count()).resolves.toBe(0);

  // ---- teacher1 sees it read, edits the headline, then deletes it
  await teacher.reload();
  const readRow = (await teacherNotices(teacher)).getByRole('row', { name: new RegExp(headline) });
  await readRow.waitFor();
  await expect(readRow.textContent()).resolves.toContain('read by 1 of 1');
  await teacher.getByRole('button', { name: `Edit ${headline}` }).click();
  await expect(form.getByLabel('Headline').inputValue()).resolves.toBe(headline);
  await form.getByLabel('Headline').fill(edited);
  await form.getByRole('button', { name: 'Update' }).click();
  await teacher.getByText('Note updated successfully!').waitFor();
  await (
    await teacherNotices(teacher)
  )
    .getByRole('row', { name: new RegExp(edited.replace(/[()]/g, '\\$&')) })
    .waitFor();

  await teacher.getByRole('button', { name: `Delete ${edited}` }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByText('Are you sure to delete?').waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await teacher.getByText("Note's deleted successfully").waitFor();
  await teacher.getByRole('button', { name: `Delete ${edited}` }).waitFor({ state: 'detached' });

  // Gone for the student too.
  await student.reload();
  await student.getByRole('heading', { name: 'Teacher Notice' }).waitFor();
  await student.getByRole('list', { name: 'Notices' }).or(student.getByText('No notices yet.')).first().waitFor();
  await expect(student.getByText(edited).count()).resolves.toBe(0);
  await expect(student.getByText(headline).count()).resolves.toBe(0);
});
