/**
 * Attendance end to end on the real seeded server: teacher1 takes a period of student1's section
 * with the keyboard only (everyone present, one absentee by roll), sends the absence message;
 * admin1 sees the counts and the message; student1 sees the mark in their history.
 *
 * The period: today's, when teacher1 teaches student1's section today; otherwise the most recent
 * school day when they do, picked with the date picker and re-taken (the seed has attendance for
 * the last 20 school days; today is left untaken; Friday and Saturday are off).
 */
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import type { RoutineRow } from '@/api/schemas/routines';
import { baseUrl, launch, signIn } from './browser';

const ZONE = 'Asia/Dhaka';
const OFF_DAYS = [6, 7]; // Friday, Saturday (spec day ids: 1 = Sunday)
const ABSENT_ROLL = 12; // not student1 (roll 1)

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

async function profileOf(userCode: string) {
  const login = await api<{ accessToken: string; user_type_id: number }>('/api/users/login', undefined, {
    user_code: userCode,
    password: 'demo1234',
  });
  const me = await api<{
    id: number;
    section_id: number | null;
    class_roll_no: number | null;
    class_name: string | null;
    section_default_name: string | null;
  }>(`/api/users/user_id?user_code=${userCode}&user_type=${login.user_type_id}`, login.accessToken);
  return { token: login.accessToken, me };
}

const dayIdOf = (d: DateTime) => (d.weekday % 7) + 1;

/** The period to take: student1's section, taught by teacher1, today or the latest school day. */
async function choosePeriod() {
  const student = await profileOf('student1');
  const teacher = await profileOf('teacher1');
  const weekly = await api<RoutineRow[]>(`/api/routine/teacher?teacher_id=${teacher.me.id}`, teacher.token);
  const mine = weekly.filter((r) => r.section_id === student.me.section_id);
  expect(mine.length).toBeGreaterThan(0);
  const today = DateTime.now().setZone(ZONE).startOf('day');
  for (let back = 0; back < 14; back++) {
    const d = today.minus({ days: back });
    if (d.year !== today.year) break;
    if (OFF_DAYS.includes(dayIdOf(d))) continue;
    const periods = mine
      .filter((r) => r.day_id === dayIdOf(d))
      .sort((a, b) => a.start_time.localeCompare(b.start_time));
    if (periods.length) return { date: d.toISODate()!, isToday: back === 0, routine: periods[0], student: student.me };
  }
  throw new Error('teacher1 does not teach student1’s section in the last two weeks');
}

function dmy(iso: string) {
  return DateTime.fromISO(iso).toFormat('dd-LLL-yyyy');
}

async function cellsOf(page: Page, tableName: string | RegExp) {
  const rows = page.getByRole('table', { name: tableName }).getByRole('row');
  const count = await rows.count();
  const out: string[][] = [];
  for (let i = 1; i < count; i++)
    out.push((await rows.nth(i).getByRole('cell').allTextContents()).map((t) => t.trim()));
  return out;
}

it('teacher1 takes attendance by keyboard; admin1 and student1 see it', async () => {
  const { date, isToday, routine, student } = await choosePeriod();
  const periodName = `${routine.period_code} ${routine.subject_name}, ${routine.class_name} ${routine.section_default_name}`;

  // ---- teacher1, keyboard only
  const teacherContext = await browser.newContext();
  const page = await teacherContext.newPage();
  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').waitFor();
  await page.keyboard.type('Take Attendance');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl()}/teacherattendance`);
  await page.getByRole('heading', { name: 'Take Attendance' }).waitFor();
  if (!isToday) {
    await page.getByLabel('Date').focus();
    await page.getByLabel('Date').fill(date);
    await page.getByText(`Your classes on ${DateTime.fromISO(date).toFormat('cccc')}, ${dmy(date)}`).waitFor();
  }
  const take = page.getByRole('button', {
    name: new RegExp(`^Take Attendance for ${periodName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  await take.focus();
  await page.keyboard.press('Enter');

  const list = page.getByRole('listbox', { name: /Students/ });
  await list.waitFor();
  await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
  const total = await list.getByRole('option').count();
  expect(total).toBeGreaterThanOrEqual(ABSENT_ROLL);

  const keys = ['a', ...String(ABSENT_ROLL).split(''), 'Space', 'Enter', 'Enter'];
  for (const [i, key] of keys.entries()) {
    await page.keyboard.press(key);
    if (key === 'Space')
      await page
        .getByTestId('present-count')
        .filter({ hasText: `Present ${total - 1} of ${total}` })
        .waitFor();
    if (i === keys.length - 2) {
      // The dialog's own box is an unsized wrapper: wait for what it shows.
      await page.getByText('Submit attendance?').waitFor();
      const submit = page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true });
      await expect.poll(() => submit.evaluate((el) => el === document.activeElement)).toBe(true);
    }
  }
  expect(keys.length).toBe(1 + String(ABSENT_ROLL).length + 1 + 2);

  await page.getByRole('heading', { name: 'Attendance saved' }).waitFor();
  expect(await cellsOf(page, 'Totals')).toEqual([[String(total), String(total - 1), '1']]);
  const results = await cellsOf(page, 'Students');
  const absentee = results.find((r) => r[1] === String(ABSENT_ROLL))!;
  expect(absentee[2]).toBe('A');
  expect(results.find((r) => r[1] === String(student.class_roll_no))?.[2]).toBe('P');
  expect(results.filter((r) => r[2] === 'A')).toHaveLength(1);

  const send = page.getByRole('button', { name: 'Send Absent Message' });
  await send.focus();
  await page.keyboard.press('Enter');
  await page.getByText(/^Queued \d+ · Already sent \d+ · No phone number \d+$/).waitFor();
  await teacherContext.close();

  // ---- admin1: the counts, for that date, and the absence message
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);
  await admin
    .getByRole('link', { name: /Attendance/ })
    .first()
    .click();
  await admin.waitForURL(`${baseUrl()}/attendance`);
  await admin.getByRole('heading', { name: 'Today Attendance' }).waitFor();
  if (isToday) {
    const row = admin
      .getByRole('table', { name: 'Attendance by section' })
      .getByRole('row')
      .filter({
        has: admin.getByRole('link', {
          name: `${routine.section_default_name}, Class ${routine.class_name}`,
          exact: true,
        }),
      });
    await expect
      .poll(async () => (await row.getByRole('cell').allTextContents()).map((t) => t.trim()))
      .toEqual([
        routine.class_name,
        routine.section_default_name,
        String(total),
        expect.stringMatching(new RegExp(`^${total - 1}\\(`)),
        '1',
      ]);
  }
  await admin.getByRole('button', { name: /Historical Attendance/ }).click();
  const form = admin.getByRole('form', { name: 'Historical Attendance filters' });
  await form.getByLabel('Class').selectOption({ label: routine.class_name });
  await form.getByLabel('Section').selectOption({ label: routine.section_default_name });
  await form.getByLabel('Date').fill(date);
  await form.getByRole('button', { name: 'View Attendance' }).click();
  const periods = admin.getByRole('table', { name: /^Periods of Class / });
  await periods.waitFor();
  const periodRow = periods
    .getByRole('row')
    .filter({ has: admin.getByRole('cell', { name: routine.period_code, exact: true }) });
  const cells = (await periodRow.getByRole('cell').allTextContents()).map((t) => t.trim());
  expect(cells[0]).toBe(routine.period_code);
  expect(cells[1]).toBe(routine.subject_name);
  expect(cells.slice(5)).toEqual([String(total), String(total - 1), '1']);
  await admin
    .getByRole('region', { name: 'Absence messages' })
    .getByRole('cell', { name: absentee[0], exact: true })
    .first()
    .waitFor();
  await adminContext.close();

  // ---- student1: the mark in their history
  const studentContext = await browser.newContext();
  const me = await studentContext.newPage();
  await signIn(me, 'student1');
  await me.waitForURL(`${baseUrl()}/student-admin`);
  await me.goto(`${baseUrl()}/studentviewattendance`);
  const filters = me.getByRole('form', { name: 'Attendance filters' });
  await filters.waitFor();
  await filters.getByLabel('Start date').fill(date);
  await filters.getByLabel('End date').fill(date);
  await filters.getByRole('button', { name: 'View Attendance' }).click();
  await me
    .getByTestId('present-rate')
    .filter({ hasText: `(${dmy(date)} to ${dmy(date)})` })
    .waitFor();
  const history = await cellsOf(me, 'Attendance History');
  expect(history.find((r) => r[1] === routine.period_code)).toEqual([
    date,
    routine.period_code,
    routine.subject_name,
    expect.any(String),
    'Present',
  ]);
  await studentContext.close();
});
