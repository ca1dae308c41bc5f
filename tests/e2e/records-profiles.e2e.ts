/**
 * Profiles and homework marks end to end (real server, seeded demo, Chromium; docs/DOMAIN.md,
 * "Profiles", "Homework marks"): a teacher updates their profile with a photo, sees "Profile
 * updated" and the photo in the header; the teacher marks a student's homework answer in the
 * submission list (Enter saves) and the student, on a phone, sees the mark and the feedback. Each
 * screen passes axe (no serious or critical violation) and never scrolls sideways.
 *
 * Other files share the server: the teacher's name is left as it was and the photo is removed at
 * the end, so their headers are as they expect.
 */
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { TeacherOption } from '@/api/schemas/homework';
import { tinyPdf } from '../../server/db/seed/homework';
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

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: FormData | object): Promise<T> {
  const token = await sessionTokenOf(page);
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: payload });
  expect(res.status, `${method} ${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

it('a teacher updates their profile with a photo and sees it in the header', async () => {
  const teacher = await newPage();
  await signIn(teacher, 'teacher1');
  await teacher.waitForURL(`${baseUrl()}/teacher-admin`);

  // The palette's "Edit my profile" opens the form (once the shell is there to listen).
  await teacher.getByRole('button', { name: /search or jump/i }).waitFor();
  await teacher.keyboard.press('Control+k');
  await teacher.getByRole('combobox').fill('Edit my profile');
  await teacher
    .getByRole('option', { name: /Edit my profile/ })
    .first()
    .click();
  await teacher.waitForURL(`${baseUrl()}/myprofile`);
  await teacher.getByRole('heading', { name: 'Edit my profile', level: 1 }).waitFor();
  await teacher.getByRole('textbox', { name: 'Mobile number' }).waitFor();
  await expectSoundScreen(teacher, '/myprofile');

  const mobile = `0171${String(Date.now()).slice(-7)}`;
  await teacher.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  await teacher.getByRole('textbox', { name: 'Designation' }).fill('Senior Teacher');
  await teacher.getByLabel('Blood group').selectOption('B+');
  await teacher.getByRole('textbox', { name: 'Designation' }).press('Enter');
  await teacher.getByText('Profile updated').waitFor();
  expect(await teacher.getByText(/password Changed/i).count()).toBe(0);

  // A camera picture: re-encoded by the server, then shown on the page and in the header.
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a6f97' } })
    .jpeg()
    .toBuffer();
  await teacher.getByTestId('photo-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: picture });
  await teacher.getByText('Photo saved').waitFor();
  const header = teacher.getByRole('button', { name: /^Profile menu/ }).locator('img');
  await header.waitFor();
  expect(await header.getAttribute('src')).toMatch(/^\/api\/profile\/photo\/\d+\?v=[0-9a-f]{16}$/);
  await teacher.waitForFunction(
    () => {
      const img = document.querySelector<HTMLImageElement>('header img');
      return img !== null && img.complete && img.naturalWidth === 512;
    },
    undefined,
    { timeout: 10_000 },
  );
  await expectSoundScreen(teacher, '/myprofile with a photo');

  // Kept after a reload: the session's profile carries the photo.
  await teacher.reload();
  await teacher
    .getByRole('button', { name: /^Profile menu/ })
    .locator('img')
    .waitFor();
  const mine = await api<{ mobile: string; blood_group: string; designation: string }>(
    teacher,
    'GET',
    '/api/profile/me',
  );
  expect(mine).toMatchObject({ mobile, blood_group: 'B+', designation: 'Senior Teacher' });

  // Left as other files expect it: no photo.
  await teacher.getByRole('button', { name: 'Remove photo' }).click();
  await teacher.getByText('Photo removed').waitFor();
});

it('the teacher marks a student’s answer in the list; the student sees the mark and the feedback', async () => {
  const student = await newPage(PHONE);
  await signIn(student, 'student1');
  await student.waitForURL(`${baseUrl()}/student-admin`);
  const me = await api<{ section_id: number; full_name: string }>(student, 'GET', '/api/users/user_id');

  const teacher = await newPage();
  await signIn(teacher, 'teacher1');
  await teacher.waitForURL(`${baseUrl()}/teacher-admin`);
  const options = await api<TeacherOption[]>(teacher, 'GET', '/api/homework/teacher/options');
  const option = options.find((o) => o.section_id === me.section_id);
  expect(option, 'teacher1 teaches student1’s section').toBeDefined();

  // The homework and the answer through the API (homework.e2e.ts drives those screens).
  const topic = `Photosynthesis ${Date.now()}`;
  const form = new FormData();
  for (const [k, v] of Object.entries({
    class_id: option!.class_id,
    section_id: option!.section_id,
    subject_id: option!.subject_id,
    topic,
    issue_date: SCHOOL_DAY,
    due_date: '2099-12-31',
  })) {
    form.append(k, String(v));
  }
  const created = await api<{ id: number }>(teacher, 'POST', '/api/homework/teacher', form);
  const answer = new FormData();
  answer.append('homework_id', String(created.id));
  answer.append('file', new Blob([Buffer.from(tinyPdf(['My answer']))], { type: 'application/pdf' }), 'answer.pdf');
  await api(student, 'POST', '/api/homework/submit', answer);

  // ---- the teacher marks it in the row: Enter saves
  await teacher.goto(`${baseUrl()}/homeworksubmitlist?homework=${created.id}`);
  const mark = teacher.getByRole('textbox', { name: `Mark for ${me.full_name}` });
  await mark.fill('8.5');
  await teacher.getByRole('textbox', { name: `Feedback for ${me.full_name}` }).fill('Good diagram, label the parts.');
  await mark.press('Enter');
  await teacher.getByText('Mark saved').waitFor();
  await expectSoundScreen(teacher, '/homeworksubmitlist with a mark');

  // ---- the student sees it on a phone
  await student.goto(`${baseUrl()}/studenthomework`);
  const card = student.getByRole('listitem').filter({ hasText: topic });
  await card.getByText('8.5 out of 100').waitFor();
  await card.getByText('Good diagram, label the parts.').waitFor();
  await expectSoundScreen(student, '/studenthomework with a mark (phone)');
  await expectTapTargets(student, '/studenthomework (phone)');
  await card.getByRole('link', { name: `Open and submit: “${topic}”` }).click();
  const detail = student.getByTestId('homework-mark');
  await detail.getByText('8.5 out of 100').waitFor();
  await detail.getByText('Good diagram, label the parts.').waitFor();
});
