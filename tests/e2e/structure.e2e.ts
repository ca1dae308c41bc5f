/**
 * A school's structure end to end on the real seeded server: admin1 creates a section
 * and a period, an overlapping period is refused with the server's message under its times, the
 * unused section and period are deleted after "Are you sure to delete?", and deleting section A of
 * Six (students and a routine use it) shows the 409's message and deletes nothing. What this
 * suite creates it deletes again, so the other suites see the seeded structure. Every screen
 * visited passes axe and does not scroll sideways, at desktop width and at 360 px.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(userCode: string, landing: string) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, userCode);
  await page.waitForURL(`${baseUrl()}${landing}`);
  return { context, page };
}

/** Deletes the row behind `buttonName` after the question, if it is there; waits for `done`. */
async function deleteRow(page: Page, buttonName: string, done: string | RegExp, check?: string) {
  const remove = page.getByRole('button', { name: buttonName, exact: true });
  await remove.waitFor();
  await remove.click();
  const question = page.getByRole('dialog', { name: 'Are you sure to delete?' });
  await question.getByRole('button', { name: 'Delete' }).waitFor();
  if (check) await expectSoundScreen(page, check);
  await question.getByRole('button', { name: 'Delete' }).click();
  await page.getByText(done).first().waitFor();
}

it('admin1 sets up a section and a period, is refused an overlap, and deletes only what is unused', async () => {
  const { context, page } = await signedIn('admin1', '/school-admin');
  let sectionMade = false;
  let periodMade = false;
  try {
    // ---- a section of Six in the Day shift
    await page.goto(`${baseUrl()}/section-create`);
    await page.getByRole('heading', { name: 'Create Section' }).waitFor();
    await page.getByRole('table', { name: 'Sections' }).waitFor();
    await expectSoundScreen(page, 'section setup');
    const sectionForm = page.getByRole('form', { name: 'Create New Section' });
    await sectionForm.getByLabel('Class', { exact: true }).selectOption({ label: 'Six' });
    await sectionForm.getByLabel('Shift', { exact: true }).selectOption({ label: 'Day' });
    await sectionForm.getByLabel('Section Name').fill('E2E');
    await sectionForm.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('New Section Created!').waitFor();
    sectionMade = true;
    await page.getByRole('button', { name: 'Delete Six E2E', exact: true }).waitFor();

    // ---- deleting a section students and the routine use: the 409's message, nothing deleted
    await deleteRow(page, 'Delete Six A', /^Section A of Six cannot be deleted: .*use it\./, 'delete question');
    await page.getByRole('button', { name: 'Delete Six A', exact: true }).waitFor();

    // ---- the unused section goes, after the question
    await deleteRow(page, 'Delete Six E2E', 'Section E2E of Six deleted.');
    sectionMade = false;
    await page.getByRole('button', { name: 'Delete Six E2E', exact: true }).waitFor({ state: 'detached' });

    // ---- a period after school, then one overlapping it
    await page.goto(`${baseUrl()}/period-create`);
    await page.getByRole('table', { name: 'Periods' }).waitFor();
    const periodForm = page.getByRole('form', { name: 'Create New Period' });
    const fillPeriod = async (code: string, serial: string, start: string, end: string) => {
      await periodForm.getByLabel('Shift', { exact: true }).selectOption({ label: 'Day' });
      await periodForm.getByLabel('Period', { exact: true }).fill(code);
      await periodForm.getByLabel('Serial No.').fill(serial);
      await periodForm.getByLabel('Start Time').fill(start);
      await periodForm.getByLabel('End Time').fill(end);
      await periodForm.getByRole('button', { name: 'Submit' }).click();
    };
    await fillPeriod('E2E', '20', '16:00', '16:40');
    await page.getByText('New period Created!').waitFor();
    periodMade = true;
    await fillPeriod('E2X', '21', '15:30', '16:20');
    await periodForm.getByText('These times overlap period E2E (16:00–16:40) of this shift.').first().waitFor();
    // The refused form is kept as typed.
    expect(await periodForm.getByLabel('Period', { exact: true }).inputValue()).toBe('E2X');
    await expectSoundScreen(page, 'period setup with an overlap refused');

    // ---- at 360 px the screen still fits
    await page.setViewportSize({ width: 360, height: 780 });
    await expectSoundScreen(page, 'period setup at 360 px');
    await page.setViewportSize({ width: 1280, height: 720 });

    // ---- the unused period goes, after the question
    await deleteRow(page, 'Delete E2E (Day)', 'Period E2E deleted.');
    periodMade = false;
  } finally {
    // Leave the seeded structure as it was, whatever failed above.
    if (sectionMade) {
      await page.goto(`${baseUrl()}/section-create`);
      await deleteRow(page, 'Delete Six E2E', 'Section E2E of Six deleted.').catch(() => undefined);
    }
    if (periodMade) {
      await page.goto(`${baseUrl()}/period-create`);
      await deleteRow(page, 'Delete E2E (Day)', 'Period E2E deleted.').catch(() => undefined);
    }
    await context.close();
  }
});
