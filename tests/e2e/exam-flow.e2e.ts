/**
 * Exams from marks to the printed sheet (one flow on the real seeded server): teacher1
 * enters a section's Monthly Class Test 3 marks by keyboard only; the school admin publishes this
 * session's results after confirming; a student of that section opens this session's grade sheet,
 * sees the marks just entered, and downloads it as a PDF. The admin then unlocks the marks again
 * (the results stay published), so the other files' mark entry is not locked out.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExamInfoRow, ExamNameRow, StudentMarkSheet } from '@/api/schemas/exams';
import type { SessionRow } from '@/api/schemas/lookups';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as T;
}
const tokenOf = async (user_code: string) =>
  (await api<{ accessToken: string }>('/api/users/login', undefined, { user_code, password: 'demo1234' })).accessToken;

async function pageOf(userCode: string, landing: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return page;
}

it('teacher enters marks by keyboard → admin publishes → the student reads and downloads the grade sheet', async () => {
  // ---- what to enter: one of teacher1's class tests still empty, in a section with a demo student
  const teacherToken = await tokenOf('teacher1');
  const session = (await api<SessionRow[]>('/api/session', teacherToken)).find((s) => s.current)!;
  const type = (await api<ExamNameRow[]>('/api/exam_name', teacherToken)).find(
    (t) => t.exam_name === 'Monthly Class Test 3',
  )!;
  const exams = (
    await api<{ rows: ExamInfoRow[] }>(
      `/api/exam_info?session_id=${session.id}&exam_name_id=${type.id}&limit=200`,
      teacherToken,
    )
  ).rows;
  // The first of teacher1's list is the mark-entry file's, so another one still empty; its first
  // student reads the sheet (every demo student signs in with their code and the demo password).
  let chosen: { exam: ExamInfoRow; sheet: StudentMarkSheet; student: string } | null = null;
  for (const exam of exams.slice(1)) {
    const sheet = await api<StudentMarkSheet>(`/api/student_mark?exam_info_id=${exam.id}`, teacherToken);
    if (sheet.locked || sheet.rows.length === 0 || sheet.rows.some((r) => r.marks_obtained !== null)) continue;
    chosen = { exam, sheet, student: sheet.rows[0].student_code };
    break;
  }
  expect(chosen, 'an empty class test of teacher1').not.toBeNull();
  const { exam, sheet, student } = chosen!;
  const n = sheet.rows.length;

  // ---- the teacher, keyboard only
  const teacher = await pageOf('teacher1', '/teacher-admin');
  await teacher.goto(`${baseUrl()}/teacherevaluation`);
  await teacher.getByLabel('Exam Type').selectOption({ label: exam.exam_name });
  await teacher.getByLabel('Class').selectOption({ label: exam.class_name });
  await teacher.getByLabel('Section').selectOption({ label: exam.section_default_name });
  await teacher.getByLabel('Subject').selectOption({ label: exam.subject_name });
  await teacher.getByRole('button', { name: 'Search Student' }).click();
  await teacher.getByRole('table', { name: 'Marks Entry Sheet' }).waitFor();
  const first = sheet.rows[0];
  const firstField = teacher.getByRole('textbox', {
    name: `Marks Obtained of ${first.name}, roll ${first.class_roll_no}`,
  });
  await expect.poll(() => firstField.evaluate((el) => el === document.activeElement)).toBe(true);
  for (let i = 0; i < n; i++) {
    await teacher.keyboard.type(String(10 + (i % 11)));
    await teacher.keyboard.press('Enter');
  }
  await teacher.getByRole('dialog', { name: 'Save these marks?' }).getByText(`The marks of ${n} students`).waitFor();
  await teacher.keyboard.press('Enter');
  await teacher.getByRole('heading', { name: `${n} students Mark entry successful!!` }).waitFor();

  // ---- the admin publishes this session's results, after confirming
  const admin = await pageOf('admin1', '/school-admin');
  try {
    await admin.goto(`${baseUrl()}/create-exam?session=${session.id}`);
    await admin.getByText('Not published. Teachers can enter and correct marks.').waitFor();
    await admin.getByRole('button', { name: 'Publish results' }).click();
    const dialog = admin.getByRole('dialog', { name: `Publish the results of ${session.session_year}?` });
    await dialog.getByText(/Every student of the school will see their/).waitFor();
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await admin.getByText('Results published: marks are locked').waitFor();

    // ---- the student: this session's sheet (now the newest published) and its PDF
    const pupil = await pageOf(student, '/student-admin');
    await pupil.goto(`${baseUrl()}/gradesheet`);
    await expect.poll(() => pupil.getByLabel('Session').inputValue()).toBe(String(session.id));
    await pupil.getByRole('button', { name: 'Submit' }).click();
    const article = pupil.getByRole('article');
    await article.getByRole('heading', { name: 'Yearly Calculation' }).waitFor();
    await article
      .getByRole('row', { name: new RegExp(exam.subject_name) })
      .first()
      .waitFor();
    await expectSoundScreen(pupil, 'the published grade sheet of this session');
    const [download] = await Promise.all([
      pupil.waitForEvent('download'),
      pupil.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-${session.session_year}\\.pdf$`));
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  } finally {
    // Marks of this session open again for the other files (the results stay published).
    const adminToken = await tokenOf('admin1');
    await fetch(`${baseUrl()}/api/exam/unlock`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${adminToken}`,
        'idempotency-key': `e2e-unlock-${Date.now()}`,
      },
      body: JSON.stringify({ session_id: session.id }),
    });
  }
}, 150_000);
