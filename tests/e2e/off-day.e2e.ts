/**
 * "No classes today" on a weekly off day: a server of its own, its clock started on a Friday
 * (OFF_DAY_CLOCK_START, clock.ts; the demo's weekly off days are Friday and Saturday) and seeded
 * around that day, and browsers on the same clock. teacher1's Take Attendance screen says the day
 * is the school's weekly off day and offers no roll, and admin1's attendance dashboard says there
 * are no classes; both pass axe.
 *
 * The suite's own server runs on a school day (global-setup.ts), so this file starts a second one
 * rather than move that clock under the other files.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { expectSoundScreen, launch, signIn } from './browser';
import { OFF_DAY, OFF_DAY_CLOCK_START, serverNowOf } from './clock';
import { startServer, type E2eServer } from './server';

let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ clockStart: OFF_DAY_CLOCK_START });
  browser = await launch(() => serverNowOf(OFF_DAY_CLOCK_START, server.startedAt));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(userCode: string, landing: string) {
  const context: BrowserContext = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, userCode, 'demo1234', server.baseUrl);
  await page.waitForURL(`${server.baseUrl}${landing}`);
  return { context, page };
}

it('on a Friday teacher1 is told it is the weekly off day, and the admin dashboard says there are no classes', async () => {
  // The page's today is the server's Friday, not the day the suite runs.
  const t = await signedIn('teacher1', '/teacher-admin');
  expect(await t.page.evaluate(() => new Date().toISOString().slice(0, 10))).toBe(OFF_DAY);
  await t.page.goto(`${server.baseUrl}/teacherattendance`);
  await t.page
    .getByText('Friday is the school’s weekly off day: no classes are held and no attendance is taken.')
    .waitFor();
  expect(await t.page.getByRole('button', { name: /^Take Attendance for / }).count()).toBe(0);
  await expectSoundScreen(t.page, 'teacher attendance, no classes');
  await t.context.close();

  const a = await signedIn('admin1', '/school-admin');
  await a.page.goto(`${server.baseUrl}/attendance`);
  await a.page.getByRole('heading', { name: 'Today Attendance' }).waitFor();
  await a.page.getByText('No classes on Friday.').waitFor();
  await expectSoundScreen(a.page, 'admin attendance dashboard, no classes');
  await a.context.close();
});
