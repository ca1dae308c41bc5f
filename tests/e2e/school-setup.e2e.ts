/**
 * School setup end to end (real server, seeded reference data, Chromium): the super admin creates
 * a school and its admin from /add-school, choosing the address from the shipped division,
 * district and upazila lists; the new admin signs in with the one-time password, must change it
 * first (on /schoolprofile) and then sees their school. The screens visited pass axe and never
 * scroll sideways, also at 360 px.
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

it('the super admin creates a school with its admin, who signs in with the one-time password and must change it', async () => {
  const run = Date.now().toString(36);
  const eiin = String(900_000 + Math.floor(Math.random() * 99_999));
  const adminCode = `e2e-admin-${run}`;

  const sa = await newPage();
  await signIn(sa, 'superadmin');
  await sa.waitForURL(`${baseUrl()}/super-admin`);
  await sa.goto(`${baseUrl()}/add-school`);
  await sa.getByRole('table', { name: 'Schools' }).waitFor();
  await expectSoundScreen(sa, '/add-school');

  const select = (name: RegExp) => sa.locator('select').and(sa.getByLabel(name));
  await select(/^School Type/).selectOption({ label: 'Secondary' });
  await select(/^Division/).selectOption({ label: 'Chattogram' });
  await select(/^District/)
    .locator('option', { hasText: 'Cumilla' })
    .waitFor({ state: 'attached' });
  await select(/^District/).selectOption({ label: 'Cumilla' });
  await select(/^Upazila/)
    .locator('option', { hasText: 'Laksam' })
    .waitFor({ state: 'attached' });
  await select(/^Upazila/).selectOption({ label: 'Laksam' });
  const input = (name: RegExp) => sa.locator('input').and(sa.getByLabel(name));
  await input(/^EIIN No\./).fill(eiin);
  await input(/^School Name/).fill(`Laksam Pilot School ${run}`);
  await input(/^Short Name/).fill('LPS');
  await input(/^Phone/).fill('01711000300');
  await input(/^Head’s Name/).fill('Nasima Akter');
  await input(/^Admin User Id/).fill(adminCode);
  await input(/^Admin First Name/).fill('Rahim');
  await sa.getByRole('button', { name: 'Submit' }).click();
  await sa.getByText('New School Created!').waitFor();
  const password = (await sa.getByTestId('initial-password').textContent())!.trim();
  expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
  await expectSoundScreen(sa, '/add-school with the one-time password');
  await sa.getByRole('button', { name: 'Done: add another school' }).click();
  await sa.getByRole('searchbox', { name: /^Search by name/ }).fill(eiin);
  await sa.getByRole('table', { name: 'Schools' }).getByText(`Laksam Pilot School ${run}`).waitFor();
  await expect(sa.getByRole('table', { name: 'Schools' }).getByText('Laksam, Cumilla').count()).resolves.toBe(1);

  await sa.goto(`${baseUrl()}/add-organization`);
  await sa.getByRole('table', { name: 'Organization Types' }).waitFor();
  await expectSoundScreen(sa, '/add-organization');
  await sa.setViewportSize({ width: 360, height: 800 });
  await expectSoundScreen(sa, '/add-organization (360 px)');
  await sa.goto(`${baseUrl()}/add-school`);
  await sa.getByRole('table', { name: 'Schools' }).waitFor();
  await expectSoundScreen(sa, '/add-school (360 px)');

  // The new school admin, on a phone.
  const admin = await newPage(360);
  await signIn(admin, adminCode, password);
  await admin.waitForURL(`${baseUrl()}/schoolprofile`);
  await admin.getByText('You signed in with a one-time password', { exact: false }).waitFor();
  await expectSoundScreen(admin, '/schoolprofile (forced password change, 360 px)');
  await admin.goto(`${baseUrl()}/add-student`);
  await admin.waitForURL(`${baseUrl()}/schoolprofile`);
  await admin.getByLabel(/^Current password/).fill(password);
  await admin.getByLabel(/^New password(?! again)/).fill('school-admin-pass-1');
  await admin.getByLabel(/^New password again/).fill('school-admin-pass-1');
  await admin.getByRole('button', { name: 'Change password' }).click();
  await admin.getByText('password Changed successfully!!').waitFor();

  const again = await newPage(360);
  await signIn(again, adminCode, 'school-admin-pass-1');
  await again.waitForURL(`${baseUrl()}/school-admin`);
  await again.goto(`${baseUrl()}/schoolprofile`);
  const school = again.getByRole('region', { name: 'School' });
  await school.getByText(`Laksam Pilot School ${run}`).waitFor();
  await school.getByText('Cumilla').waitFor();
  await again.getByRole('region', { name: 'Contact details' }).waitFor();
  await expectSoundScreen(again, '/schoolprofile (360 px)');
});
