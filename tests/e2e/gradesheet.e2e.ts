/**
 * Grade sheet end to end (real server, seeded demo, Chromium): a demo student opens their
 * evaluation tiles, then their grade sheet of the previous session (seeded complete and
 * published), reads it on a phone without the page scrolling sideways (each subject a card with
 * its grade in view, at 360 and 390 px), prints only the sheet, and downloads it as a real PDF.
 * Each screen passes axe (no serious or critical violation).
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectSoundScreen, launch, signIn } from './browser';
import { schoolDay } from './clock';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

const PHONE = { width: 360, height: 800 };

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

it('a demo student opens their published grade sheet on a phone, prints it and downloads its PDF', async () => {
  const page = await newPage();
  await signIn(page, 'student1');
  await page.waitForURL(`${baseUrl()}/student-admin`);

  await page.goto(`${baseUrl()}/studentEvaluation`);
  await page.getByRole('link', { name: /Check Grade Sheet/ }).waitFor();
  await expectSoundScreen(page, '/studentEvaluation');
  await page.getByRole('link', { name: /Check Grade Sheet/ }).click();
  await page.waitForURL(`${baseUrl()}/gradesheet`);

  const code = page.getByLabel('Student Id');
  await expect(code.inputValue()).resolves.not.toBe('');
  await expect(code.getAttribute('readonly')).resolves.not.toBeNull();
  // The session before the one the suite's school day is in (clock.ts; the seed's sessions are years).
  const previous = String(schoolDay().year - 1);
  await page.getByRole('option', { name: previous }).waitFor({ state: 'attached' });
  await page.getByLabel('Session').selectOption({ label: previous });
  await expect(page.getByRole('article').count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Submit' }).click();

  const sheet = page.getByRole('article');
  await sheet.getByRole('heading', { name: 'Yearly Calculation' }).waitFor();
  await expect(sheet.getByText('Provisional').count()).resolves.toBe(0);
  // On a phone each subject is a card (the wide table is for wider screens and paper).
  const cards = sheet.getByRole('list', { name: 'Results by subject' });
  await expect(cards.getByRole('listitem').count()).resolves.toBeGreaterThan(3);
  await expect(sheet.getByRole('region', { name: /^Grade sheet of / }).isVisible()).resolves.toBe(false);
  await expect(sheet.getByText(/^\d+ of \d+$/).count()).resolves.toBe(1);
  expect(page.url()).toMatch(/\/gradesheet\?session_id=\d+$/);
  await expectSoundScreen(page, '/gradesheet with a sheet');
  await page.screenshot({ path: path.join(os.tmpdir(), 'pathshala-gradesheet-phone.png'), fullPage: true });

  // At 390 x 844 (a common phone) nothing in the sheet scrolls sideways, and every subject's
  // grade and grade point are on screen, inside the width.
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await sheet.evaluate((article) =>
    [article, ...article.querySelectorAll('*')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || el === article)
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => el.tagName),
  );
  expect(overflow).toEqual([]);
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  const first = cards.getByRole('listitem').first();
  for (const label of ['Grade', 'Grade Point', 'Out of', 'Percentage']) {
    const value = first.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(value.isVisible()).resolves.toBe(true);
    const box = (await value.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  // The previous session is complete and its attendance was taken: graded on 100, no note.
  await expect(
    first.getByText('Out of', { exact: true }).locator('xpath=following-sibling::dd[1]').textContent(),
  ).resolves.toBe('100');
  await expect(sheet.getByText(/graded on/).count()).resolves.toBe(0);

  // On paper only the sheet: the filters and buttons are not printed.
  await page.emulateMedia({ media: 'print' });
  await expect(sheet.isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Submit' }).isVisible()).resolves.toBe(false);
  await expect(page.getByRole('banner').first().isVisible()).resolves.toBe(false);
  await expect(
    sheet.getByRole('heading', { name: 'Yearly Calculation' }).evaluate((el) => getComputedStyle(el).visibility),
  ).resolves.toBe('visible');
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^gradesheet-.+-${previous}\\.pdf$`));
  const file = (await download.path())!;
  const pdf = await readFile(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(5_000);
  // Kept for a person to look at (pdftoppm) after the run.
  await download.saveAs(path.join(os.tmpdir(), 'pathshala-gradesheet-e2e.pdf'));
});
