import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HOME_ROUTE, type UserType } from '@/api/permissions';
import { baseUrl, launch, signIn } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(async () => {
  await context.close();
});

/** Each account, its dashboard, and a piece of that dashboard only its user type sees. */
const ACCOUNTS: [string, UserType, RegExp][] = [
  ['student1', 1, /Student Dashboard/],
  ['teacher1', 2, /Teacher Dashboard/],
  ['admin1', 4, /Admin Notice/],
  ['superadmin', 5, /Add New School/],
  ['viewer1', 6, /Chattogram/],
];

/** The signed-in chrome is ready (its keyboard shortcuts are bound) once the header shows. */
const shellReady = (p: Page) => p.getByRole('button', { name: /search or jump/i }).waitFor();

describe('each demo account signs in and lands on its dashboard', () => {
  for (const [code, type, text] of ACCOUNTS) {
    it(code, async () => {
      await signIn(page, code);
      await page.waitForURL(`${baseUrl()}${HOME_ROUTE[type]}`);
      await page.getByText(text).first().waitFor();
    });
  }
});

it('a wrong password shows the server’s message', async () => {
  await signIn(page, 'teacher1', 'not-the-password');
  await page.getByRole('alert').filter({ hasText: 'Wrong user id or password.' }).waitFor();
  expect(page.url()).toMatch(/\/login$/);
});

it('the palette opens by keyboard and reaches a route', async () => {
  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  await shellReady(page);
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox');
  await input.waitFor();
  await input.fill('routine');
  await page.keyboard.press('Enter');
  await page.waitForURL(`${baseUrl()}/routine`);
});

it('a student typing a teacher route is sent back to their dashboard', async () => {
  await signIn(page, 'student1');
  await page.waitForURL(`${baseUrl()}/student-admin`);
  await page.goto(`${baseUrl()}/teacherattendance`);
  await page.waitForURL(`${baseUrl()}/student-admin`);
  await page
    .getByText(/for teachers/i)
    .first()
    .waitFor();
  await page
    .getByText(/Student Dashboard/)
    .first()
    .waitFor();
});

it('logging out revokes the session: reload stays signed out', async () => {
  await signIn(page, 'admin1');
  await page.waitForURL(`${baseUrl()}/school-admin`);
  await shellReady(page);
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  const token = /"accessToken":"([^"]+)"/.exec(stored.replace(/\\"/g, '"'))?.[1];
  expect(token).toBeTruthy();
  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: /log out/i }).click();
  await page.waitForURL(/\/login$/);
  await page.goto(`${baseUrl()}/school-admin`);
  await page.waitForURL(/\/login$/);
  // The server revoked the token: it no longer opens anything, even outside the app.
  const status = await page.evaluate(
    async (t) => (await fetch('/api/users/user_id', { headers: { authorization: `Bearer ${t}` } })).status,
    token,
  );
  expect(status).toBe(401);
});
