/**
 * Homework end to end (real server, seeded demo, Chromium): a teacher sets homework for a section
 * they teach with a PDF attached, a student of that section (on a phone) submits a text file, and
 * the teacher sees it as submitted and downloads exactly that file. Each screen passes axe (no
 * serious or critical violation) and never scrolls sideways.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TeacherOption } from '@/api/schemas/homework';
import { tinyPdf } from '../../server/db/seed/homework';
import { baseUrl, expectSoundScreen, expectTapTargets, launch, signIn, sessionTokenOf } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    hasTouch: viewport === PHONE,
    isMobile: viewport === PHONE,
    acceptDownloads: true,
  });
  contexts.push(context);
  return context.newPage();
}

async function apiAs<T>(page: Page, path: string): Promise<T> {
  const token = await sessionTokenOf(page);
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

it('a teacher sets homework with a PDF, a student submits a file, the teacher downloads it', async () => {
  const student = await newPage(PHONE);
  await signIn(student, 'student1');
  await student.waitForURL(`${baseUrl()}/student-admin`);
  const me = await apiAs<{ section_id: number }>(student, '/api/users/user_id');

  const teacher = await newPage();
  await signIn(teacher, 'teacher1');
  await teacher.waitForURL(`${baseUrl()}/teacher-admin`);
  const options = await apiAs<TeacherOption[]>(teacher, '/api/homework/teacher/options');
  const option = options.find((o) => o.section_id === me.section_id);
  expect(option, 'teacher1 teaches student1’s section').toBeDefined();

  // ---- the teacher sets homework with a PDF
  await teacher.goto(`${baseUrl()}/teacherhomework`);
  await teacher.getByRole('option', { name: option!.class_name }).first().waitFor({ state: 'attached' });
  await expectSoundScreen(teacher, '/teacherhomework');
  await teacher.getByLabel('Class').selectOption(String(option!.class_id));
  await teacher.getByLabel('Section').selectOption(String(option!.section_id));
  await teacher.getByLabel('Subject').selectOption(String(option!.subject_id));
  const topic = `Fractions ${Date.now()}`;
  await teacher.getByLabel('Topic').fill(topic);
  await teacher.getByLabel('Details').fill('Exercise 3.2, questions 1 to 5.');
  await teacher.getByRole('textbox', { name: 'Due Date' }).fill('31-12-2099');
  await teacher.getByRole('textbox', { name: 'Due Date' }).press('Tab');
  const pdf = Buffer.from(tinyPdf(['Homework sheet', topic]));
  await teacher.getByLabel('Attachment').setInputFiles({ name: 'sheet.pdf', mimeType: 'application/pdf', buffer: pdf });
  await teacher.getByRole('button', { name: 'Submit' }).click();
  await teacher.getByText('New homework added successfully!!').waitFor();
  const row = teacher.getByRole('row').filter({ hasText: topic });
  await row.waitFor();
  await expectSoundScreen(teacher, '/teacherhomework with the new homework');

  // ---- the student opens it on a phone, downloads the sheet and submits a text file
  await student.goto(`${baseUrl()}/studenthomework`);
  await student.getByRole('link', { name: `Open and submit: “${topic}”` }).click();
  await student.getByRole('heading', { name: topic }).waitFor();
  const [sheet] = await Promise.all([
    student.waitForEvent('download'),
    student.getByRole('button', { name: 'Download sheet.pdf' }).click(),
  ]);
  expect(Buffer.compare(await readFile((await sheet.path())!), pdf)).toBe(0);
  await expectSoundScreen(student, '/studenthomeworksubmit (phone)');
  await expectTapTargets(student, '/studenthomeworksubmit (phone)');
  const answer = `My answers to ${topic}\n1. 3/4\n2. 5/6\n`;
  await student.getByLabel('Your file').setInputFiles({
    name: 'answers.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(answer),
  });
  await student.getByRole('button', { name: 'Submit' }).click();
  await student.waitForURL(`${baseUrl()}/studenthomework`);
  await student.getByText('Homework submitted successfully!!').waitFor();

  // ---- the teacher sees it submitted and downloads exactly that file
  await teacher.reload();
  await teacher.getByRole('row').filter({ hasText: topic }).getByRole('link').click();
  await teacher.getByRole('heading', { name: 'Home Work Submitted List' }).waitFor();
  const mine = teacher.getByRole('row').filter({ hasText: 'Submitted' }).filter({ hasText: 'answers.txt' });
  await teacher.getByRole('button', { name: 'Download answers.txt' }).waitFor();
  await expectSoundScreen(teacher, '/homeworksubmitlist');
  const [download] = await Promise.all([
    teacher.waitForEvent('download'),
    teacher.getByRole('button', { name: 'Download answers.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('answers.txt');
  expect(await readFile((await download.path())!, 'utf8')).toBe(answer);
  expect(await mine.count()).toBeLessThanOrEqual(1);
});
