/**
 * The academic calendar end to end on the real seeded server: admin1 adds today as a holiday with
 * "Add Calender" and sees it in the list and on the month; teacher1's attendance screen then says
 * the day is a holiday, and the server refuses the day's attendance (409). The holiday is deleted
 * again through the screen ("Are you sure to delete?"), so the other suites can take today's
 * attendance. Every screen visited passes axe.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import type { RoutineRow } from '@/api/schemas/routines';
import { baseUrl, expectSoundScreen, expectTapTargets, launch, signIn } from './browser';
import { dayIdOf, schoolDay } from './clock';

const TOPICS = 'E2E flood closure';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function api(path: string, token?: string, body?: unknown) {
  return fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

async function login(userCode: string) {
  const res = await api('/api/users/login', undefined, { user_code: userCode, password: 'demo1234' });
  const { accessToken, user_type_id } = (await res.json()) as { accessToken: string; user_type_id: number };
  const me = (await (
    await api(`/api/users/user_id?user_code=${userCode}&user_type=${user_type_id}`, accessToken)
  ).json()) as {
    id: number;
  };
  return { token: accessToken, me };
}

async function signedIn(userCode: string, landing: string) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

it('a holiday added by admin1 blocks teacher1’s attendance that day', async () => {
  // The school day the suite's server and browsers run on (clock.ts).
  const today = schoolDay();
  const date = today.toISODate()!;
  const admin = await signedIn('admin1', '/school-admin');
  const page = admin.page;
  try {
    // ---- admin1 adds today as a holiday
    await page.goto(`${baseUrl()}/academic-calender?view=list`);
    await page.getByRole('heading', { name: 'Academic Calender' }).waitFor();
    await page.getByRole('table', { name: 'Academic calendar' }).waitFor();
    await expectSoundScreen(page, 'admin calendar list');
    await page.getByRole('button', { name: 'Add Calender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Calender' });
    // The dialog's root has no box of its own (its panel is fixed): wait for what is in it.
    await dialog.getByLabel('Schedule Type').waitFor();
    await dialog.getByLabel('Schedule Type').selectOption('holiday');
    await dialog.getByLabel('Schedule', { exact: true }).fill(TOPICS);
    await expectSoundScreen(page, 'Add Calender dialog');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Academic Calendar saved successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // ---- on the month, the day carries it
    await page.goto(`${baseUrl()}/academic-calender?month=${date.slice(0, 7)}`);
    await page.getByRole('gridcell', { name: new RegExp(`${today.toFormat('cccc d MMMM')}: .*${TOPICS}`) }).waitFor();
    await expectSoundScreen(page, 'admin calendar month');
    // On a phone the month is a list of the days that have entries.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('list', { name: 'Academic calendar' }).getByText(TOPICS).waitFor();
    await expectSoundScreen(page, 'admin calendar month on a phone');
    await expectTapTargets(page, 'admin calendar month on a phone');
    await page.setViewportSize({ width: 1280, height: 720 });

    // ---- teacher1's attendance screen says so, and the server refuses the day
    const teacher = await signedIn('teacher1', '/teacher-admin');
    await teacher.page.goto(`${baseUrl()}/teacherattendance`);
    await teacher.page
      .getByText(new RegExp(`is a holiday \\(${TOPICS}\\)\\. Attendance cannot be taken on a holiday\\.`))
      .waitFor();
    await expectSoundScreen(teacher.page, 'teacher attendance on a holiday');
    await teacher.context.close();

    const t1 = await login('teacher1');
    const weekly = (await (await api(`/api/routine/teacher?teacher_id=${t1.me.id}`, t1.token)).json()) as RoutineRow[];
    const todays = weekly.filter((r) => r.day_id === dayIdOf(today));
    // A school day with teacher1's classes: the holiday is what refuses the roll.
    expect(todays.length).toBeGreaterThan(0);
    const roster = (await (
      await api(`/api/attendance/student?routine_id=${todays[0].id}&date=${date}`, t1.token)
    ).json()) as { student_id: number }[];
    const res = await api('/api/attendance/student', t1.token, {
      date,
      time: '10:00:00',
      routine_id: todays[0].id,
      attendance: roster.map((s) => ({ student_id: s.student_id, attendance_status: 1 })),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('attendance.holiday');
  } finally {
    // ---- admin1 deletes it again, after "Are you sure to delete?"
    await page.goto(`${baseUrl()}/academic-calender?view=list&type=holiday&month=${date.slice(0, 7)}`);
    const remove = page.getByRole('button', { name: `Delete: ${TOPICS}` });
    await remove
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    if (await remove.count()) {
      await remove.first().click();
      const question = page.getByRole('dialog', { name: 'Are you sure to delete?' });
      await question.getByRole('button', { name: 'Delete' }).waitFor();
      await expectSoundScreen(page, 'delete question');
      await question.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Academic Calendar deleted successfully').waitFor();
    }
    await admin.context.close();
  }
});
