/**
 * Two-factor sign-in end to end (issue 16; real server, Chromium): admin2 turns it on from
 * /schoolprofile (the key read from the page, the code computed here with otplib as an
 * authenticator app would), keeps a recovery code, signs out, signs in with the password and then
 * a code, and turns it off again with the recovery code so the other files are unaffected.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generate } from 'otplib';
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

/** A code is good once per 30-second step: wait for the next step before computing another. */
async function nextStep() {
  const ms = 30_000 - (Date.now() % 30_000) + 500;
  await new Promise((r) => setTimeout(r, ms));
}

it('admin2 turns two-factor sign-in on, signs in with password and code, and turns it off', async () => {
  const page = await newPage();
  await signIn(page, 'admin2');
  await page.waitForURL(`${baseUrl()}/school-admin`);
  await page.goto(`${baseUrl()}/schoolprofile`);
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByText('Two-factor sign-in is off.').waitFor();
  await card.getByRole('button', { name: 'Turn on' }).click();

  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectSoundScreen(page, '/schoolprofile (two-factor setup)');
  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();

  const codes = card.getByRole('list', { name: 'Pathshala recovery codes' }).getByRole('listitem');
  await codes.first().waitFor();
  expect(await codes.count()).toBe(10);
  const recovery = (await codes.first().innerText()).trim();
  await card.getByRole('button', { name: 'I saved them' }).click();
  await card.getByText('Two-factor sign-in is on. 10 recovery codes left.').waitFor();

  // Sign out, then in: the password alone asks for the code.
  await page.getByRole('button', { name: /^Profile menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${baseUrl()}/login`);
  await signIn(page, 'admin2');
  const code = page.getByLabel('Code from your authenticator app');
  await code.waitFor();
  await expectSoundScreen(page, '/login (code step)');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('alert').getByText('That code is not right').waitFor();
  await nextStep();
  await code.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${baseUrl()}/school-admin`);

  // Turn it off again (with a recovery code), after confirming.
  await page.goto(`${baseUrl()}/schoolprofile`);
  await card.getByText(/Two-factor sign-in is on\./).waitFor();
  await card.getByLabel('A code from the app, or a recovery code').fill(recovery);
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off two-factor sign-in?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await card.getByText('Two-factor sign-in was turned off.').waitFor();
  await card.getByText('Two-factor sign-in is off.').waitFor();
}, 120_000);
