/**
 * The monthly register end to end on the real seeded server: teacher1's first period of the
 * school day is taken through the API with the last student by roll absent; admin1 reaches the
 * register from the palette by keyboard, chooses that section and the month, reads the student's
 * A under the day, prints the register as a PDF; teacher1 on a phone chooses among their own
 * sections only. Every screen visited is checked with axe (and on the phone for sideways scroll
 * and 44 px targets).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RoutineRow } from '@/api/schemas/routines';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';
import { dayIdOf, schoolDay } from './clock';

const PHONE = { width: 390, height: 844 };
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signedIn(userCode: string, landing: string, viewport?: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext(viewport ? { viewport, hasTouch: true } : {});
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

/** teacher1's first period of the school day, taken with the last student by roll absent. */
async function takeFirstPeriod() {
  const login = await api<{ accessToken: string; user_type_id: number }>('/api/users/login', undefined, {
    user_code: 'teacher1',
    password: 'demo1234',
  });
  const token = login.accessToken;
  const me = await api<{ id: number }>(`/api/users/user_id?user_code=teacher1&user_type=${login.user_type_id}`, token);
  const weekly = await api<RoutineRow[]>(`/api/routine/teacher?teacher_id=${me.id}`, token);
  const periods = weekly
    .filter((r) => r.day_id === dayIdOf(schoolDay()))
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
  expect(periods.length, `teacher1's periods on ${schoolDay().toISODate()}`).toBeGreaterThan(0);
  const routine = periods[0];
  const date = schoolDay().toISODate()!;
  const roll = await api<{ student_id: number; full_name: string; class_roll_no: number }[]>(
    `/api/attendance/student?routine_id=${routine.id}&date=${date}`,
    token,
  );
  expect(roll.length).toBeGreaterThan(1);
  const absent = [...roll].sort((a, b) => b.class_roll_no - a.class_roll_no)[0];
  await api('/api/attendance/student', token, {
    date,
    time: '08:31:00',
    routine_id: routine.id,
    attendance: roll.map((s) => ({
      student_id: s.student_id,
      attendance_status: s.student_id === absent.student_id ? 0 : 1,
    })),
  });
  return { routine, absent, weekly };
}

async function openFromPalette(page: Page, words: string, heading: string) {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').waitFor();
  await page.keyboard.type(words);
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: heading }).waitFor();
}

it('admin1 reads and prints the month’s register of the section teacher1 just took', async () => {
  const { routine, absent } = await takeFirstPeriod();
  const day = schoolDay();
  const { context, page } = await signedIn('admin1', '/school-admin');
  await page.getByRole('heading', { name: 'School Admin Dashboard' }).waitFor();
  await openFromPalette(page, 'Monthly Register', 'Attendance register');
  expect(page.url()).toBe(`${baseUrl()}/attendance-register`);

  await page.getByRole('combobox', { name: 'Section' }).selectOption(String(routine.section_id));
  await page.getByRole('button', { name: 'Show' }).click();
  const table = page.getByRole('table', { name: /Attendance of/ });
  await table.waitFor();
  expect(page.url()).toContain(`section_id=${routine.section_id}`);
  await expectSoundScreen(page, 'the attendance register');

  // The absent student's row: the mark under the school day is A (its title says Absent).
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: absent.full_name }) });
  const cells = await row.getByRole('cell').allTextContents();
  const dayIndex = day.day - 1; // the month's first day is column 0
  expect(cells[0]).toBe(String(absent.class_roll_no));
  expect(cells[1 + dayIndex]).toBe('A');
  expect(await row.getByTitle('Absent').count()).toBeGreaterThanOrEqual(1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print register (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^attendance-register-.+\.pdf$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});

it('teacher1 on a phone chooses among their own sections only', async () => {
  const { weekly } = await takeFirstPeriod();
  const { context, page } = await signedIn('teacher1', '/teacher-admin', PHONE);
  await page.goto(`${baseUrl()}/attendance-register`);
  const select = page.getByRole('combobox', { name: 'Section' });
  await select.waitFor();
  const offered = (await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b);
  expect(offered).toEqual([...new Set(weekly.map((r) => r.section_id))].sort((a, b) => a - b));
  await expectSoundScreen(page, 'the attendance register on a phone');
  await context.close();
});
