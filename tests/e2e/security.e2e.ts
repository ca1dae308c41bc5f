/**
 * The built app under the server's content security policy, in Chromium: signing in and visiting
 * screens (lazy chunks, the palette, the API docs page) must not trip a single violation, every
 * page must carry the policy, and the build's source maps must not be served.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { baseUrl, launch, signIn } from './browser';
import { distDir } from './server';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let violations: string[];

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  violations = [];
  // Injected by the browser driver, not as an inline script, so the policy does not block it.
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  page.on('console', (msg: ConsoleMessage) => {
    if (/content security policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
});
afterEach(async () => {
  await context.close();
});

/** Everything the page reported so far, from both the event and the console. */
async function reported(): Promise<string[]> {
  const fromEvents = await page.evaluate(() => window.__cspViolations ?? []).catch(() => [] as string[]);
  return [...fromEvents, ...violations];
}

async function visit(path: string, landmark: RegExp) {
  const res = await page.goto(`${baseUrl()}${path}`);
  expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
  await page.getByText(landmark).first().waitFor();
  expect(await reported(), path).toEqual([]);
}

it('a teacher’s screens and the palette load without a policy violation', async () => {
  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
  expect(await reported()).toEqual([]);
  await visit('/teachernotice', /Create notice/);
  await visit('/routine', /Routine/);
  await visit('/teacherattendance', /Attendance/);
  await page.getByRole('button', { name: /search or jump/i }).waitFor();
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').waitFor();
  expect(await reported()).toEqual([]);
});

it('an admin’s dashboards load without a policy violation', async () => {
  await signIn(page, 'admin1');
  await page.waitForURL(`${baseUrl()}/school-admin`);
  await page
    .getByText(/Admin Notice/)
    .first()
    .waitFor();
  expect(await reported()).toEqual([]);
  await visit('/attendance', /Attendance/);
  await visit('/schooladminnotice', /Notice/);
});

it('a policy violation would be caught: an inline script is blocked and reported', async () => {
  await page.goto(`${baseUrl()}/login`);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inlineRan = true';
    document.body.appendChild(s);
  });
  await expect.poll(async () => (await reported()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

it('the API docs page works under its own policy', async () => {
  const res = await page.goto(`${baseUrl()}/api/docs`);
  expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByText('Pathshala API').first().waitFor();
  await page.getByText('/api/users/login').first().click();
  await page.getByText('Request body').first().waitFor();
  await page
    .getByRole('button', { name: /Try it out/ })
    .first()
    .click();
  await page
    .getByRole('button', { name: /Execute/ })
    .first()
    .waitFor();
  expect(await reported()).toEqual([]);
});

it('source maps are built but never served, and scripts do not point at them', async () => {
  const html = await (await fetch(`${baseUrl()}/login`)).text();
  const entry = /<script type="module" crossorigin src="([^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toBeDefined();
  const script = await fetch(`${baseUrl()}${entry}`);
  expect(script.status).toBe(200);
  expect(script.headers.get('x-content-type-options')).toBe('nosniff');
  expect(await script.text()).not.toContain('sourceMappingURL');
  expect((await fetch(`${baseUrl()}${entry}.map`)).status).toBe(404);
  // The build the suite serves (tests/e2e/server.ts distDir): the map is there, beside the script.
  const built = path.join(distDir, `.${entry}.map`);
  expect(fs.existsSync(built)).toBe(true);
});
