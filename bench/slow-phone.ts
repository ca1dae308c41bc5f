/**
 * The first screens on a slow phone, in Debian's Chromium (playwright-core): 150 ms round trip,
 * 1.6 Mbit/s down and 750 kbit/s up, the CPU 4x slower, nothing cached and no service worker
 * (a first visit). A teacher opens /teacherattendance signed out:
 *
 * - the sign-in form is usable (its fields and button there, the button enabled) after how long;
 * - from pressing "Sign in", the attendance screen's heading and its classes (or the empty state)
 *   after how long.
 *
 * Targets (bench/README.md): the form within 2.5 s, the teacher's screen within 3.5 s of the press.
 * Runs against a server that serves the built app (STATIC_DIR). Each figure is the median of
 * `runs` fresh browser contexts.
 */
import { chromium } from 'playwright-core';

export const SLOW_PHONE = {
  latencyMs: 150,
  downBytesPerS: 1_600_000 / 8,
  upBytesPerS: 750_000 / 8,
  cpuSlowdown: 4,
} as const;

export interface FirstScreens {
  formUsableMs: number[];
  screenAfterPressMs: number[];
  /** Requests the first visit made before the form was usable, and their bytes (transferred). */
  requestsBeforeForm: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const medianOf = median;

export async function measureFirstScreens(base: string, userCode: string, runs = 3): Promise<FirstScreens> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const out: FirstScreens = { formUsableMs: [], screenAfterPressMs: [], requestsBeforeForm: 0 };
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_PHONE.latencyMs,
        downloadThroughput: SLOW_PHONE.downBytesPerS,
        uploadThroughput: SLOW_PHONE.upBytesPerS,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
      let requests = 0;
      page.on('request', () => (requests += 1));

      const started = Date.now();
      await page.goto(`${base}/teacherattendance`, { waitUntil: 'commit' });
      const user = page.getByLabel(/user id/i);
      const button = page.getByRole('button', { name: /sign in/i });
      await user.waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        () => {
          const b = [...document.querySelectorAll('button')].find((x) => /sign in/i.test(x.textContent ?? ''));
          return !!b && !b.disabled;
        },
        undefined,
        { timeout: 30_000, polling: 20 },
      );
      out.formUsableMs.push(Date.now() - started);
      if (i === 0) out.requestsBeforeForm = requests;

      await user.fill(userCode);
      await page.getByLabel(/password/i).fill('demo1234');
      const pressed = Date.now();
      await button.click();
      await page.getByRole('heading', { name: /take attendance/i }).waitFor({ timeout: 30_000 });
      // Its classes, or the day's empty state: whatever the screen says once it has its answer.
      await page.waitForFunction(
        () =>
          !document.querySelector('[aria-busy="true"]') &&
          !/loading/i.test(document.querySelector('main')?.textContent ?? ''),
        undefined,
        { timeout: 30_000, polling: 20 },
      );
      out.screenAfterPressMs.push(Date.now() - pressed);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
