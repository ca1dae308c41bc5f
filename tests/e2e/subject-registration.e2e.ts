/**
 * Subject registration end to end (real server, seeded demo, Chromium): the school admin chooses
 * Class Nine, Section A, registers two students for two subjects and a 4th subject, sees them in
 * both lists, is refused (with the server's own words) a 4th subject that is also compulsory, and
 * deletes a registration after confirming. The screen passes axe and never scrolls sideways, at
 * desktop width and at 360 px.
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

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

async function openSection(page: Page) {
  await page.goto(`${baseUrl()}/subjectregistration`);
  await page.getByRole('combobox', { name: /^Class/ }).selectOption({ label: 'Nine' });
  await page.getByRole('combobox', { name: /^Section/ }).selectOption({ label: 'A' });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Students of the section' }).waitFor();
}

it('registers students for subjects and a 4th subject, refuses a compulsory 4th subject, deletes after confirming', async () => {
  const admin = await newPage();
  await signIn(admin, 'admin1');
  await admin.waitForURL(`${baseUrl()}/school-admin`);
  await openSection(admin);
  await expectSoundScreen(admin, '/subjectregistration with a section loaded');

  const students = admin.getByRole('table', { name: 'Students of the section' }).getByRole('checkbox');
  const labelOf = async (i: number) => (await students.nth(i).getAttribute('aria-label'))!;
  const [first, second, third] = [await labelOf(0), await labelOf(1), await labelOf(2)];
  const codeOf = (label: string) => label.replace(/^Select /, '').split(' ')[0];
  await students.nth(0).check();
  await students.nth(1).check();
  await admin.getByRole('checkbox', { name: 'Select Bangla', exact: true }).check();
  await admin.getByRole('checkbox', { name: 'Select English', exact: true }).check();
  await admin.getByRole('checkbox', { name: 'Higher Mathematics as the 4th subject' }).check();
  await admin.getByRole('button', { name: 'Save Registration' }).click();
  await admin.getByText('Subject Registration saved successfully').first().waitFor();
  // The selections reset after a new registration.
  await expect(admin.getByRole('checkbox', { name: first, exact: true }).isChecked()).resolves.toBe(false);

  const subjectList = admin.getByRole('list', { name: 'Registered subjects' });
  const fourthList = admin.getByRole('table', { name: 'Registered 4th subjects' });
  for (const code of [codeOf(first), codeOf(second)]) {
    await subjectList.getByRole('button', { name: `Delete Bangla of ${code}` }).waitFor();
    await subjectList.getByRole('button', { name: `Delete English of ${code}` }).waitFor();
    await fourthList.getByRole('button', { name: `Delete Higher Mathematics of ${code}` }).waitFor();
  }

  // A 4th subject that is also one of the student's compulsory subjects: the server's 400, named.
  await admin.getByRole('checkbox', { name: third, exact: true }).check();
  await admin.getByRole('checkbox', { name: 'Select Higher Mathematics', exact: true }).check();
  await admin.getByRole('checkbox', { name: 'Higher Mathematics as the 4th subject' }).check();
  await admin.getByRole('button', { name: 'Save Registration' }).click();
  await admin
    .getByText('Higher Mathematics is chosen as a compulsory subject, so it cannot also be the 4th subject.')
    .waitFor();
  await expect(admin.getByRole('checkbox', { name: third, exact: true }).isChecked()).resolves.toBe(true);
  await expectSoundScreen(admin, '/subjectregistration with a refusal');

  // Delete one registration, after "Are you sure to delete?".
  const target = subjectList.getByRole('button', { name: `Delete English of ${codeOf(first)}` });
  await target.click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByText('Are you sure to delete?').waitFor();
  await expectSoundScreen(admin, 'the delete confirmation');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Subjcet deleted successfully').first().waitFor();
  await target.waitFor({ state: 'detached' });
  await subjectList.getByRole('button', { name: `Delete Bangla of ${codeOf(first)}` }).waitFor();
});

it('is usable at 360 px: the tables become cards and nothing scrolls sideways', async () => {
  const phone = await newPage(360);
  await signIn(phone, 'admin1');
  await phone.waitForURL(`${baseUrl()}/school-admin`);
  await openSection(phone);
  await phone.getByRole('checkbox', { name: 'Select all students' }).check();
  await expectSoundScreen(phone, '/subjectregistration at 360 px');
});
