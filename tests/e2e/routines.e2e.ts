/**
 * Routines end to end (real server, seeded demo, Chromium): the school admin is refused a period
 * on Friday, a weekly off day; with Friday made a school day (PUT weekly_off_days) adds a routine
 * there, then one that clashes with it (the same teacher, another section, the same period) and
 * sees the server's 409 naming the clash; edits the first (the update keeps its id), looks at the
 * section's week as a grid, and deletes it after "Are you sure to delete?" (leaving the demo as it
 * was, Friday off again). Every screen visited passes axe and never scrolls sideways, also on a phone.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE, isMobile: viewport === PHONE });
  contexts.push(context);
  return context.newPage();
}

async function apiAs<T>(page: Page, path: string): Promise<T> {
  const token = await sessionTokenOf(page);
  const res = await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

async function openAdminRoutines(viewport = DESKTOP) {
  const admin = await newPage(viewport);
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);
  await admin.goto(`${baseUrl()}/schooladminroutine`);
  const form = admin.getByRole('form', { name: 'Add Class Routine' });
  await form.getByLabel('Class').waitFor();
  await admin.getByRole('table', { name: 'All Class Routines' }).waitFor();
  return { admin, form };
}

/** The admin's school's weekly off days (1 = Sunday ... 7 = Saturday). */
async function setWeeklyOff(page: Page, days: number[]) {
  const token = await sessionTokenOf(page);
  const me = await apiAs<{ school_info_id: number }>(page, '/api/users/user_id');
  const res = await fetch(`${baseUrl()}/api/school_info/${me.school_info_id}/weekly_off_days`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ weekly_off_days: days }),
  });
  expect(res.status).toBe(200);
}

interface Row {
  id: number;
  room: string;
  day_id: number;
}

it('an admin adds a routine, is refused a clashing one with the 409 message, edits and deletes it', async () => {
  const { admin, form } = await openAdminRoutines();
  await expectSoundScreen(admin, '/schooladminroutine');
  // The demo's routines show, newest first.
  const demo = await apiAs<{ total: number }>(admin, '/api/routine/school/filter?limit=1');
  expect(demo.total).toBeGreaterThan(10);

  // Friday is the demo's weekly off day: no period there.
  await form.getByLabel('Class').selectOption({ label: 'Six' });
  await form.getByLabel('Section').selectOption({ label: 'A' });
  await form.getByLabel('Day').selectOption({ label: 'Friday' });
  await form.getByLabel('Period').selectOption({ index: 1 });
  await form.getByLabel('Subject').selectOption({ index: 1 });
  await form.getByLabel('Teacher').selectOption({ index: 1 });
  await form.getByLabel('Room').fill('E2E-1');
  await form.getByRole('button', { name: 'Submit' }).click();
  await form.getByText('Friday is a weekly off day of this school: no classes are held.').first().waitFor();
  await expect(form.getByLabel('Day').getAttribute('aria-invalid')).resolves.toBe('true');
  expect((await apiAs<{ total: number }>(admin, '/api/routine/school/filter?day_id=6')).total).toBe(0);

  // Made a school day, Friday is free: a new routine there clashes with nothing.
  await setWeeklyOff(admin, [7]);
  await form.getByRole('button', { name: 'Submit' }).click();
  await admin.getByText('routine added successfully!!').waitFor();
  const [made] = (await apiAs<{ rows: Row[] }>(admin, '/api/routine/school/filter?day_id=6')).rows;
  expect(made.room).toBe('E2E-1');

  // The same teacher, the same period, another section: refused, naming the clash.
  await form.getByLabel('Section').selectOption({ label: 'B' });
  await form.getByLabel('Period').selectOption({ index: 1 });
  await form.getByLabel('Subject').selectOption({ index: 1 });
  await form.getByLabel('Teacher').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Submit' }).click();
  const clash = form.getByText(/already teaches Six A/).first();
  await clash.waitFor();
  await expect(form.getByLabel('Teacher').getAttribute('aria-invalid')).resolves.toBe('true');
  await expectSoundScreen(admin, 'the clash message');
  expect((await apiAs<{ total: number }>(admin, '/api/routine/school/filter?day_id=6')).total).toBe(1);

  // Edit the first: the form holds it and Update changes that routine.
  await form.getByRole('button', { name: 'Clear form' }).click();
  const table = admin.getByRole('table', { name: 'All Class Routines' });
  await table.getByRole('button', { name: /Edit the routine of Six A, Friday/ }).click();
  await admin.getByRole('heading', { name: 'Edit Class Routine' }).waitFor();
  await expect(form.getByLabel('Room').inputValue()).resolves.toBe('E2E-1');
  await form.getByLabel('Room').fill('E2E-Lab');
  await form.getByRole('button', { name: 'Update' }).click();
  await admin.getByText('Routine updated successfully').waitFor();
  const after = (await apiAs<{ rows: Row[] }>(admin, '/api/routine/school/filter?day_id=6')).rows;
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ id: made.id, room: 'E2E-Lab' });

  // The section's week, as a grid.
  await admin.getByRole('button', { name: 'Week' }).click();
  const lists = admin.getByRole('region', { name: 'All Class Routines' });
  await lists.getByLabel('Section').selectOption({ label: 'Class Six, Section A' });
  const grid = admin.getByRole('table', { name: 'Weekly routine: Class Six, Section A' });
  await grid.getByRole('rowheader', { name: 'Friday' }).waitFor();
  await expectSoundScreen(admin, 'the week grid');
  // Printed: the shell, filters and buttons are hidden, the grid is not.
  await admin.emulateMedia({ media: 'print' });
  const visibility = (selector: string) =>
    admin.evaluate((sel) => getComputedStyle(document.querySelector(sel)!).visibility, selector);
  await expect(visibility('header')).resolves.toBe('hidden');
  await expect(visibility('.routine-print table')).resolves.toBe('visible');
  await admin.emulateMedia({ media: 'screen' });
  await admin.getByRole('button', { name: 'Table' }).click();

  // Delete it, after the question.
  await table.getByRole('button', { name: /Delete the routine of Six A, Friday/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Are you sure to delete?' });
  await dialog.getByRole('heading', { name: 'Are you sure to delete?' }).waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Routine deleted successfully').waitFor();
  expect((await apiAs<{ total: number }>(admin, '/api/routine/school/filter?day_id=6')).total).toBe(0);
  await setWeeklyOff(admin, [6, 7]);
});

it('phone 390×844: the routine screen and a week fit the screen', async () => {
  const { admin } = await openAdminRoutines(PHONE);
  await expectSoundScreen(admin, '/schooladminroutine (phone)');
  await expectTapTargets(admin, '/schooladminroutine (phone)');
  await admin.goto(`${baseUrl()}/schooladminroutine?view=week&by=section`);
  const lists = admin.getByRole('region', { name: 'All Class Routines' });
  await lists.getByLabel('Section').selectOption({ label: 'Class Six, Section A' });
  // On a phone the days are stacked cards.
  await admin.getByRole('region', { name: 'Sunday' }).waitFor();
  await expectSoundScreen(admin, 'the week on a phone');
  await expectTapTargets(admin, 'the week on a phone');
});
