/**
 * The teachers' own day end to end on the real seeded server (docs/DOMAIN.md, "Staff attendance,
 * leave and substitutes"), in school 2 (teacher2's school): teacher2 on a phone asks for the school
 * day's leave on My day; admin2 approves it on Leave requests and assigns a free colleague to
 * teacher2's first period on Substitute teachers; that colleague on a phone sees the period marked
 * Substitute on their dashboard and on Take Attendance and takes its attendance; teacher2's Take
 * Attendance says who takes it and offers no roll, and the API refuses teacher2
 * (403 attendance.substituted). On the way admin2's staff attendance shows teacher2 on leave and
 * prints the month's staff register. Every screen visited passes expectSoundScreen (axe; on a phone,
 * no sideways scroll and 44 px targets).
 *
 * The suite's server runs on a Wednesday of the seeded week (clock.ts): the demo's classes run
 * Sunday to Thursday, so teacher2 has periods that day.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RoutineRow } from '@/api/schemas/routines';
import { baseUrl, expectSoundScreen, launch, sessionTokenOf, signIn } from './browser';
import { dayIdOf, schoolDay } from './clock';

const PHONE = { width: 390, height: 844 };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

/**
 * School 2's teachers as the seed names them (server/db/seed/demo.ts: T-2-<n>, the third is the
 * demo's teacher2): whoever admin2 picks among the free teachers signs in by this code.
 */
const SCHOOL_2_CODES: Record<string, string> = {
  'Mr. Md. Nurul Absar': 'T-2-001',
  'Mr. Prodip Kumar Barua': 'T-2-002',
  'Mrs. Tahmina Akter': 'teacher2',
  'Mr. Md. Mahbubur Rahman': 'T-2-004',
  'Ms. Sabrina Chowdhury': 'T-2-005',
  'Mr. Md. Mostafizur Rahman': 'T-2-006',
  'Mrs. Jharna Rani Dey': 'T-2-007',
  'Mr. Md. Jashim Uddin': 'T-2-008',
  'Mrs. Rehana Parvin': 'T-2-009',
  'Mr. Ashraful Alam': 'T-2-010',
  'Mr. Sujan Barua': 'T-2-011',
  'Mr. Md. Abu Taher': 'T-2-012',
  'Mrs. Nusrat Jahan': 'T-2-013',
  'Mr. Md. Ershad Hossain': 'T-2-014',
};

async function signedIn(userCode: string, landing: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport, hasTouch: true, isMobile: true } : {});
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

/** The API as the signed-in user of `page` (their session cookie's token): status and body. */
async function apiAs(page: Page, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await sessionTokenOf(page)}`,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: await res.json() };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A period as Take Attendance names it: "1st Mathematics, Nine A" (attendance.take.periodName). */
const nameOf = (r: RoutineRow) => `${r.period_code} ${r.subject_name}, ${r.class_name} ${r.section_default_name}`;

it('teacher2 asks for leave, admin2 approves and assigns a substitute who takes the roll; teacher2 cannot', async () => {
  const date = schoolDay().toISODate()!;
  const typed = schoolDay().toFormat('dd-MM-yyyy');

  // ---- teacher2 on a phone asks for the day's leave
  const absent = await signedIn('teacher2', '/teacher-admin', PHONE);
  const me = (await apiAs(absent.page, `/api/users/user_id?user_code=teacher2&user_type=2`)).json as { id: number };
  const week = (await apiAs(absent.page, `/api/routine/teacher?teacher_id=${me.id}`)).json as RoutineRow[];
  const ownPeriods = week.filter((r) => r.day_id === dayIdOf(schoolDay()));
  // The seed gives every teacher classes each school day: none is a broken seed or clock, not a skip.
  expect(ownPeriods.length, `teacher2's periods on ${date}`).toBeGreaterThan(0);

  await absent.page.goto(`${baseUrl()}/my-day`);
  await absent.page.getByRole('heading', { name: 'My day', level: 1 }).waitFor();
  await absent.page.getByLabel('Type of leave').selectOption('sick');
  await absent.page.getByLabel('From', { exact: true }).fill(typed);
  await absent.page.getByLabel('Reason').fill('Fever since last night');
  await absent.page.getByRole('button', { name: 'Ask for leave', exact: true }).click();
  await absent.page.getByRole('status').getByText('Leave requested.').waitFor();
  const mine = absent.page.getByRole('table', { name: 'My requests' });
  await mine.getByRole('cell', { name: 'Pending' }).waitFor();
  expect(await mine.getByRole('cell', { name: 'Sick' }).count()).toBe(1);
  await expectSoundScreen(absent.page, 'teacher2 on a phone: my day with a pending request');

  // ---- admin2 approves it
  const admin = await signedIn('admin2', '/school-admin');
  await admin.page.goto(`${baseUrl()}/staff-leave`);
  const requests = admin.page.getByRole('table', { name: 'Leave requests' });
  const row = requests.getByRole('row').filter({ hasText: 'Mrs. Tahmina Akter' });
  await row.waitFor();
  expect(await row.getByRole('cell', { name: 'Fever since last night' }).count()).toBe(1);
  await expectSoundScreen(admin.page, 'admin2: pending leave requests');
  await row.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.page.getByRole('dialog', { name: 'Approve Mrs. Tahmina Akter’s leave (1 school days)?' });
  // The dialog's own box is an unsized wrapper: wait for what it shows.
  await approve.getByLabel('Note to the teacher').fill('Get well soon');
  await expectSoundScreen(admin.page, 'admin2: approving leave');
  await approve.getByRole('button', { name: 'Confirm' }).click();
  await admin.page.getByRole('status').getByText('Leave approved.').waitFor();

  // ---- admin2 assigns the first free teacher to teacher2's first period of the day
  await admin.page.goto(`${baseUrl()}/substitutes`);
  await admin.page.getByRole('heading', { name: 'Substitute teachers', level: 1 }).waitFor();
  const items = admin.page.locator('li[data-routine]');
  await items.first().waitFor();
  // Every period listed is teacher2's (nobody else in school 2 is away), in the order of the day.
  expect(await items.count()).toBe(ownPeriods.length);
  expect(await items.filter({ hasText: 'Away: Mrs. Tahmina Akter' }).count()).toBe(ownPeriods.length);
  const item = items.first();
  const routineId = Number(await item.getAttribute('data-routine'));
  const routine = ownPeriods.find((r) => r.id === routineId)!;
  expect(routine, `routine ${routineId} is one of teacher2's`).toBeDefined();
  expect(routine.start_time).toBe(
    [...ownPeriods].sort((a, b) => a.start_time.localeCompare(b.start_time))[0].start_time,
  );
  await expectSoundScreen(admin.page, 'admin2: periods needing a substitute');

  const free = item.getByLabel('Free teachers');
  const firstFree = free.locator('option:not([value=""])').first();
  const subLabel = (await firstFree.textContent())!;
  const subName = /^(.+?) \(/.exec(subLabel)![1];
  const subCode = SCHOOL_2_CODES[subName];
  expect(subCode, `the seed code of ${subName}`).toBeDefined();
  expect(subName).not.toBe('Mrs. Tahmina Akter');
  await free.selectOption((await firstFree.getAttribute('value'))!);
  await item.getByRole('button', { name: 'Assign' }).click();
  const assign = admin.page.getByRole('dialog', { name: new RegExp(`^Assign ${escape(subName)} to `) });
  await assign.getByRole('button', { name: 'Confirm' }).click();
  await admin.page.getByRole('status').getByText('Substitute assigned.').waitFor();
  await item.getByText(new RegExp(`^Taken by ${escape(subName)} \\(`)).waitFor();

  // ---- the staff's day: teacher2 on leave; the settings; the month's register prints
  await admin.page.goto(`${baseUrl()}/staff-attendance`);
  await admin.page
    .getByRole('table', { name: 'Staff attendance' })
    .getByRole('row')
    .filter({ hasText: 'Mrs. Tahmina Akter' })
    .filter({ hasText: 'On leave' })
    .waitFor();
  await admin.page.getByRole('region', { name: 'The staff day' }).getByLabel('Late after').waitFor();
  await expectSoundScreen(admin.page, 'admin2: the staff’s day');
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('button', { name: 'Print staff register (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`staff-register-${date.slice(0, 7)}.pdf`);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // ---- the substitute on a phone: the period is in their day, marked Substitute, and they take it
  const sub = await signedIn(subCode, '/teacher-admin', PHONE);
  const summary = sub.page.locator('li').filter({ hasText: `${routine.period_code} · ${routine.subject_name}` });
  await summary.filter({ hasText: 'Substitute' }).waitFor();
  await expectSoundScreen(sub.page, 'the substitute on a phone: dashboard');
  await sub.page.goto(`${baseUrl()}/teacherattendance`);
  const classes = sub.page.getByRole('list', { name: 'Your classes' });
  await classes.waitFor();
  const period = classes.getByRole('listitem').filter({
    has: sub.page.getByRole('button', { name: new RegExp(`^Take Attendance for ${escape(nameOf(routine))}$`) }),
  });
  await period.getByText('Substitute', { exact: true }).waitFor();
  await expectSoundScreen(sub.page, 'the substitute on a phone: your classes');
  await period.getByRole('button', { name: /^Take Attendance for / }).click();
  const roster = sub.page.getByRole('listbox', { name: /Students/ });
  await roster.waitFor();
  const total = await roster.getByRole('option').count();
  expect(total).toBeGreaterThanOrEqual(2);
  await sub.page.getByRole('switch', { name: 'All present' }).click();
  await sub.page
    .getByTestId('present-count')
    .filter({ hasText: `Present ${total} of ${total}` })
    .waitFor();
  await sub.page.getByRole('button', { name: 'Submit', exact: true }).click();
  const confirm = sub.page.getByRole('dialog', { name: 'Submit attendance?' });
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  await sub.page.getByRole('heading', { name: 'Attendance saved' }).waitFor();
  await expectSoundScreen(sub.page, 'the substitute on a phone: attendance saved');

  // ---- teacher2: Take Attendance says who takes the period and offers no roll; the API refuses
  await absent.page.goto(`${baseUrl()}/teacherattendance`);
  const theirs = absent.page.getByRole('list', { name: 'Your classes' });
  await theirs.waitFor();
  const subInitial = /\(([A-Z]+)\)/.exec(subLabel)![1];
  const covered = theirs.getByRole('listitem').filter({ hasText: `Taken by ${subInitial}` });
  await covered.waitFor();
  expect(await covered.count()).toBe(1);
  expect(await covered.getByRole('button', { name: /^Take Attendance/ }).count()).toBe(0);
  expect(await covered.textContent()).toContain(`${routine.period_code} · ${routine.subject_name}`);
  await expectSoundScreen(absent.page, 'teacher2 on a phone: a period a substitute takes');

  const roll = await apiAs(sub.page, `/api/attendance/student?routine_id=${routine.id}&date=${date}`);
  expect(roll.status).toBe(200);
  const students = roll.json as { student_id: number }[];
  const refused = await apiAs(absent.page, '/api/attendance/student', {
    date,
    time: '08:40:00',
    routine_id: routine.id,
    attendance: students.map((s) => ({ student_id: s.student_id, attendance_status: 0 })),
  });
  expect(refused.status).toBe(403);
  expect((refused.json as { error: { code: string } }).error.code).toBe('attendance.substituted');
  // The substitute's taking stands: everyone present.
  const after = (await apiAs(sub.page, `/api/attendance/student?routine_id=${routine.id}&date=${date}`)).json as {
    attendance_status: number | null;
  }[];
  expect(after.filter((s) => s.attendance_status === 1)).toHaveLength(total);

  // ---- admin2's two busiest screens on a phone: 44 px targets, no sideways scroll
  await admin.page.setViewportSize(PHONE);
  for (const [path, heading] of [
    ['/substitutes', 'Substitute teachers'],
    ['/staff-attendance', 'Staff attendance'],
  ] as const) {
    await admin.page.goto(`${baseUrl()}${path}`);
    await admin.page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await admin.page.getByText('Loading…').first().waitFor({ state: 'detached' });
    await expectSoundScreen(admin.page, `admin2 on a phone: ${path}`);
  }
});
