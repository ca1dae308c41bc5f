/**
 * Exam setup end to end (real server, seeded demo, Chromium): the school admin creates
 * the half-yearly written exam of Bangla and English for both sections of Class Six in one action,
 * sees the four exams in the Exam Lists, then publishes that session's results after confirming
 * and sees them locked. Next year's session (2027) is used, so no other test's marks are locked.
 * Each screen passes axe (no serious or critical violation) and never scrolls sideways, on a
 * desktop and at 360 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 360, height: 740 };

async function newPage(viewport = DESKTOP): Promise<Page> {
  const narrow = viewport === NARROW;
  const context = await browser.newContext({ viewport, hasTouch: narrow, isMobile: narrow });
  contexts.push(context);
  return context.newPage();
}

it('the admin creates exams for several sections at once, sees them listed, and publishes the session', async () => {
  const page = await newPage();
  await signIn(page, 'admin1');
  await page.waitForURL(`${baseUrl()}/school-admin`);

  // ---- the menu leads to New Exam
  await page.goto(`${baseUrl()}/create-exam`);
  await page.getByRole('link', { name: /New Exam/ }).waitFor();
  await page
    .getByText(/Not published|Published on/)
    .first()
    .waitFor();
  await expectSoundScreen(page, '/create-exam');
  await page.getByRole('link', { name: /New Exam/ }).click();
  await page.waitForURL(`${baseUrl()}/newExam`);

  // ---- one submit: Half Yearly (Sub) of Bangla and English for every section of Six
  await page.getByRole('option', { name: 'Half Yearly (Sub)' }).first().waitFor({ state: 'attached' });
  await page.getByRole('option', { name: 'Six' }).first().waitFor({ state: 'attached' });
  await expectSoundScreen(page, '/newExam');
  await page.getByLabel('Session', { exact: true }).selectOption({ label: '2027' });
  await page.getByLabel('Exam Type', { exact: true }).selectOption({ label: 'Half Yearly (Sub)' });
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Six' });
  const sections = page.getByRole('group', { name: 'Sections' });
  await sections.getByRole('button', { name: 'All Sections' }).click();
  const chosenSections = await sections.getByRole('checkbox').count();
  expect(chosenSections).toBeGreaterThanOrEqual(2);
  const subjects = page.getByRole('group', { name: 'Subjects' });
  await subjects.getByRole('checkbox', { name: 'Bangla', exact: true }).check();
  await subjects.getByRole('checkbox', { name: 'English', exact: true }).check();
  await page.getByLabel('Full Marks').fill('100');
  await page.getByLabel('Converted Marks').fill('120');
  await page.getByRole('button', { name: 'Create exams' }).click();
  // Converted above full is named before anything is sent.
  await page.getByText('Converted Marks must not be more than Full Marks.').waitFor();
  await page.getByLabel('Converted Marks').fill('70');
  await page.getByRole('textbox', { name: 'Exam Date' }).fill('14-06-2027');
  await page.getByRole('textbox', { name: 'Exam Date' }).press('Tab');
  const count = chosenSections * 2;
  await page.getByText(`Creates ${count} exams (${chosenSections} sections × 2 subjects).`).waitFor();
  await page.getByRole('button', { name: 'Create exams' }).click();
  await page.getByText(`New exam Created Successfully!! (${count} exams)`).waitFor();

  // ---- listed: the list follows the class; narrow it to the session
  await page.getByLabel('Filter by session').selectOption({ label: '2027' });
  await page.waitForURL(/session_id=/);
  const table = page.getByRole('table', { name: 'Exam Lists' });
  const rows = table.getByRole('row').filter({ hasText: 'Half Yearly (Sub)' }).filter({ hasText: '2027' });
  await expect.poll(() => rows.count()).toBe(count);
  await expect(rows.filter({ hasText: 'Bangla' }).count()).resolves.toBe(chosenSections);
  await rows.first().getByText('14-06-2027').waitFor();
  await expectSoundScreen(page, '/newExam with the new exams');

  // ---- the same exam again is refused, naming it (409)
  await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Six' });
  await sections.getByRole('button', { name: 'All Sections' }).click();
  await subjects.getByRole('checkbox', { name: 'Bangla', exact: true }).check();
  await page.getByRole('button', { name: 'Create exams' }).click();
  await page.getByText(/Half Yearly \(Sub\) of Bangla for section .+ already exists in this session\./).waitFor();

  // ---- publish 2027's results after confirming (the form's choices are kept: leaving asks first)
  page.on('dialog', (d) => void d.accept()); // the browser's own "leave this page?" on a full load
  await page.goto(`${baseUrl()}/create-exam?session=${new URL(page.url()).searchParams.get('session_id')}`);
  await page.getByText('Not published. Teachers can enter and correct marks.').waitFor();
  await page.getByRole('button', { name: 'Publish results' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish the results of 2027?' });
  // The dialog's root has no box of its own (its panel is fixed): wait for what it says.
  await dialog.getByText(/Every student of the school will see their 2027 results/).waitFor();
  await expectSoundScreen(page, '/create-exam, publish confirmation');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Results published: marks are locked').waitFor();
  await page.getByText(/^Published on .+\. Marks are locked\.$/).waitFor();
  await page.getByRole('button', { name: 'Unlock marks' }).waitFor();
});

it('the exam screens fit a 360 px screen', async () => {
  const page = await newPage(NARROW);
  await signIn(page, 'admin1');
  await page.waitForURL(`${baseUrl()}/school-admin`);
  await page.goto(`${baseUrl()}/newExam`);
  await page.getByRole('option', { name: 'Six' }).first().waitFor({ state: 'attached' });
  await page.getByRole('table', { name: 'Exam Lists' }).waitFor();
  await expectSoundScreen(page, '/newExam at 360 px');
  await page.goto(`${baseUrl()}/create-exam`);
  await page.getByRole('button', { name: /Publish results|Unlock marks|Publish again/ }).waitFor();
  await page.getByRole('table', { name: 'Exam types of the school' }).waitFor();
  await expectSoundScreen(page, '/create-exam at 360 px');
  // Every control is at least 44 px tall (check boxes sit in 44 px labels).
  const short = await page.evaluate(() =>
    [...document.querySelectorAll('main button, main a, main select, main input:not([type=checkbox])')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().height < 43.5)
      .map((el) => (el as HTMLElement).outerHTML.slice(0, 80)),
  );
  expect(short).toEqual([]);
});
