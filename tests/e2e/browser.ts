/**
 * Debian's Chromium driven by playwright-core: no browser download, ever. Every context it opens
 * runs on the server's clock (clock.ts).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CLOCK_START, serverNowOf } from './clock';
import { expectBundledBengaliFont } from './glyphs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The suite's server's clock now (ms): CLOCK_START and running since the server started. */
export const serverNow = (): number => serverNowOf(CLOCK_START, inject('serverStartedAt'));

/**
 * A headless Chromium whose every new context has Playwright's clock installed at `now()` (the
 * suite's server's time by default) and running on from there, so the app's "today" is the
 * server's. Installed before any page of the context loads.
 */
export async function launch(now: () => number = serverNow): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // No service worker unless a test asks for one (offline.e2e.ts): in every fresh context the
    // app's worker would precache the whole build (about 190 files, 2.3 MB), which is most of a
    // context's cost and none of what the other flows test.
    const context = await newContext({ serviceWorkers: 'block', ...options });
    await context.clock.install({ time: now() });
    return context;
  };
  return browser;
}

export const baseUrl = () => inject('baseUrl');

/**
 * The session token of a signed-in page: the value of its HttpOnly cookie, which no script in the
 * page can read (the test's browser context can), for asking the API as that user (a bearer token).
 */
export async function sessionTokenOf(page: Page): Promise<string> {
  // The cookie's Path is /api (server/auth/guard.ts): the page's own address does not carry it.
  const cookie = (await page.context().cookies(`${baseUrl()}/api/`)).find((c) => c.name === 'pathshala_session');
  if (!cookie?.value) throw new Error('the page is not signed in (no session cookie)');
  return cookie.value;
}

export async function signIn(page: Page, userCode: string, password = 'demo1234', base = baseUrl()) {
  await page.goto(`${base}/login`);
  await page.getByLabel(/user id/i).fill(userCode);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

let axeSourceText: string | undefined;
async function axeSource(): Promise<string> {
  if (axeSourceText === undefined) {
    const [{ createRequire }, { readFile }] = await Promise.all([import('node:module'), import('node:fs/promises')]);
    axeSourceText = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSourceText;
}

/**
 * Runs axe-core in the page and fails on any serious or critical violation (label in name too),
 * listing each rule with the elements it hit. `context` names the screen in the failure message.
 */
export async function expectNoSeriousAxeViolations(page: Page, context = page.url()): Promise<void> {
  const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  // Evaluated through the DevTools protocol, not added as a <script>: the app's content security
  // policy (rightly) refuses inline scripts, and the tests run with that policy on.
  if (!hasAxe) await page.evaluate(await axeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
          }>;
        };
      }
    ).axe;
    // label-content-name-mismatch is one of axe's "experimental" rules, off unless asked for: a
    // button showing "মুছে ফেলুন" must be named by those words (WCAG 2.5.3, Label in Name), so
    // that a speech user saying what they see reaches it. Serious: it fails the screen.
    const result = await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  if (violations.length) {
    const list = violations
      .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n    ${v.targets.slice(0, 8).join('\n    ')}`)
      .join('\n');
    throw new Error(`Serious accessibility violations on ${context}:\n${list}`);
  }
}

/** Whether the page scrolls sideways at its current viewport (it never should). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** Narrower than this (CSS px), a screen is a phone's: its tap targets must be 44x44 px. */
const PHONE_WIDTH = 640;

/**
 * What every screen the end-to-end tests visit must be, in either language: no sideways scroll, no
 * serious axe violation, every Bengali character drawn by the bundled font (glyphs.ts), and on a
 * phone-sized page every tap target at least 44x44 px.
 */
export async function expectSoundScreen(page: Page, what: string): Promise<void> {
  expect(await scrollsSideways(page), `${what} scrolls sideways`).toBe(false);
  await expectNoSeriousAxeViolations(page, what);
  await expectBundledBengaliFont(page, what);
  if ((page.viewportSize()?.width ?? Infinity) < PHONE_WIDTH) await expectTapTargets(page, what);
}

/**
 * The tap targets smaller than 44x44 CSS px on the page as it is now (a phone screen: 390x844 with a
 * touch screen), one line each: what it is, its name and its size. Targets are buttons, links,
 * form fields and anything with a widget role; a checkbox or radio counts with its label when the
 * label wraps it (a tap on the label is a tap on it). Left out, as WCAG 2.5.8 leaves them out: a
 * link inside running text (inline, with text of the sentence around it), and what is not shown
 * (no box, or a visually hidden one of 1 px such as the skip link until it is focused).
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const MIN = 44;
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="option"]',
    ].join(', ');
    const inRunningText = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const around = [...parent.childNodes]
        .filter((n) => n !== el)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      return around.length > 0;
    };
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) continue;
      if (inRunningText(el)) continue;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label');
        if (label) rect = label.getBoundingClientRect();
      }
      if (rect.width >= MIN - 0.5 && rect.height >= MIN - 0.5) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? (el as HTMLInputElement).name ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      const what =
        el.getAttribute('role') ?? `${el.tagName.toLowerCase()}${el instanceof HTMLInputElement ? `[${el.type}]` : ''}`;
      small.push(`${what} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`);
    }
    return small;
  });
}

/** Fails, listing each one, when a tap target on the (phone) screen is under 44x44 CSS px. */
export async function expectTapTargets(page: Page, what: string): Promise<void> {
  expect(await smallTapTargets(page), `tap targets under 44x44 px on ${what}`).toEqual([]);
}
