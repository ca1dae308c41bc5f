/**
 * The head teacher's reports end to end on the real seeded server (docs/DOMAIN.md, "Result
 * analysis", "Early warnings"): admin1 opens the tabulation sheet from the palette by keyboard,
 * chooses Six A and last year's session, reads the sheet, prints it as a PDF, then opens the
 * chronic absence list. Each screen is checked with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';

let browser: Browser;

/** Six's class id, as the section list carries it. */
const sixClassId = (page: Page) =>
  page.evaluate(async () => {
    const rows = (await (await fetch('/api/section/all')).json()) as { class_id: number; class_name: string }[];
    return rows.find((r) => r.class_name === 'Six')!.class_id;
  });
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

it('admin1 reads and prints the tabulation sheet of a section, then the chronic absence list', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin1');
  await page.waitForURL(`${baseUrl()}/school-admin`);
  await page.getByRole('heading', { name: 'School Admin Dashboard' }).waitFor();

  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').waitFor();
  await page.keyboard.type('Tabulation Sheet');
  await page.getByRole('option').first().waitFor();
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { name: 'Tabulation sheet' }).waitFor();

  const section = page.getByRole('combobox', { name: 'Section' });
  await section.locator('option', { hasText: 'Six A' }).first().waitFor({ state: 'attached' });
  const sixA = await section.locator('option', { hasText: 'Six A' }).first().getAttribute('value');
  await section.selectOption(sixA!);
  const session = page.getByRole('combobox', { name: 'Session' });
  // The suite's day is in 2026 (clock.ts): last year's session has the demo's results.
  const last = await session.locator('option', { hasText: '2025' }).first().getAttribute('value');
  await session.selectOption(last!);
  const table = page.getByRole('table', { name: /Tabulation sheet of/ });
  await table.waitFor();
  expect(await table.getByRole('row').count()).toBeGreaterThan(1);
  await expectSoundScreen(page, 'the tabulation sheet');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Print (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tabulation-.+\.pdf$/);
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // The class's analysis: its tables and charts (lazily loaded) render without a failure.
  await page.goto(`${baseUrl()}/result-analysis?class_id=${await sixClassId(page)}&session_id=${last}`);
  await page.getByRole('table', { name: 'Overall result by section' }).waitFor();
  await page.locator('canvas').first().waitFor();
  expect(await page.getByText('Something went wrong').count()).toBe(0);

  await page.goto(`${baseUrl()}/chronic-absence`);
  await page.getByRole('heading', { name: 'Chronic absence' }).waitFor();
  await page
    .getByRole('table', { name: 'Students with chronic absence' })
    .or(page.getByText('No student is on the list.'))
    .first()
    .waitFor();
  await expectSoundScreen(page, 'the chronic absence list');
  await context.close();
});
