/**
 * The installable app (issue 15, first part): the built app registers a service worker that keeps
 * the whole build on the device, so with the network gone a reload still opens Pathshala (its own
 * "could not reach the server" state, not the browser's error page); API answers are never served
 * from the worker's cache.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, expectNoSeriousAxeViolations, launch, signIn } from './browser';

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

it('has a manifest with the icons an install needs', async () => {
  const res = await page.request.get(`${baseUrl()}/manifest.webmanifest`);
  expect(res.ok()).toBe(true);
  const manifest = await res.json();
  expect(manifest).toMatchObject({ name: 'Pathshala', display: 'standalone', start_url: '/' });
  const sizes = (manifest.icons as { sizes: string }[]).map((i) => i.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons as { src: string }[]) {
    expect((await page.request.get(`${baseUrl()}${icon.src}`)).ok(), icon.src).toBe(true);
  }
});

it('opens with no network once it has been opened, and says the server cannot be reached', async () => {
  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
  // The worker installs in the background; the next load is the first it controls.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // What the worker keeps: the build, not a single API answer.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((u) => u.startsWith('/assets/') && u.endsWith('.js'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The app itself answers (its own page and message), not the browser's offline page. Using the
  // saved sign-in unconfirmed while offline is the next part of issue 15; today it asks to retry.
  await page
    .getByText(/Could not reach the server/)
    .first()
    .waitFor();
  expect(await page.title()).toBe('Pathshala');
  await expectNoSeriousAxeViolations(page, 'offline start');

  // The saved sign-in was kept, not thrown away over the lost network: online again, it holds.
  await context.setOffline(false);
  await page.reload();
  await page
    .getByText(/Teacher Dashboard/)
    .first()
    .waitFor();
});
