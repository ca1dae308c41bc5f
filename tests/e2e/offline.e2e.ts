/**
 * The installable app: the built app registers a service worker that keeps the whole
 * build on the device, so with the network gone a reload still opens Pathshala, signed in with the
 * profile the phone kept; API answers are never served from the worker's cache. A teacher takes a
 * period with no network: it waits on the phone through a reload, is sent once the network is
 * back, and meets an admin's correction by the written rule; sign-out with unsent items asks.
 */
import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExamInfoRow, StudentMarkSheet } from '@/api/schemas/exams';
import type { RoutineRow } from '@/api/schemas/routines';
import { baseUrl, expectNoSeriousAxeViolations, launch, serverNow, signIn } from './browser';
import { dayIdOf, schoolDay, ZONE } from './clock';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  // The service worker is what this file tests (other files' contexts block it: browser.ts).
  context = await browser.newContext({ serviceWorkers: 'allow' });
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

it('has a manifest with the icons an install needs', async () => {
  const res = await page.request.get(`${baseUrl()}/manifest.webmanifest`);
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Pathshala', display: 'standalone', start_url: '/' });
  const sizes = (manifest.icons as { sizes: string }[]).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(`${baseUrl()}${icon.src}`)).ok(), icon.src).toBe(true);
  }
});

it('opens with no network once it has been opened, signed in with what the phone keeps', async () => {
  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
  // The worker installs in the background; the next load is the first it controls.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // What the worker keeps: the build, not a single API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The app itself answers, signed in with the profile this phone kept, and says so;
  // not the browser's offline page.
  await page.getByText('No network: Pathshala opened with what this device keeps.').waitFor();
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
  expect(await page.title()).toMatch(/Pathshala$/);
  await expectNoSeriousAxeViolations(page, 'offline start');

  // The saved sign-in was kept, not thrown away over the lost network: online again, it holds.
  await context.setOffline(false);
  await page.reload();
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
});

// ---- taking the roll with no network -----------------------------------------------

const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameOf = (r: RoutineRow) => `${r.period_code} ${r.subject_name}, ${r.class_name} ${r.section_default_name}`;

async function api<T>(path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return { json: (await res.json()) as T, headers: res.headers };
}

async function tokenOf(userCode: string) {
  const { json } = await api<{ accessToken: string; user_type_id: number }>('/api/users/login', undefined, {
    user_code: userCode,
    password: 'demo1234',
  });
  const me = await api<{ id: number }>(
    `/api/users/user_id?user_code=${userCode}&user_type=${json.user_type_id}`,
    json.accessToken,
  );
  return { token: json.accessToken, id: me.json.id };
}

interface Queued {
  key: string;
  takenAt: string;
  input: { routine_id: number; date: string; time: string; taken_at: string; attendance: unknown[] };
}
const queuedOnPage = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<Queued[]>((resolve, reject) => {
        const open = indexedDB.open('pathshala-offline');
        open.onsuccess = () => {
          const all = open.result.transaction('queue').objectStore('queue').getAll();
          all.onsuccess = () => resolve(all.result as Queued[]);
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );

/** Take a period on the open Take Attendance screen: everyone present but the first, submitted. */
async function takePeriod(p: Page, r: RoutineRow) {
  await p.getByRole('list', { name: 'Your classes' }).waitFor();
  await p.getByRole('button', { name: new RegExp(`^Take Attendance for ${escape(nameOf(r))}`) }).click();
  const list = p.getByRole('listbox', { name: /Students/ });
  await list.getByRole('option').first().waitFor();
  await list.focus();
  await p.keyboard.press('a');
  await p.keyboard.press('Space');
  await p.getByRole('button', { name: 'Submit', exact: true }).click();
  await p
    .getByRole('dialog', { name: 'Submit attendance?' })
    .getByRole('button', { name: 'Submit', exact: true })
    .click();
}

it('takes a period offline, keeps it through a reload, sends it once online; an admin’s correction stands', async () => {
  const teacher = await tokenOf('teacher1');
  const admin = await tokenOf('admin1');
  const weekly = (await api<RoutineRow[]>(`/api/routine/teacher?teacher_id=${teacher.id}`, teacher.token)).json;
  const periods = weekly
    .filter((r) => r.day_id === dayIdOf(schoolDay()))
    .sort((a, b) => b.start_time.localeCompare(a.start_time));
  // The suite runs on a school day (clock.ts) on which the seed gives teacher1 several classes.
  expect(periods.length).toBeGreaterThanOrEqual(2);
  const [own, corrected] = periods;
  const date = schoolDay().toISODate()!;
  const sectionToday = async () =>
    (
      await api<{ r_id: number; time: string | null; taken: boolean }[]>(
        `/api/attendance/summary/section/today?section_id=${own.section_id}&date=${date}`,
        admin.token,
      )
    ).json;
  // Another file may have taken this period already today: a later submission is a correction,
  // and the first taking's time stays (server/services/attendance.ts).
  const earlier = (await sectionToday()).find((r) => r.r_id === own.id && r.taken);

  await signIn(page, 'teacher1');
  await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Online: the screen reads today's classes and both rosters, and the phone keeps them.
  await page.goto(`${baseUrl()}/teacherattendance`);
  for (const r of [own, corrected]) {
    await page.getByRole('list', { name: 'Your classes' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`^Take Attendance for ${escape(nameOf(r))}`) }).click();
    await page
      .getByRole('listbox', { name: /Students/ })
      .getByRole('option')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Back to classes' }).click();
  }

  // No network: both periods are taken as online, and kept on the phone.
  await context.setOffline(true);
  for (const r of [own, corrected]) {
    await takePeriod(page, r);
    await page.getByTestId('queued-state').getByText('Saved on this phone, will send when online.').waitFor();
    await page.getByRole('button', { name: 'Back to classes' }).click();
  }
  const queued = await queuedOnPage(page);
  expect(queued.map((q) => q.input.routine_id)).toEqual([own.id, corrected.id]);

  // Meanwhile the school admin corrects the second period (everyone present).
  const roster = (
    await api<{ student_id: number }[]>(`/api/attendance/student?routine_id=${corrected.id}&date=${date}`, admin.token)
  ).json;
  await api('/api/attendance/student', admin.token, {
    date,
    // Now on the server's clock, in the school's zone.
    time: DateTime.fromMillis(serverNow()).setZone(ZONE).toFormat('HH:mm:ss'),
    routine_id: corrected.id,
    attendance: roster.map((s) => ({ student_id: s.student_id, attendance_status: 1 })),
  });

  // Reloaded with no network, the app still opens, signed in, with both items waiting.
  await page.reload();
  await page.getByText('Saved on this phone, will send when online: 2 attendances.').waitFor();
  await expectNoSeriousAxeViolations(page, 'offline with a queue');

  // Back online: the queue sends itself, in order.
  await context.setOffline(false);
  await page.getByText(new RegExp(`${escape(own.period_code)} · .*: sent to the school\\.`)).waitFor();
  await page.getByText(/the school admin had corrected this period; the admin’s marks stand/).waitFor();
  expect(await queuedOnPage(page)).toEqual([]);

  // The admin sees the first period with the time the roll was taken on the phone.
  const table = await sectionToday();
  const takenAt = DateTime.fromISO(queued[0].takenAt).setZone(ZONE).toFormat('HH:mm:ss');
  expect(table.find((r) => r.r_id === own.id)).toMatchObject({ taken: true, time: earlier?.time ?? takenAt });
  // The corrected period keeps the admin's marks.
  const after = (
    await api<{ attendance_status: number | null }[]>(
      `/api/attendance/student?routine_id=${corrected.id}&date=${date}`,
      admin.token,
    )
  ).json;
  expect(after.every((s) => s.attendance_status === 1)).toBe(true);

  // The same submission replayed (twice) is stored once: the server answers the first result.
  const replay = () =>
    api<{ outcome?: string; absent: number }>(
      '/api/attendance/student',
      teacher.token,
      // The body as the app sent it (the idempotency answer is for the same request, field order and all).
      {
        date: queued[0].input.date,
        time: queued[0].input.time,
        routine_id: queued[0].input.routine_id,
        attendance: queued[0].input.attendance,
        taken_at: queued[0].input.taken_at,
      },
      { 'idempotency-key': queued[0].key },
    );
  // Taken earlier today by another file, the phone's submission was a correction (or, with the same
  // marks, a plain save); either way the replay answers what the first send got, or 'duplicate'.
  const firstOutcomes = earlier ? ['saved', 'corrected', 'duplicate'] : ['saved', 'duplicate'];
  for (let i = 0; i < 2; i++) {
    const again = await replay();
    expect(firstOutcomes).toContain(again.json.outcome);
    expect(again.json.absent).toBe(1);
  }
  const marks = (
    await api<{ attendance_status: number | null }[]>(
      `/api/attendance/student?routine_id=${own.id}&date=${date}`,
      admin.token,
    )
  ).json;
  expect(marks.filter((s) => s.attendance_status === 0)).toHaveLength(1);
});

it('asks before a sign-out would delete attendance saved on the phone', async () => {
  const teacher = await tokenOf('teacher1');
  const weekly = (await api<RoutineRow[]>(`/api/routine/teacher?teacher_id=${teacher.id}`, teacher.token)).json;
  const period = weekly.find((r) => r.day_id === dayIdOf(schoolDay()));
  // The suite runs on a school day (clock.ts): teacher1 has a period to take.
  expect(period).toBeDefined();
  await signIn(page, 'teacher1');
  await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
  await page.goto(`${baseUrl()}/teacherattendance`);
  await page.getByRole('list', { name: 'Your classes' }).waitFor();
  await context.setOffline(true);
  await takePeriod(page, period!);
  await page.getByTestId('queued-state').waitFor();
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const ask = page.getByRole('dialog', { name: 'Sign out with unsent attendance?' });
  await ask.getByText(/1 attendance saved on this phone has not reached the school yet/).waitFor();
  await ask.getByRole('button', { name: 'Stay signed in and wait' }).click();
  expect(await queuedOnPage(page)).toHaveLength(1);
  // Online again, it is sent; then signing out asks nothing.
  await context.setOffline(false);
  await page.getByText(/: sent to the school\./).waitFor();
});

// ---- entering marks with no network ------------------------------------------------

it('a teacher enters marks for an open sheet with no network; back online they reach the server', async () => {
  const { token } = await tokenOf('teacher1');
  const sessions = (await api<{ id: number; current: boolean }[]>('/api/session', token)).json;
  const session = sessions.find((s) => s.current)!;
  const types = (await api<{ id: number; exam_name: string }[]>('/api/exam_name', token)).json;
  const type = types.find((t) => t.exam_name === 'Monthly Class Test 3')!;
  const list = (
    await api<{ rows: ExamInfoRow[] }>(
      `/api/exam_info?session_id=${session.id}&exam_name_id=${type.id}&limit=200`,
      token,
    )
  ).json.rows;
  // Not the first exam: tests/e2e/mark-entry.e2e.ts enters that one.
  expect(list.length).toBeGreaterThan(1);
  const exam = list.at(-1)!;
  const sheetOf = async () => (await api<StudentMarkSheet>(`/api/student_mark?exam_info_id=${exam.id}`, token)).json;
  const before = await sheetOf();
  expect(before.locked).toBe(false);
  const first = before.rows[0];
  const mark = first.marks_obtained === 7 ? '8' : '7';

  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  const url = `${baseUrl()}/teacherevaluation?session_id=${session.id}&exam_name_id=${exam.exam_name_id}&class_id=${exam.class_id}&section_id=${exam.section_id}&subject_id=${exam.subject_id}`;
  await page.goto(url);
  await page.getByRole('table', { name: 'Marks Entry Sheet' }).waitFor();
  // Kept on the phone as it was opened; the network goes.
  await page.waitForTimeout(300);
  await context.setOffline(true);
  const field = page.getByRole('textbox', { name: `Marks Obtained of ${first.name}, roll ${first.class_roll_no}` });
  await field.fill(mark);
  await page.getByRole('button', { name: 'Review changes' }).click();
  await page.getByRole('dialog', { name: 'Save these marks?' }).getByRole('button', { name: 'Save marks' }).click();
  await page.getByRole('heading', { name: 'Saved on this phone, will send when online.' }).waitFor();
  await expectNoSeriousAxeViolations(page, 'marks saved on the phone');
  expect((await sheetOf()).rows[0].marks_obtained).toBe(first.marks_obtained);

  await context.setOffline(false);
  await page.getByRole('heading', { name: 'Sent: the school has these marks.' }).waitFor({ timeout: 15_000 });
  expect((await sheetOf()).rows[0].marks_obtained).toBe(Number(mark));
});
