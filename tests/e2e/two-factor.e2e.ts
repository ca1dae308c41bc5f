/**
 * Two-factor sign-in end to end (real server, Chromium): admin2 turns it on from
 * /schoolprofile (the key read from the page, the code computed here with otplib as an
 * authenticator app would), keeps a recovery code, signs out, signs in with the password and then
 * a code, and turns it off again with the recovery code so the other files are unaffected.
 * Then a school's requirement: the super admin creates a school with its admin and requires
 * two-factor sign-in of that school's admins on /two-factor-admins; the new admin, after the
 * one-time password, is held on /two-factor until it is on, and then signs in with a code. (The
 * demo schools have one admin each and no screen adds a second, so the school admin who sets the
 * requirement here is the super admin; a school admin setting it is in tests/server/two-factor.test.ts.)
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

const stepNow = () => Math.floor(Date.now() / 30_000);
/** The last 30-second step a code was computed for, per key: the server takes a step's code once. */
const usedStep = new Map<string, number>();
/**
 * A code the server has not taken yet, as an authenticator app shows it: the current step's, or,
 * when that one was used, the next step's (the server accepts a code one step either side of now,
 * server/auth/two-factor.ts), waiting only when even that is used.
 */
async function freshCode(secret: string): Promise<string> {
  const step = Math.max(stepNow(), (usedStep.get(secret) ?? -1) + 1);
  while (step > stepNow() + 1) await new Promise((r) => setTimeout(r, 500));
  usedStep.set(secret, step);
  return generate({ secret, epoch: step * 30 });
}

it('admin2 turns two-factor sign-in on, signs in with password and code, and turns it off', async () => {
  const page = await newPage();
  await signIn(page, 'admin2');
  await page.waitForURL(`${baseUrl()}/school-admin`);
  await page.goto(`${baseUrl()}/schoolprofile`);
  const card = page.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByText('Two-factor sign-in is off.').waitFor();
  // Turning it on (and off) asks for the current password first.
  await card.getByLabel('Your current password').fill('demo1234');
  await card.getByRole('button', { name: 'Turn on' }).click();

  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectSoundScreen(page, '/schoolprofile (two-factor setup)');
  await card.getByLabel('Code from the app').fill(await freshCode(secret));
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
  await code.fill(await freshCode(secret));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${baseUrl()}/school-admin`);

  // Turn it off again (with a recovery code), after confirming.
  await page.goto(`${baseUrl()}/schoolprofile`);
  await card.getByText(/Two-factor sign-in is on\./).waitFor();
  await card.getByLabel('Your current password').fill('demo1234');
  await card.getByLabel('A code from the app, or a recovery code').fill(recovery);
  await card.getByRole('button', { name: 'Turn off' }).click();
  await page
    .getByRole('dialog', { name: 'Turn off two-factor sign-in?' })
    .getByRole('button', { name: 'Turn off' })
    .click();
  await card.getByText('Two-factor sign-in was turned off.').waitFor();
  await card.getByText('Two-factor sign-in is off.').waitFor();
}, 120_000);

it('a school that requires two-factor sign-in holds its new admin to setting it up, then asks for a code', async () => {
  const run = Date.now().toString(36);
  const eiin = String(700_000 + Math.floor(Math.random() * 99_999));
  const adminCode = `tfa-admin-${run}`;
  const schoolName = `Two Factor High School ${run}`;

  const sa = await newPage();
  await signIn(sa, 'superadmin');
  await sa.waitForURL(`${baseUrl()}/super-admin`);
  await sa.goto(`${baseUrl()}/add-school`);
  await sa.getByRole('table', { name: 'Schools' }).waitFor();
  const select = (name: RegExp) => sa.locator('select').and(sa.getByLabel(name));
  const input = (name: RegExp) => sa.locator('input').and(sa.getByLabel(name));
  await select(/^School Type/).selectOption({ label: 'Secondary' });
  await select(/^Division/).selectOption({ label: 'Dhaka' });
  await select(/^District/)
    .locator('option', { hasText: 'Gazipur' })
    .waitFor({ state: 'attached' });
  await select(/^District/).selectOption({ label: 'Gazipur' });
  await select(/^Upazila/)
    .locator('option', { hasText: 'Kaliganj' })
    .waitFor({ state: 'attached' });
  await select(/^Upazila/).selectOption({ label: 'Kaliganj' });
  await input(/^EIIN No\./).fill(eiin);
  await input(/^School Name/).fill(schoolName);
  await input(/^Short Name/).fill('TFHS');
  await input(/^Phone/).fill('01711000500');
  await input(/^Head’s Name/).fill('Nasima Akter');
  await input(/^Admin User Id/).fill(adminCode);
  await input(/^Admin First Name/).fill('Selim');
  await sa.getByRole('button', { name: 'Submit' }).click();
  await sa.getByText('New School Created!').waitFor();
  const adminPassword = (await sa.getByTestId('initial-password').textContent())!.trim();

  // The super admin requires it of that school's admins, after confirming.
  await sa.goto(`${baseUrl()}/two-factor-admins`);
  await sa
    .getByLabel('School', { exact: true })
    .locator('option', { hasText: schoolName })
    .waitFor({ state: 'attached' });
  await sa.getByLabel('School', { exact: true }).selectOption({ label: schoolName });
  await sa.getByText(`(${adminCode})`).waitFor();
  const policy = sa.getByRole('region', { name: 'Two-factor sign-in for school admins' });
  await policy.getByText('Not required.').waitFor();
  await expectSoundScreen(sa, '/two-factor-admins');
  await policy.getByRole('button', { name: 'Require it' }).click();
  await sa
    .getByRole('dialog', { name: 'Require two-factor sign-in?' })
    .getByRole('button', { name: 'Require it' })
    .click();
  await policy.getByText('Two-factor sign-in is now required.').waitFor();

  // The new admin: the one-time password first, then held on /two-factor until it is on.
  const admin = await newPage(360);
  await signIn(admin, adminCode, adminPassword);
  await admin.waitForURL(`${baseUrl()}/schoolprofile`);
  await admin.getByLabel(/^Current password/).fill(adminPassword);
  await admin.getByLabel(/^New password(?! again)/).fill('two-factor-admin-1');
  await admin.getByLabel(/^New password again/).fill('two-factor-admin-1');
  await admin.getByRole('button', { name: 'Change password' }).click();
  await admin.waitForURL(`${baseUrl()}/two-factor`);
  await admin.getByText('Two-factor sign-in is required').waitFor();
  await admin.goto(`${baseUrl()}/school-admin`);
  await admin.waitForURL(`${baseUrl()}/two-factor`);
  const card = admin.getByRole('region', { name: 'Two-factor sign-in' });
  await card.getByLabel('Your current password').fill('two-factor-admin-1');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByRole('img', { name: /QR code/ }).waitFor();
  await expectSoundScreen(admin, '/two-factor (required setup, 360 px)');
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  await card.getByLabel('Code from the app').fill(await freshCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByRole('list', { name: 'Pathshala recovery codes' }).waitFor();
  await card.getByRole('button', { name: 'I saved them' }).click();
  await card.getByText(/Two-factor sign-in is on\./).waitFor();
  await card.getByText('Your account must use two-factor sign-in, so it cannot be turned off.').waitFor();
  await admin.goto(`${baseUrl()}/school-admin`);
  await admin.waitForURL(`${baseUrl()}/school-admin`);

  // Next sign-in: the password, then a code.
  await admin.getByRole('button', { name: /^Profile menu/ }).click();
  await admin.getByRole('menuitem', { name: 'Log out' }).click();
  await admin.waitForURL(`${baseUrl()}/login`);
  await signIn(admin, adminCode, 'two-factor-admin-1');
  const code = admin.getByLabel('Code from your authenticator app');
  await code.waitFor();
  await code.fill(await freshCode(secret));
  await admin.getByRole('button', { name: 'Submit' }).click();
  await admin.waitForURL(`${baseUrl()}/school-admin`);
}, 180_000);
