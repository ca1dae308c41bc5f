/**
 * Attendance end to end on the real seeded server, at desktop size and on a phone (390×844):
 * teacher1 takes one of today's periods with the keyboard only (everyone present, one absentee by
 * roll), reads the absence message as guardians will and confirms it; admin1 sees the counts, the
 * period in Historical Attendance (from the address) and the message in the outbox; the absent
 * student sees the period in their history. Every screen visited is checked with axe, and on
 * the phone for sideways scrolling, 44 px targets and a Submit that stays in reach.
 *
 * Teachers take attendance only on the school's today (the correction window): the suite's server
 * and browsers run on a school day of the seeded week (clock.ts), so these flows run whatever day
 * the suite runs; the "no classes today" screens are off-day.e2e.ts's, on a Friday.
 */
import { DateTime } from 'luxon';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { RoutineRow } from '@/api/schemas/routines';
import { baseUrl, expectSoundScreen, expectTapTargets, launch, signIn } from './browser';
import { expectBundledBengaliFont } from './glyphs';
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

async function profileOf(userCode: string) {
  const login = await api<{ accessToken: string; user_type_id: number }>('/api/users/login', undefined, {
    user_code: userCode,
    password: 'demo1234',
  });
  const me = await api<{ id: number; section_id: number | null; class_roll_no: number | null }>(
    `/api/users/user_id?user_code=${userCode}&user_type=${login.user_type_id}`,
    login.accessToken,
  );
  return { token: login.accessToken, me };
}

/** teacher1's periods on the school day, in the order of the day. */
async function todaysPeriods() {
  const teacher = await profileOf('teacher1');
  const weekly = await api<RoutineRow[]>(`/api/routine/teacher?teacher_id=${teacher.me.id}`, teacher.token);
  const periods = weekly
    .filter((r) => r.day_id === dayIdOf(schoolDay()))
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
  // The seed gives teacher1 classes every school day: none is a broken seed or clock, not a skip.
  expect(periods.length, `teacher1's periods on ${schoolDay().toISODate()}`).toBeGreaterThan(0);
  return { periods };
}

const bnDigits = (n: number) => String(n).replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameOf = (r: RoutineRow) => `${r.period_code} ${r.subject_name}, ${r.class_name} ${r.section_default_name}`;

/** The demo's period codes, classes and subjects as a Bangla screen writes them (docs/i18n.md). */
const BANGLA: Record<string, string> = {
  '1st': '১ম',
  '2nd': '২য়',
  '3rd': '৩য়',
  '4th': '৪র্থ',
  '5th': '৫ম',
  '6th': '৬ষ্ঠ',
  Six: 'ষষ্ঠ',
  Seven: 'সপ্তম',
  Eight: 'অষ্টম',
  Nine: 'নবম',
  Ten: 'দশম',
  Bangla: 'বাংলা',
  English: 'ইংরেজি',
  Mathematics: 'গণিত',
  Science: 'বিজ্ঞান',
  ICT: 'আইসিটি',
  'Bangladesh and Global Studies': 'বাংলাদেশ ও বিশ্বপরিচয়',
  Religion: 'ধর্ম',
};
const inBangla = (en: string) => {
  const bn = BANGLA[en];
  if (!bn) throw new Error(`no Bangla for the demo's "${en}": add it to BANGLA`);
  return bn;
};
const nameInBangla = (r: RoutineRow) =>
  `${inBangla(r.period_code)} ${inBangla(r.subject_name)}, ${inBangla(r.class_name)} ${r.section_default_name}`;

async function cellsOf(page: Page, tableName: string | RegExp) {
  const rows = page.getByRole('table', { name: tableName }).getByRole('row');
  const count = await rows.count();
  const out: string[][] = [];
  for (let i = 1; i < count; i++)
    out.push((await rows.nth(i).getByRole('cell').allTextContents()).map((t) => t.trim()));
  return out;
}

async function signedIn(userCode: string, landing: string, viewport?: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext(viewport ? { viewport, hasTouch: true } : {});
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

/** No sideways scroll and no serious axe violation on the screen as it is now. */

/** The shortest side of each visible element the locator finds (44 px at least for a tap target). */
async function smallestSide(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const sizes = [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const r = el.getBoundingClientRect();
        return Math.min(r.width, r.height);
      });
    return sizes.length ? Math.min(...sizes) : null;
  }, selector);
}

it('teacher1 takes today’s attendance and confirms the absence message; admin1 and student1 see it', async () => {
  const { periods } = await todaysPeriods();
  const routine = periods[0];
  const date = schoolDay().toISODate()!;

  // ---- teacher1 at desktop size, keyboard only
  const teacher = await signedIn('teacher1', '/teacher-admin');
  const page = teacher.page;
  await page.getByRole('heading', { name: 'Teacher Dashboard' }).waitFor();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').waitFor();
  await page.keyboard.type('Take Attendance');
  // The page itself, not the "Now" command of the period due (during school hours it ranks first
  // and opens that period straight away): the palette's arrow keys move to it.
  const options = page.getByRole('option');
  await options.first().waitFor();
  const labels = await options.allTextContents();
  const target = labels.findIndex((l) => /^Take Attendance(?! for)/.test(l.trim()));
  expect(target, labels.join(' | ')).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < target; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl()}/teacherattendance`);
  await page.getByRole('list', { name: 'Your classes' }).waitFor();
  await expectSoundScreen(page, 'teacher: your classes');
  const take = page.getByRole('button', { name: new RegExp(`^Take Attendance for ${escape(nameOf(routine))}`) });
  await take.focus();
  await page.keyboard.press('Enter');

  const list = page.getByRole('listbox', { name: /Students/ });
  await list.waitFor();
  await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
  const total = await list.getByRole('option').count();
  expect(total).toBeGreaterThanOrEqual(2);
  // The absentee: the last roll (not student1, who is roll 1 of their section).
  const lastName = (await list.getByRole('option').last().textContent())!;
  const absentRoll = Number(/^Roll (\d+),/.exec(lastName)![1]);
  await expectSoundScreen(page, 'teacher: marking');

  await page.keyboard.press('a');
  await page
    .getByTestId('present-count')
    .filter({ hasText: `Present ${total} of ${total}` })
    .waitFor();
  for (const digit of String(absentRoll)) await page.keyboard.press(digit);
  await page.keyboard.press('Space');
  await page
    .getByTestId('present-count')
    .filter({ hasText: `Present ${total - 1} of ${total}` })
    .waitFor();
  // Its name says the mark (spacing around the hidden commas is the browser's).
  const absentOption = list.getByRole('option', { name: new RegExp(`^Roll ${absentRoll}\\b.*\\bAbsent$`) });
  expect(await absentOption.count()).toBe(1);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Submit attendance?' });
  await confirm.getByText('Absent').waitFor();
  await expectSoundScreen(page, 'teacher: submit confirmation');
  const submit = confirm.getByRole('button', { name: 'Submit', exact: true });
  await expect.poll(() => submit.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');

  await page.getByRole('heading', { name: /^Attendance (saved|corrected)$/ }).waitFor();
  expect(await cellsOf(page, 'Totals')).toEqual([[String(total), String(total - 1), '1']]);
  const results = await cellsOf(page, 'Students');
  // The absent student first.
  expect(results[0][1]).toBe(String(absentRoll));
  expect(results[0][2]).toBe('A');
  expect(results.filter((r) => r[2] === 'A')).toHaveLength(1);
  const absentee = results[0][0];
  await expectSoundScreen(page, 'teacher: attendance saved');

  // Send Absent Message: the text as guardians read it, how many get it, then confirm.
  await page.getByRole('button', { name: 'Send Absent Message' }).click();
  const ask = page.getByRole('dialog', { name: 'Send absence messages?' });
  // The dialog's own box is an unsized wrapper: wait for what it shows.
  await ask.getByTestId('guardian-count').waitFor();
  await expect.poll(() => ask.getByTestId('guardian-count').textContent()).toMatch(/guardians of 1 absent student\./);
  const sample = (await ask.locator('blockquote').textContent())!;
  expect(sample).toContain(absentee);
  // The demo schools text guardians in Bangla (schools.sms_language 'bn'): roll and date in Bangla digits.
  expect(sample).toContain(`রোল ${bnDigits(absentRoll)}`);
  expect(sample).toContain(`${bnDigits(DateTime.fromISO(date).day)} `);
  expect(sample).not.toContain(DateTime.fromISO(date).toFormat('dd-MM-yyyy'));
  await expectSoundScreen(page, 'teacher: absence message confirmation');
  await ask.getByRole('button', { name: 'Send 1 message' }).click();
  await page.getByText(/^Queued \d+ · Already sent \d+ · No phone number \d+$/).waitFor();
  await teacher.context.close();

  // ---- teacher1 on a phone: the roster fits, rows and buttons are 44 px, Submit stays in reach
  const phone = await signedIn('teacher1', '/teacher-admin', PHONE);
  await phone.page.goto(`${baseUrl()}/teacherattendance`);
  await phone.page.getByRole('list', { name: 'Your classes' }).waitFor();
  await expectSoundScreen(phone.page, 'teacher on a phone: your classes');
  await expectTapTargets(phone.page, 'teacher on a phone: your classes');
  await phone.page.getByRole('button', { name: new RegExp(`^Take Attendance for ${escape(nameOf(routine))}`) }).click();
  const roster = phone.page.getByRole('listbox', { name: /Students/ });
  await roster.waitFor();
  await expectSoundScreen(phone.page, 'teacher on a phone: marking');
  await expectTapTargets(phone.page, 'teacher on a phone: marking');
  expect(await smallestSide(phone.page, '[role="option"]')).toBeGreaterThanOrEqual(44);
  expect(await smallestSide(phone.page, 'main button, [role="switch"]')).toBeGreaterThanOrEqual(44);
  // The roster is part of the page, not a scroll box of its own.
  expect(await roster.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
  // Submit is on screen at the top of a long roster and after scrolling to its end.
  const inView = () =>
    phone.page.getByRole('button', { name: 'Submit', exact: true }).evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
  expect(await inView()).toBe(true);
  await roster.getByRole('option').last().scrollIntoViewIfNeeded();
  expect(await inView()).toBe(true);
  await phone.context.close();

  // ---- admin1: the counts today, the period from the address, the message in the outbox
  for (const viewport of [undefined, PHONE]) {
    const size = viewport ? 'on a phone' : 'at desktop size';
    const a = await signedIn('admin1', '/school-admin', viewport);
    const admin = a.page;
    await admin.goto(`${baseUrl()}/attendance`);
    await admin.getByRole('heading', { name: 'Today Attendance' }).waitFor();
    await admin.getByRole('img', { name: /^P-/ }).waitFor();
    const row = admin
      .getByRole('table', { name: 'Attendance by section' })
      .locator('tr')
      .filter({
        has: admin.getByRole('link', {
          name: `${routine.section_default_name}, Class ${routine.class_name}`,
          exact: true,
        }),
      });
    await row.waitFor();
    await expectSoundScreen(admin, `admin attendance dashboard ${size}`);
    if (viewport) {
      // Cards on a phone: the ring and every Present value are inside the screen.
      const ring = (await admin.getByRole('img', { name: /^P-/ }).boundingBox())!;
      expect(ring.x + ring.width).toBeLessThanOrEqual(PHONE.width);
      const present = (await row.locator('td[data-label="Present"]').boundingBox())!;
      expect(present.x + present.width).toBeLessThanOrEqual(PHONE.width);
    }

    const sections = await api<{ id: number; class_id: number; section_default_name: string; class_name: string }[]>(
      '/api/section/all',
      (await profileOf('admin1')).token,
    );
    const section = sections.find(
      (s) => s.class_name === routine.class_name && s.section_default_name === routine.section_default_name,
    )!;
    await admin.goto(`${baseUrl()}/attendance?h_class=${section.class_id}&h_section=${section.id}&h_date=${date}`);
    const periodsTable = admin.getByRole('table', { name: /^Periods of Class / });
    await periodsTable.waitFor();
    // Rows by their cells' labels: as cards on a phone, table rows and cells are blocks.
    const periodRow = periodsTable.locator('tr').filter({
      has: admin.locator('td[data-label="Period"]', { hasText: new RegExp(`^${escape(routine.period_code)}$`) }),
    });
    await expect.poll(async () => (await periodRow.locator('td[data-label="Absent"]').textContent())?.trim()).toBe('1');
    await expectSoundScreen(admin, `admin historical attendance ${size}`);
    await admin
      .getByRole('region', { name: 'Absence messages' })
      .getByRole('cell', { name: new RegExp(escape(absentee)) })
      .first()
      .waitFor();
    await a.context.close();
  }

  // ---- the absentee: the period in their own attendance history
  const pupils = await api<{ student_code: string; section_id: number; class_roll_no: number }[]>(
    '/api/student/section?class_id=0&section_id=0&limit=2000',
    (await profileOf('admin1')).token,
  );
  const absentPupil = pupils.find((p) => p.section_id === routine.section_id && p.class_roll_no === absentRoll);
  expect(absentPupil, `roll ${absentRoll} of ${routine.section_default_name}`).toBeDefined();
  // The demo's students sign in with their student code (student1 aside, who is roll 1).
  const s = await signedIn(absentPupil!.student_code, '/student-admin');
  await s.page.goto(`${baseUrl()}/studentviewattendance?start=${date}&end=${date}`);
  await s.page.getByTestId('present-rate').waitFor();
  await expectSoundScreen(s.page, 'student attendance history');
  const history = await cellsOf(s.page, 'Attendance History');
  expect(history.find((r) => r[1] === routine.period_code)?.slice(0, 3)).toEqual([
    date,
    routine.period_code,
    routine.subject_name,
  ]);
  await s.context.close();
}, 180_000);

// ------------------------------------------------------------------ in Bangla

/** Bangla end to end: the teacher chooses বাংলা in the header (saved on the server), then takes the roll. */
it('in Bangla: a teacher switches language, takes attendance with Bangla rolls and sees Bangla digits in the summary', async () => {
  const { periods } = await todaysPeriods();
  const routine = periods[periods.length - 1];

  const { context, page } = await signedIn('teacher1', '/teacher-admin');
  try {
    await takeAttendanceInBangla(page, routine);
  } finally {
    // Back to English for the other tests on this database, even when a step above failed.
    // In the page, as the app calls: the session cookie, and the header a cookie's write needs.
    await page.evaluate(async () => {
      await fetch('/api/users/language', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'pathshala' },
        body: JSON.stringify({ language: 'en' }),
      });
    });
    await context.close();
  }
});

async function takeAttendanceInBangla(page: Page, routine: RoutineRow) {
  await page.getByRole('button', { name: /Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'বাংলা' }).click();
  await page.getByRole('heading', { level: 1, name: 'শিক্ষকের ড্যাশবোর্ড' }).waitFor();
  await page.goto(`${baseUrl()}/teacherattendance`);
  await page.getByRole('heading', { name: 'হাজিরা নিন' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
  await page.getByRole('list', { name: 'আপনার ক্লাস' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^হাজিরা নিন: ${escape(nameInBangla(routine))}`) }).click();

  const list = page.getByRole('listbox', { name: 'শিক্ষার্থী: বাছাই করা মানে উপস্থিত' });
  await list.waitFor();
  await expect.poll(() => list.evaluate((el) => el === document.activeElement)).toBe(true);
  const total = await list.getByRole('option').count();
  expect(total).toBeGreaterThanOrEqual(2);
  expect(await expectBundledBengaliFont(page, 'teacher: roster in Bangla')).toBeGreaterThan(0);
  // The roster's rolls are Bangla: "রোল ৩, …"; the last one is marked absent.
  const lastName = (await list.getByRole('option').last().textContent())!;
  const absentRoll = /^রোল ([০-৯]+)/.exec(lastName)![1];

  await page.keyboard.press('a');
  await page
    .getByTestId('present-count')
    .filter({ hasText: `উপস্থিত ${bnDigits(total)} জনের মধ্যে ${bnDigits(total)} জন` })
    .waitFor();
  // Typed as the Bangla digits it shows. Playwright's keyboard knows only a US layout, so the keys
  // of a Bangla layout are sent as the browser would: a keydown whose key is the Bangla digit.
  for (const digit of absentRoll) {
    await page.evaluate((key) => {
      const target = document.activeElement ?? document.body;
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
      target.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true, cancelable: true }));
    }, digit);
  }
  await page.keyboard.press('Space');
  await page
    .getByTestId('present-count')
    .filter({ hasText: `উপস্থিত ${bnDigits(total)} জনের মধ্যে ${bnDigits(total - 1)} জন · অনুপস্থিত ১ জন` })
    .waitFor();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'হাজিরা জমা দেবেন?' });
  await confirm.getByText('অনুপস্থিত').waitFor();
  await confirm.getByRole('button', { name: 'জমা দিন', exact: true }).click();

  await page.getByRole('heading', { name: /^হাজিরা (সংরক্ষণ|সংশোধন) করা হয়েছে$/ }).waitFor();
  expect(await cellsOf(page, 'মোট হিসাব')).toEqual([[bnDigits(total), bnDigits(total - 1), '১']]);
  const results = await cellsOf(page, 'শিক্ষার্থী');
  expect(results[0][1]).toBe(absentRoll);
  expect(results[0][2]).toBe('অ');
  await expectSoundScreen(page, 'teacher: summary in Bangla');
  expect(await expectBundledBengaliFont(page, 'teacher: summary in Bangla')).toBeGreaterThan(0);
}
