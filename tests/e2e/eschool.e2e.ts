/**
 * eSchool and activities end to end on the real seeded server: teacher1 schedules an online class
 * for student1's section on /teacher-eschool; student1 sees it on /student-eschool, a student of
 * another section does not. admin1 adds an activity on /student-activity, records student1's
 * marks in it, and student1's activities page and grade sheet carry the Extra Curriculum part.
 * Every screen visited passes axe.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, expectSoundScreen, expectTapTargets, launch, signIn } from './browser';
import { schoolDay } from './clock';

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
async function token(userCode: string) {
  const res = await api('/api/users/login', undefined, { user_code: userCode, password: 'demo1234' });
  return ((await res.json()) as { accessToken: string }).accessToken;
}
/** student1's record (the profile call takes the student's id, from the account). */
async function student1Profile(tok: string) {
  const me = (await (await api('/api/users/user_id?user_code=student1&user_type=1', tok)).json()) as { id: number };
  const [p] = (await (await api(`/api/student/profile?student_id=${me.id}`, tok)).json()) as {
    id: number;
    section_id: number;
    student_code: string;
    full_name: string;
  }[];
  return p;
}

async function signedIn(userCode: string, landing: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

it('a teacher schedules an online class; only the students of that section see it', async () => {
  const student1 = await token('student1');
  const profile = await student1Profile(student1);
  const admin = await token('admin1');
  const pupils = (await (await api('/api/student/section?class_id=0&section_id=0&limit=2000', admin)).json()) as {
    student_code: string;
    section_id: number;
  }[];
  const outsider = pupils.find((p) => p.section_id !== profile.section_id)!;
  const topic = `E2E algebra live ${Date.now() % 100000}`;
  // A week after the suite's school day (clock.ts): the same weekday, a school day, in the future.
  const nextWeek = schoolDay().plus({ weeks: 1 }).toISODate()!;

  const t = await signedIn('teacher1', '/teacher-admin');
  try {
    await t.page.getByRole('link', { name: /eSchool/ }).click();
    await t.page.getByRole('heading', { name: 'Online Classes' }).waitFor();
    await t.page.getByRole('button', { name: 'Schedule online class' }).click();
    const option = t.page.getByLabel('Class, section and subject');
    await option.locator(`option[value^="${profile.section_id}|"]`).first().waitFor({ state: 'attached' });
    const values = await option.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    await option.selectOption(values.find((v) => v.startsWith(`${profile.section_id}|`))!);
    await t.page.getByLabel('Date').fill(nextWeek);
    await t.page.getByLabel('Start time').fill('15:15');
    await t.page.getByLabel('Duration (minutes)').fill('35');
    await t.page.getByLabel('Meeting link').fill('http://meet.example.org/e2e');
    await t.page.getByLabel('Topic (optional)').fill(topic);
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByText('The meeting link must be an https:// address.').first().waitFor();
    await t.page.getByLabel('Meeting link').fill('https://meet.example.org/e2e');
    await expectSoundScreen(t.page, 'online class form');
    await t.page.getByRole('button', { name: 'Save' }).click();
    await t.page.getByText('Online class scheduled.').waitFor();
    await t.page.getByRole('table', { name: 'Online classes' }).getByText(topic).waitFor();
  } finally {
    await t.context.close();
  }

  const s = await signedIn('student1', '/student-admin');
  try {
    await s.page.getByRole('link', { name: /eSchool/ }).click();
    await s.page.getByRole('heading', { name: 'eSchool' }).waitFor();
    const row = s.page.getByRole('row').filter({ hasText: topic });
    await row.waitFor();
    await row.getByRole('link', { name: /Join/ }).waitFor();
    await expectSoundScreen(s.page, 'student eSchool');
    await s.page.setViewportSize({ width: 360, height: 780 });
    await expectSoundScreen(s.page, 'student eSchool at 360 px');
    await s.page.setViewportSize({ width: 390, height: 844 });
    await expectTapTargets(s.page, 'student eSchool at 390 px');
  } finally {
    await s.context.close();
  }

  const o = await signedIn(outsider.student_code, '/student-admin');
  try {
    await o.page.goto(`${baseUrl()}/student-eschool`);
    await o.page.getByRole('heading', { name: 'eSchool' }).waitFor();
    await o.page
      .getByRole('table', { name: 'Online classes' })
      .or(o.page.getByText('No online classes yet.'))
      .first()
      .waitFor();
    expect(await o.page.getByText(topic).count()).toBe(0);
  } finally {
    await o.context.close();
  }
});

it('an admin records activity marks; the student’s grade sheet carries the Extra Curriculum part', async () => {
  const student1 = await token('student1');
  const profile = await student1Profile(student1);
  const name = `E2E Quiz ${Date.now() % 100000}`;
  const a = await signedIn('admin1', '/school-admin');
  try {
    await a.page.getByRole('link', { name: /Activity/ }).click();
    await a.page.getByRole('heading', { name: 'Activities' }).waitFor();
    await a.page.getByLabel('Name').fill(name);
    await a.page.getByLabel('Kind').selectOption('competition');
    await a.page.getByLabel('Full marks').fill('10');
    await a.page.getByRole('button', { name: 'Save activity' }).click();
    await a.page.getByText('Activity saved.').waitFor();
    await a.page.getByRole('button', { name: `Record marks: ${name}` }).click();
    await a.page.getByLabel('Add students from section').selectOption(String(profile.section_id));
    const pick = a.page.getByLabel('Student', { exact: true });
    await pick.locator(`option[value="${profile.id}"]`).waitFor({ state: 'attached' });
    await pick.selectOption(String(profile.id));
    await a.page.getByRole('button', { name: 'Add', exact: true }).click();
    await a.page.getByLabel(`Marks: ${profile.full_name}`).fill('12');
    await a.page.getByRole('button', { name: 'Save participation and marks' }).click();
    await a.page.getByText('More than the full marks.').waitFor();
    await a.page.getByLabel(`Marks: ${profile.full_name}`).fill('8');
    await expectSoundScreen(a.page, 'activity marks');
    await a.page.getByRole('button', { name: 'Save participation and marks' }).click();
    await a.page.getByText('Participation and marks saved.').waitFor();
  } finally {
    await a.context.close();
  }

  const s = await signedIn('student1', '/student-admin');
  try {
    await s.page.getByRole('link', { name: /Activity/ }).click();
    await s.page.getByRole('heading', { name: 'Activities' }).waitFor();
    await s.page.getByRole('row').filter({ hasText: name }).getByText('8 / 10').waitFor();
    const line = await s.page.getByText(/Extra Curriculum on your grade sheet: [\d.]+ of 5/).textContent();
    const shown = Number(/: ([\d.]+) of 5/.exec(line!)![1]);
    await expectSoundScreen(s.page, 'student activities');
    // The grade sheet's Extra Curriculum column is the same number, for every subject.
    const sessions = (await (await api('/api/session', student1)).json()) as { id: number; current: boolean }[];
    const current = sessions.find((x) => x.current)!.id;
    const admin = await token('admin1');
    const sheet = (await (
      await api(`/api/gradesheet?student_code=${profile.student_code}&session_id=${current}`, admin)
    ).json()) as { subjects: { extra_curriculum: number }[] };
    expect(sheet.subjects.length).toBeGreaterThan(0);
    for (const sub of sheet.subjects) expect(sub.extra_curriculum).toBeCloseTo(shown, 2);
    expect(shown).toBeGreaterThan(0);
  } finally {
    await s.context.close();
  }
});
