/**
 * Mark entry end to end on the real seeded server: teacher1 opens Evaluation -> Mark
 * Entry, chooses this session's Monthly Class Test 3 (the seed leaves it for the teacher) for a
 * section and subject they teach, enters every student's mark with the keyboard only (type, Enter
 * or ↓; the last Enter opens the review), reviews, saves, sees the server's message and the
 * "Inserted data", reloads and finds the marks in the sheet. A mark above full marks is refused on
 * the page naming the field, and by the server too (400 naming the field). Every screen is checked
 * with axe; on a 360 px phone the sheet does not scroll sideways and its targets are 44 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExamInfoRow, ExamNameRow, StudentMarkSheet } from '@/api/schemas/exams';
import type { SessionRow } from '@/api/schemas/lookups';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(path: string, token?: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function tokenOf(userCode: string) {
  const login = await api<{ accessToken: string }>('/api/users/login', undefined, {
    user_code: userCode,
    password: 'demo1234',
  });
  return login.body.accessToken;
}

/** teacher1's Monthly Class Test 3 of this session: the first exam in their list, and its sheet. */
async function examToEnter() {
  const token = await tokenOf('teacher1');
  const sessions = (await api<SessionRow[]>('/api/session', token)).body;
  const session = sessions.find((s) => s.current)!;
  const types = (await api<ExamNameRow[]>('/api/exam_name', token)).body;
  const type = types.find((t) => t.exam_name === 'Monthly Class Test 3')!;
  const list = (
    await api<{ rows: ExamInfoRow[] }>(
      `/api/exam_info?session_id=${session.id}&exam_name_id=${type.id}&limit=200`,
      token,
    )
  ).body.rows;
  expect(list.length).toBeGreaterThan(0);
  const exam = list[0];
  const sheet = (await api<StudentMarkSheet>(`/api/student_mark?exam_info_id=${exam.id}`, token)).body;
  return { token, exam, sheet };
}

async function signedIn(userCode: string, landing: string, viewport?: { width: number; height: number }) {
  const context: BrowserContext = await browser.newContext(viewport ? { viewport, hasTouch: true } : {});
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

/** The shortest side of the visible elements a selector finds. */
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

/** The mark each student gets: a spread from 0 to 20 (full marks), a real zero included. */
const markFor = (i: number) => String((i * 7) % 21);

it('teacher1 enters a section’s marks by keyboard, reviews, saves, and finds them after a reload', async () => {
  const { exam, sheet } = await examToEnter();
  expect(sheet.locked).toBe(false);
  expect(sheet.rows.every((r) => r.marks_obtained === null)).toBe(true);
  const n = sheet.rows.length;
  expect(n).toBeGreaterThan(1);

  const { context, page } = await signedIn('teacher1', '/teacher-admin');
  await page.goto(`${baseUrl()}/markentry`);
  await page.getByRole('heading', { name: 'Evaluation' }).waitFor();
  await expectSoundScreen(page, 'the Evaluation menu');
  await page.getByRole('link', { name: /Mark Entry/ }).click();
  await page.waitForURL(`${baseUrl()}/teacherevaluation`);
  await page.getByRole('heading', { name: 'Marks Entry' }).waitFor();

  await page.getByLabel('Exam Type').selectOption({ label: exam.exam_name });
  await page.getByLabel('Class').selectOption({ label: exam.class_name });
  await page.getByLabel('Section').selectOption({ label: exam.section_default_name });
  await page.getByLabel('Subject').selectOption({ label: exam.subject_name });
  await page.getByRole('button', { name: 'Search Student' }).click();
  await page.getByRole('table', { name: 'Marks Entry Sheet' }).waitFor();
  const first = sheet.rows[0];
  const firstField = page.getByRole('textbox', {
    name: `Marks Obtained of ${first.name}, roll ${first.class_roll_no}`,
  });
  await expect.poll(() => firstField.evaluate((el) => el === document.activeElement)).toBe(true);
  await expectSoundScreen(page, 'the marks entry sheet');

  // A mark above full marks is refused on the page, naming the field; no review opens.
  await page.keyboard.type('25');
  const problem = page.getByText(
    `Marks Obtained of ${first.name}, roll ${first.class_roll_no} must be at most ${exam.full_marks} (the full marks).`,
  );
  await problem.waitFor();
  expect(await firstField.getAttribute('aria-invalid')).toBe('true');
  await page.keyboard.press('Enter'); // to the next student
  await page.getByRole('button', { name: 'Review changes' }).click();
  expect(await page.getByRole('dialog').count()).toBe(0);
  // The keyboard is back on the field with the problem: type over it.
  await expect.poll(() => firstField.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  // Keyboard only: a mark, then Enter (or ↓ every third student); Enter on the last reviews.
  for (let i = 0; i < n; i++) {
    await page.keyboard.type(markFor(i));
    await page.keyboard.press(i === n - 1 || i % 3 !== 2 ? 'Enter' : 'ArrowDown');
  }
  const dialog = page.getByRole('dialog', { name: 'Save these marks?' });
  // The dialog's root has no box of its own (its panel is fixed): wait for what is in it.
  await dialog.getByText(`The marks of ${n} students will change:`).waitFor();
  await expectSoundScreen(page, 'the review of changes');
  await page.keyboard.press('Enter');

  await page.getByRole('heading', { name: `${n} students Mark entry successful!!` }).waitFor();
  const inserted = page.getByRole('table', { name: 'Inserted data' });
  expect(await inserted.getByRole('row').count()).toBe(n + 1);
  await expectSoundScreen(page, 'after the save');

  // The filters are in the address: a reload opens the same sheet with the saved marks.
  expect(page.url()).toContain(`section_id=${exam.section_id}`);
  await page.reload();
  await page.getByRole('table', { name: 'Marks Entry Sheet' }).waitFor();
  for (const [i, r] of sheet.rows.entries()) {
    const field = page.getByRole('textbox', { name: `Marks Obtained of ${r.name}, roll ${r.class_roll_no}` });
    await expect.poll(() => field.inputValue()).toBe(markFor(i));
  }
  await context.close();

  // The server keeps the same bound and names the field.
  const { token } = await examToEnter();
  const refused = await api<{ error: { code: string; fields: Record<string, string> } }>('/api/exam_mark', token, {
    exam_info_id: exam.id,
    subject_id: exam.subject_id,
    mark_update: [{ student_id: first.student_id, mark_obtained: exam.full_marks + 1 }],
  });
  expect(refused.status).toBe(400);
  expect(Object.keys(refused.body.error.fields)).toEqual(['mark_update.0.mark_obtained']);
  const after = (await api<StudentMarkSheet>(`/api/student_mark?exam_info_id=${exam.id}`, token)).body;
  expect(after.rows.map((r) => r.marks_obtained)).toEqual(sheet.rows.map((_, i) => Number(markFor(i))));
});

it('the sheet works on a 360 px phone: no sideways scroll, 44 px fields and buttons', async () => {
  const { exam } = await examToEnter();
  const { context, page } = await signedIn('teacher1', '/teacher-admin', { width: 360, height: 740 });
  await page.goto(
    `${baseUrl()}/teacherevaluation?exam_name_id=${exam.exam_name_id}&class_id=${exam.class_id}&section_id=${exam.section_id}&subject_id=${exam.subject_id}`,
  );
  await page.getByRole('table', { name: 'Marks Entry Sheet' }).waitFor();
  await expectSoundScreen(page, 'the marks entry sheet on a phone');
  expect(await smallestSide(page, 'table input, table button, main button')).toBeGreaterThanOrEqual(44);
  expect(await page.locator('table input').first().getAttribute('inputmode')).toBe('decimal');
  // The teacher's marks sheet lists the saved marks, with a delete per row.
  await page.goto(
    `${baseUrl()}/teachermark?exam_name_id=${exam.exam_name_id}&class_id=${exam.class_id}&section_id=${exam.section_id}&subject_id=${exam.subject_id}`,
  );
  await page.getByRole('table', { name: 'Marks' }).waitFor();
  await expectSoundScreen(page, 'the teacher marks sheet on a phone');
  await context.close();
});
