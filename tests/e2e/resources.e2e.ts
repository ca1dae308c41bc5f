/**
 * The school's resources end to end (real server, seeded demo, Chromium): the school admin adds a
 * book and issues it to a student, who sees the loan on a phone; the admin uploads an e-book and
 * the student downloads exactly that file; the student opens the important links. Each screen
 * passes axe (no serious or critical violation) and never scrolls sideways.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { tinyPdf } from '../../server/db/seed/homework';
import { baseUrl, expectSoundScreen, launch, signIn, sessionTokenOf } from './browser';

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
const PHONE = { width: 360, height: 780 };

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

it('the admin adds a book and issues it; the student sees the loan; an uploaded e-book downloads', async () => {
  const student = await newPage(PHONE);
  await signIn(student, 'student1');
  await student.waitForURL(`${baseUrl()}/student-admin`);
  const me = await apiAs<{ student_code: string }>(student, '/api/users/user_id');
  expect(me.student_code).toBeTruthy();

  const admin = await newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);

  // ---- the admin adds a book
  await admin.getByRole('link', { name: /Resources/ }).click();
  await admin.getByRole('link', { name: /Library/ }).click();
  await admin.waitForURL(`${baseUrl()}/studentlibrary`);
  await admin.getByRole('table', { name: 'The library catalogue' }).waitFor();
  await expectSoundScreen(admin, '/studentlibrary (school admin)');
  const title = `Nakshi Kanthar Math ${Date.now()}`;
  await admin.getByRole('button', { name: 'Add book' }).click();
  const add = admin.getByRole('dialog', { name: 'Add a book' });
  await add.getByRole('textbox', { name: 'Title' }).fill(title);
  await add.getByRole('textbox', { name: 'Author' }).fill('Jasimuddin');
  await add.getByRole('textbox', { name: 'Category' }).fill('Poetry');
  await add.getByRole('textbox', { name: 'Copies' }).fill('1');
  await add.getByRole('button', { name: 'Save' }).click();
  await admin.getByText('Book added to the library').waitFor();

  // ---- and issues it (found by searching the catalogue)
  await admin.getByRole('searchbox', { name: 'Search title, author or category' }).fill(title);
  await admin.getByRole('search').first().getByRole('button', { name: 'Search' }).click();
  const row = admin.getByRole('table', { name: 'The library catalogue' }).getByRole('row').filter({ hasText: title });
  await row.waitFor();
  await admin.getByRole('button', { name: `Issue ${title}` }).click();
  const issue = admin.getByRole('dialog', { name: `Issue “${title}”` });
  await issue.getByRole('textbox', { name: 'Student code' }).fill(me.student_code);
  await expectSoundScreen(admin, 'the issue dialog');
  await issue.getByRole('button', { name: 'Issue book' }).click();
  await admin.getByText('Book issued').waitFor();
  // The last copy is out: the catalogue says so and Issue is no longer offered.
  await row.getByText('None left').waitFor();
  expect(await admin.getByRole('button', { name: `Issue ${title}` }).isDisabled()).toBe(true);
  await admin.getByRole('table', { name: 'Books on loan' }).getByRole('row').filter({ hasText: title }).waitFor();

  // ---- the student sees the loan, on a phone
  await student.goto(`${baseUrl()}/student-resource`);
  await expectSoundScreen(student, '/student-resource (phone)');
  await student.getByRole('link', { name: /Library/ }).click();
  const loans = student.getByRole('table', { name: 'Books you have borrowed' });
  await loans.getByText(title).waitFor();
  // The demo's overdue loan is marked.
  await loans.getByText('Overdue').first().waitFor();
  await expectSoundScreen(student, '/studentlibrary (phone)');

  // ---- the admin uploads an e-book
  await admin.goto(`${baseUrl()}/studentebook`);
  await admin.getByRole('table', { name: 'The school’s e-books' }).waitFor();
  const ebookTitle = `Poems for class six ${Date.now()}`;
  const pdf = Buffer.from(tinyPdf(['Poems for class six', ebookTitle]));
  await admin.getByRole('button', { name: 'Upload e-book' }).click();
  const upload = admin.getByRole('dialog', { name: 'Upload an e-book' });
  await upload.getByRole('textbox', { name: 'Title' }).fill(ebookTitle);
  await upload.getByLabel('File').setInputFiles({ name: 'poems.pdf', mimeType: 'application/pdf', buffer: pdf });
  await upload.getByRole('button', { name: 'Upload' }).click();
  await admin.getByText('E-book uploaded').waitFor();
  await expectSoundScreen(admin, '/studentebook (school admin)');

  // ---- the student downloads exactly that file
  await student.goto(`${baseUrl()}/studentebook`);
  await student.getByRole('button', { name: `Download ${ebookTitle}` }).waitFor();
  await expectSoundScreen(student, '/studentebook (phone)');
  const [download] = await Promise.all([
    student.waitForEvent('download'),
    student.getByRole('button', { name: `Download ${ebookTitle}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('poems.pdf');
  expect(Buffer.compare(await readFile((await download.path())!), pdf)).toBe(0);

  // ---- the admin's pages work on a 360 px phone too
  await admin.setViewportSize(PHONE);
  await admin.goto(`${baseUrl()}/studentlibrary`);
  await admin.getByRole('table', { name: 'Books on loan' }).waitFor();
  await expectSoundScreen(admin, '/studentlibrary (school admin, phone)');

  // ---- and the links open in a new tab, safely
  await student.goto(`${baseUrl()}/studentimportantlink`);
  const link = student.getByRole('link', { name: /Education Board Results/ });
  await link.waitFor();
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  await expectSoundScreen(student, '/studentimportantlink (phone)');
});
