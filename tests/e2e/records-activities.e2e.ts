/**
 * Subject activities end to end (real server, seeded demo, Chromium; docs/DOMAIN.md, "Exams and
 * grades", subject activities): teacher1 sets an activity for a subject of student1's section,
 * student1 (on a phone) answers it, teacher1 marks the answer, and student1 sees the mark and the
 * feedback. The e2e clock is fixed (tests/e2e/clock.ts: 08:30 in Dhaka on SCHOOL_DAY), so the
 * activity opens at 08:00 and is due at 23:00 that day, school time. Each screen passes axe (no
 * serious or critical violation) and never scrolls sideways.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TeacherOption } from '@/api/schemas/homework';
import { baseUrl, expectSoundScreen, expectTapTargets, launch, signIn, sessionTokenOf } from './browser';
import { SCHOOL_DAY } from './clock';

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

it('teacher1 sets an activity, student1 answers it, teacher1 marks it, student1 sees the mark', async () => {
  const student = await newPage(PHONE);
  await signIn(student, 'student1');
  await student.waitForURL(`${baseUrl()}/student-admin`);
  const me = await apiAs<{ section_id: number; full_name?: string }>(student, '/api/users/user_id');

  const teacher = await newPage();
  await signIn(teacher, 'teacher1');
  await teacher.waitForURL(`${baseUrl()}/teacher-admin`);
  const options = await apiAs<TeacherOption[]>(teacher, '/api/homework/teacher/options');
  const option = options.find((o) => o.section_id === me.section_id);
  expect(option, 'teacher1 teaches student1’s section').toBeDefined();

  // ---- teacher1 sets the activity (keyboard and form on the desktop)
  await teacher.goto(`${baseUrl()}/teacheractivity`);
  await teacher.getByRole('heading', { name: 'Subject Activities', level: 1 }).waitFor();
  await teacher.getByRole('option', { name: option!.class_name }).first().waitFor({ state: 'attached' });
  await expectSoundScreen(teacher, '/teacheractivity');
  await teacher.getByLabel('Class').selectOption(String(option!.class_id));
  await teacher.getByLabel('Section').selectOption(String(option!.section_id));
  await teacher.getByLabel('Subject').selectOption(String(option!.subject_id));
  const title = `Water cycle ${Date.now()}`;
  await teacher.getByLabel('Title').fill(title);
  await teacher.getByLabel('Questions').fill('Draw the water cycle and explain evaporation.');
  await teacher.getByLabel('Starts at').fill(`${SCHOOL_DAY}T08:00`);
  await teacher.getByLabel('Due at').fill(`${SCHOOL_DAY}T23:00`);
  await teacher.getByLabel('Full mark').fill('20');
  await teacher.getByLabel('Full mark').press('Enter');
  await teacher.getByText('New activity added successfully!!').waitFor();
  await teacher.getByRole('row').filter({ hasText: title }).waitFor();
  await expectSoundScreen(teacher, '/teacheractivity with the new activity');

  // ---- student1 answers it on a phone
  await student.goto(`${baseUrl()}/studentactivities`);
  await student.getByRole('link', { name: `Open “${title}”` }).click();
  await student.getByRole('heading', { name: title }).waitFor();
  await student.getByText('Draw the water cycle and explain evaporation.').waitFor();
  await expectSoundScreen(student, '/studentactivitysubmit (phone)');
  await expectTapTargets(student, '/studentactivitysubmit (phone)');
  await student.getByLabel('Your answer').fill('Water evaporates, condenses into clouds and falls as rain.');
  await student.getByRole('button', { name: 'Submit answer' }).click();
  await student.waitForURL(`${baseUrl()}/studentactivities`);
  await student.getByText('Activity answer submitted successfully!!').waitFor();

  // ---- teacher1 marks the answer
  await teacher.reload();
  await teacher.getByRole('row').filter({ hasText: title }).getByRole('link').click();
  await teacher.getByRole('heading', { name: 'Activity Answers', level: 1 }).waitFor();
  const answered = teacher.getByRole('row').filter({ hasText: 'Water evaporates' });
  await answered.waitFor();
  await expectSoundScreen(teacher, '/activitysubmitlist');
  await answered.getByRole('button', { name: /^Mark .*’s answer$/ }).click();
  const dialog = teacher.getByRole('dialog');
  await dialog.getByLabel('Mark').fill('17.5');
  await dialog.getByLabel('Feedback').fill('Clear and complete.');
  await expectSoundScreen(teacher, '/activitysubmitlist, marking');
  await dialog.getByRole('button', { name: 'Save mark' }).click();
  await teacher.getByText('Activity mark saved.').waitFor();
  await teacher.getByRole('row').filter({ hasText: 'Water evaporates' }).getByText('17.5 of 20').waitFor();

  // ---- student1 sees the mark and the feedback
  await student.reload();
  await student.getByText('Marked: 17.5 of 20').waitFor();
  await student.getByRole('link', { name: `Open “${title}”` }).click();
  await student.getByText('Mark: 17.5 of 20').waitFor();
  await student.getByText('Teacher’s feedback: Clear and complete.').waitFor();
  // Marked: the answer stands, no form to replace it.
  expect(await student.getByRole('button', { name: 'Submit answer' }).count()).toBe(0);
  await expectSoundScreen(student, '/studentactivitysubmit marked (phone)');
});
