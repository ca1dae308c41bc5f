/**
 * Notices end to end (real server, seeded demo, Chromium), at desktop size and on a phone
 * (390×844): publishing to a whole class asks first with the server's real count; Enter in the
 * Headline publishes nothing; a notice for one student (chosen with the search box) reaches that
 * student only, and can be edited and deleted. Every screen visited passes axe (no serious or
 * critical violation) and never scrolls sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  baseUrl,
  expectNoSeriousAxeViolations,
  expectTapTargets,
  launch,
  scrollsSideways,
  signIn,
  sessionTokenOf,
} from './browser';

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
  const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
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

/** Asks the API as the signed-in user of `page` (their session cookie's token). */
async function apiAs<T>(page: Page, path: string): Promise<T> {
  const token = await sessionTokenOf(page);
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** No sideways scroll and no serious accessibility violation on the screen as it is now. */
async function screenIsSound(page: Page, what: string) {
  await expect(scrollsSideways(page), `${what} scrolls sideways`).resolves.toBe(false);
  await expect(
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    `${what}: page wider than the window`,
  ).resolves.toBe(true);
  await expectNoSeriousAxeViolations(page, what);
  if (page.viewportSize()?.width === PHONE.width) await expectTapTargets(page, what);
}

async function openTeacherNotices(viewport = DESKTOP) {
  const teacher = await newPage(viewport);
  await signIn(teacher, 'teacher1');
  await teacher.waitForURL(`${baseUrl()}/teacher-admin`);
  await teacher.goto(`${baseUrl()}/teachernotice`);
  const form = teacher.getByRole('form', { name: 'Create notice' });
  await form.getByLabel('Headline').waitFor();
  await form.getByRole('combobox', { name: 'Find students' }).waitFor();
  return { teacher, form };
}

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone 390×844', PHONE],
] as const) {
  it(`${size}: publishing to a whole class says the real count and asks first; Enter publishes nothing`, async () => {
    const { teacher, form } = await openTeacherNotices(viewport);
    await screenIsSound(teacher, `/teachernotice (${size})`);
    const posts: string[] = [];
    teacher.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/notice') posts.push(r.url());
    });

    // Enter in the one-line Headline: nothing is sent, nothing is asked.
    await form.getByLabel('Headline').fill('A');
    await form.getByLabel('Headline').press('Enter');
    await teacher.waitForTimeout(300);
    expect(posts).toEqual([]);
    await expect(teacher.getByRole('dialog').count()).resolves.toBe(0);

    const headline = `Class picnic ${size} ${Date.now()}`;
    const everyone = await apiAs<SectionStudent[]>(teacher, '/api/student/section?class_id=0&section_id=0');
    const classId = everyone[0].class_id;
    const expected = everyone.filter((s) => s.class_id === classId).length;
    expect(expected).toBeGreaterThan(1);
    await form.getByLabel('Class').selectOption(String(classId));
    await form.getByLabel('Headline').fill(headline);
    await form.getByLabel('Description').fill('Bring lunch and water.');
    await form.getByRole('button', { name: 'Submit' }).click();

    const dialog = teacher.getByRole('dialog', { name: 'Publish this notice?' });
    // The dialog's own box is empty (its panel is fixed-positioned): wait for what it shows.
    await dialog.getByRole('heading', { name: 'Publish this notice?' }).waitFor();
    await expect(dialog.textContent()).resolves.toContain(`This goes to ${expected} students: everyone in class`);
    await screenIsSound(teacher, `publish confirmation (${size})`);
    // Cancel first: nothing goes out.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(posts).toEqual([]);
    await form.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await teacher.getByText('new note added successfully!').waitFor();
    expect(posts).toHaveLength(1);
    const list = teacher.getByRole('table', { name: 'My notices' });
    await list.getByText(headline).waitFor();
    await expect(list.textContent()).resolves.toContain(`read by 0 of ${expected}`);
    await screenIsSound(teacher, `/teachernotice with the new notice (${size})`);

    // Tap targets on the notice screen are at least 44 px high (what a finger can reach: not the
    // hidden native date picker behind the calendar button, not the checkboxes inside their 44 px labels).
    const small = await teacher.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main button, main a, main input, main select, main textarea')]
        .filter((el) => {
          const r = el.getBoundingClientRect();
          const type = (el as HTMLInputElement).type;
          const unreachable = el.getAttribute('aria-hidden') === 'true' || el.tabIndex < 0;
          return r.width > 1 && r.height > 1 && r.height < 43.5 && type !== 'checkbox' && !unreachable;
        })
        .map((el) => `${el.tagName} ${el.textContent?.trim() || el.getAttribute('aria-label') || ''}`),
    );
    expect(small).toEqual([]);

    if (viewport === PHONE) {
      // The narrowest phones too.
      await teacher.setViewportSize({ width: 360, height: 740 });
      await expect(
        teacher.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        '/teachernotice at 360 px: page wider than the window',
      ).resolves.toBe(true);
    }
  });
}

it('a notice for one student, chosen by search, reaches that student only, and can be edited and deleted', async () => {
  const headline = `Science fair ${Date.now()}`;
  const edited = `${headline} (moved to Sunday)`;
  const { teacher, form } = await openTeacherNotices();

  // student1 and a classmate, found through the API the screen itself uses.
  const everyone = await apiAs<SectionStudent[]>(teacher, '/api/student/section?class_id=0&section_id=0');
  const student1 = everyone.find((s) => s.student_code === 'S-1-0001');
  expect(student1).toBeDefined();
  const classmate = everyone.find((s) => s.section_id === student1!.section_id && s.id !== student1!.id);
  expect(classmate).toBeDefined();

  await form.getByLabel('Class').selectOption(String(student1!.class_id));
  await form.getByLabel('Section', { exact: true }).selectOption(String(student1!.section_id));
  const search = form.getByRole('combobox', { name: 'Find students' });
  await search.fill(student1!.student_code);
  await teacher.getByRole('option', { name: new RegExp(student1!.full_name) }).click();
  await search.press('Escape');
  await form.getByText('1 chosen: only they receive the notice.').waitFor();
  await form.getByLabel('Headline').fill(headline);
  await form.getByLabel('Description').fill('Bring your project on Sunday.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await teacher.getByText('new note added successfully!').waitFor();
  const row = teacher.getByRole('table', { name: 'My notices' }).getByRole('row', { name: new RegExp(headline) });
  await row.waitFor();
  await expect(row.textContent()).resolves.toContain('read by 0 of 1');

  // ---- student1 sees it under Teacher Notice (on a phone), and opening it counts as read
  const student = await newPage(PHONE);
  await signIn(student, 'student1');
  await student.waitForURL(`${baseUrl()}/student-admin`);
  await student.goto(`${baseUrl()}/student-notice_option`);
  await student.getByRole('link', { name: /Teacher Notice/ }).click();
  await student.waitForURL(`${baseUrl()}/student-notice-list?type=1`);
  const card = student.getByRole('button', { name: new RegExp(headline) });
  await card.waitFor();
  await expect(card.textContent()).resolves.toMatch(/New/);
  await expect(card.textContent()).resolves.toMatch(/Date: \d{2}-\d{2}-\d{4}/);
  await screenIsSound(student, '/student-notice-list (phone)');
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
  const readRow = teacher.getByRole('table', { name: 'My notices' }).getByRole('row', { name: new RegExp(headline) });
  await readRow.waitFor();
  await expect(readRow.textContent()).resolves.toContain('read by 1 of 1');
  await teacher.getByRole('button', { name: `Edit ${headline}` }).click();
  await expect.poll(() => form.getByLabel('Headline').inputValue()).toBe(headline);
  await form.getByLabel('Headline').fill(edited);
  await form.getByRole('button', { name: 'Update' }).click();
  await teacher.getByText('Note updated successfully!').waitFor();
  await teacher.getByRole('button', { name: `Delete ${edited}` }).waitFor();

  await teacher.getByRole('button', { name: `Delete ${edited}` }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByText('Are you sure to delete?').waitFor();
  await screenIsSound(teacher, 'delete confirmation');
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

it('phone 390×844: the school admin’s notice screen and a viewer’s notice list fit and pass axe', async () => {
  const admin = await newPage(PHONE);
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);
  await admin.goto(`${baseUrl()}/schooladminnotice`);
  await admin.getByRole('table', { name: 'Information' }).waitFor();
  await admin.getByRole('combobox', { name: 'Find students' }).waitFor();
  await screenIsSound(admin, '/schooladminnotice (phone)');
  // Pages of 20, the page in the address.
  const pages = admin.getByRole('navigation', { name: 'Notice pages' });
  if (await pages.count()) {
    await pages.getByRole('button', { name: 'Next' }).click();
    await admin.waitForURL(/[?&]page=2/);
    await screenIsSound(admin, '/schooladminnotice page 2 (phone)');
  }

  const viewer = await newPage(PHONE);
  await signIn(viewer, 'viewer1');
  await viewer.waitForURL(`${baseUrl()}/viewer-school`);
  await viewer.getByRole('list', { name: 'Your schools' }).getByRole('button').first().click();
  await viewer.waitForURL(`${baseUrl()}/viewer-admin`);
  await viewer.goto(`${baseUrl()}/show-notice?type=2`);
  await viewer.getByRole('heading', { name: 'School Notes' }).waitFor();
  await viewer
    .getByRole('list', { name: 'Notices' })
    .or(viewer.getByText('This school has no notices of this kind yet.'))
    .first()
    .waitFor();
  await screenIsSound(viewer, '/show-notice (phone)');
});
