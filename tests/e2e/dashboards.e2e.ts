/**
 * The school admin's dashboard end to end on the real seeded server (docs/DOMAIN.md,
 * "Dashboards"): admin1 lands on /school-admin and reads today's attendance rate, the trend of the
 * last school days drawn as a chart (its canvas) beside its summary and table, then prints
 * section Six A's ID cards from the student list. Each screen is checked with axe.
 */
import type { Browser } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('the admin reads the rate and the trend chart with its table, and downloads a section’s ID cards', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin1');
  await page.waitForURL(`${baseUrl()}/school-admin`);

  const today = page.getByRole('region', { name: 'Attendance today' });
  await today.waitFor();
  await expect(
    today
      .getByText(/%|Not taken yet/)
      .first()
      .isVisible(),
  ).resolves.toBe(true);
  const trend = page.getByRole('region', { name: /^The last \d+ school days$/ });
  await trend.waitFor();
  // The chart is drawn in its own chunk; its text alternative is the summary and the table.
  await trend.locator('canvas').waitFor();
  await expect(trend.getByText(/^Attendance averaged .+%/).isVisible()).resolves.toBe(true);
  await trend.getByText('Attendance by day', { exact: true }).first().click();
  const table = trend.getByRole('table', { name: 'Attendance by day' });
  await table.waitFor();
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expectSoundScreen(page, 'the school admin’s dashboard');

  await page.goto(`${baseUrl()}/add-student`);
  const cards = page.getByRole('region', { name: 'Student ID card' });
  await cards.waitFor();
  await cards.getByRole('combobox', { name: 'ID cards of the section' }).selectOption({ label: 'Six A' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    cards.getByRole('button', { name: 'ID cards (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^id-cards.*\.pdf$/);
  await expectSoundScreen(page, 'the student list with its ID cards');
  await context.close();
});
