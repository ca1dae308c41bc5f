import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { HOME_ROUTE, type UserType } from '@/api/permissions';
import {
  baseUrl,
  expectNoSeriousAxeViolations,
  expectTapTargets,
  launch,
  scrollsSideways,
  sessionTokenOf,
  signIn,
} from './browser';
import { expectBundledBengaliFont } from './glyphs';

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
  // The server's CSP (script-src 'self') would refuse the axe script the tests inject.
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
  // The session is an HttpOnly cookie: the page's storage holds no token, and its scripts cannot read it.
  const token = await sessionTokenOf(page);
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token);
  expect(await page.evaluate(() => document.cookie)).not.toContain(token);
  await page.getByRole('button', { name: /profile menu/i }).click();
  await page.getByRole('menuitem', { name: /log out/i }).click();
  await page.waitForURL(/\/login$/);
  // Signed out once the sign-in form shows ("Signing you out…" until the server answered).
  await page.getByLabel(/user id/i).waitFor();
  await page.goto(`${baseUrl()}/school-admin`);
  await page.waitForURL(/\/login$/);
  // Sign-out cleared the cookie, and the server revoked the token: it no longer opens anything.
  expect(
    (await page.context().cookies(`${baseUrl()}/api/`)).find((c) => c.name === 'pathshala_session'),
  ).toBeUndefined();
  const status = await page.evaluate(
    async (t) => (await fetch('/api/users/user_id', { headers: { authorization: `Bearer ${t}` } })).status,
    token,
  );
  expect(status).toBe(401);
});

// ---- every page of the shell's area, at desktop and phone sizes ---------------------------------

const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const NARROW: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** Each demo account and the pages of the shell's area it opens (its dashboard first). */
const PAGES: Array<[account: string, paths: string[]]> = [
  ['student1', ['/student-admin', '/studentprofile', '/studentroutine']],
  ['teacher1', ['/teacher-admin', '/teacherprofile', '/routine']],
  ['admin1', ['/school-admin', '/schoolprofile', '/teacher-feature']],
  ['superadmin', ['/super-admin']],
  ['viewer1', ['/viewer-school', '/viewer-admin']],
];

/** The page has its heading and nothing is loading any more. */
async function settled(p: Page) {
  await p.locator('h1').first().waitFor();
  await p.waitForLoadState('networkidle');
  await p.waitForFunction(
    () => ![...document.querySelectorAll('[role="status"]')].some((el) => /Loading/.test(el.textContent ?? '')),
  );
}

async function visit(p: Page, path: string) {
  if (path === '/viewer-admin') {
    // A viewer browses one chosen school: choose the first.
    await p
      .getByRole('list', { name: /^(Your schools|আপনার স্কুলসমূহ)$/ })
      .getByRole('button')
      .first()
      .click();
  } else if (new URL(p.url()).pathname !== path) {
    await p.goto(`${baseUrl()}${path}`);
  }
  await p.waitForURL(`${baseUrl()}${path}`);
  await settled(p);
}

/** Switches the signed-in user's language from the header's profile menu (saved on the server). */
async function switchLanguage(p: Page, to: 'bn' | 'en') {
  await p.getByRole('button', { name: /^(Profile menu|প্রোফাইল মেনু)/ }).click();
  await p.getByRole('menuitem', { name: to === 'bn' ? 'বাংলা' : 'English' }).click();
  await p.locator(`html[lang="${to}"]`).waitFor();
}

/**
 * Signs each account in and visits its pages, checking each with `check`. In Bangla (`lang:
 * 'bn'`) the sign-in page is checked in Bangla (its own button) and each account is switched from
 * the header after signing in, and put back to English before the next (the accounts are shared
 * with the file's other tests).
 */
async function eachPage(
  options: BrowserContextOptions,
  check: (p: Page, where: string) => Promise<void>,
  lang: 'en' | 'bn' = 'en',
) {
  const ctx = await browser.newContext(options);
  try {
    const p = await ctx.newPage();
    await p.goto(`${baseUrl()}/login`);
    await p.getByLabel(/user id/i).waitFor();
    if (lang === 'bn') {
      await p.getByRole('button', { name: 'বাংলা' }).click();
      await p.locator('html[lang="bn"]').waitFor();
    }
    await check(p, 'sign-in');
    if (lang === 'bn') {
      // signIn() reads the English form.
      await p.getByRole('button', { name: 'English' }).click();
      await p.locator('html[lang="en"]').waitFor();
    }
    for (const [account, paths] of PAGES) {
      await signIn(p, account);
      await p.waitForURL(`${baseUrl()}${paths[0]}`);
      if (lang === 'bn') {
        await p.locator('h1').first().waitFor();
        if ((await p.locator('html').getAttribute('lang')) !== 'bn') await switchLanguage(p, 'bn');
      }
      for (const path of paths) {
        await visit(p, path);
        await check(p, `${account} ${path}`);
      }
      if (lang === 'bn') await switchLanguage(p, 'en');
      await p.evaluate(() => localStorage.clear());
    }
  } finally {
    await ctx.close();
  }
}

describe('accessibility (axe): sign-in, dashboards, profiles, routines', () => {
  it('at desktop size', async () => {
    await eachPage(DESKTOP, (p, where) => expectNoSeriousAxeViolations(p, `${where} (desktop)`));
  });

  it('at 390x844 on a touch screen, every tap target at least 44x44 px', async () => {
    await eachPage(PHONE, async (p, where) => {
      await expectNoSeriousAxeViolations(p, `${where} (390x844)`);
      await expectTapTargets(p, `${where} (390x844)`);
    });
  });
});

it('in Bangla at 390x844 on a touch screen: every Bengali character in the bundled font, 44 px targets, axe clean', async () => {
  const checked: string[] = [];
  await eachPage(
    PHONE,
    async (p, where) => {
      const what = `${where} (Bangla, 390x844)`;
      await expectNoSeriousAxeViolations(p, what);
      await expectTapTargets(p, what);
      if ((await expectBundledBengaliFont(p, what)) > 0) checked.push(where);
    },
    'bn',
  );
  // Every page had Bangla on it to check (a page left in English would check nothing).
  expect(checked).toHaveLength(1 + PAGES.reduce((n, [, paths]) => n + paths.length, 0));
});

it('no page scrolls sideways at 360 px, and the header’s controls are at least 44 px', async () => {
  const wide: string[] = [];
  const small: string[] = [];
  await eachPage(NARROW, async (p, where) => {
    if (await scrollsSideways(p)) wide.push(where);
    const sizes = await p.evaluate(() =>
      [...document.querySelectorAll('header a, header button, main nav a')].map((el) => {
        const r = el.getBoundingClientRect();
        return {
          name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30),
          w: r.width,
          h: r.height,
        };
      }),
    );
    for (const s of sizes)
      if (s.h < 44 || s.w < 44) small.push(`${where}: ${s.name} ${Math.round(s.w)}x${Math.round(s.h)}`);
  });
  expect(wide).toEqual([]);
  expect(small).toEqual([]);
});

it('on a touch screen the header’s search button opens the palette, with no keyboard hints', async () => {
  const ctx = await browser.newContext(PHONE);
  try {
    const p = await ctx.newPage();
    await signIn(p, 'teacher1');
    await p.waitForURL(`${baseUrl()}/teacher-admin`);
    const search = p.getByRole('button', { name: /search or jump/i });
    await search.waitFor();
    expect(await search.locator('kbd').isVisible()).toBe(false);
    await search.tap();
    const input = p.getByPlaceholder('Search pages and actions…');
    await input.waitFor();
    expect(await p.getByRole('option', { name: /Keyboard shortcuts/ }).count()).toBe(0);
    await input.fill('my routine');
    await p.getByRole('option', { name: /My Routine/ }).tap();
    await p.waitForURL(`${baseUrl()}/routine`);
  } finally {
    await ctx.close();
  }
});

it('on a desktop the search button shows its Ctrl K hint', async () => {
  await signIn(page, 'teacher1');
  await page.waitForURL(`${baseUrl()}/teacher-admin`);
  await shellReady(page);
  expect(
    await page
      .getByRole('button', { name: /search or jump/i })
      .locator('kbd')
      .isVisible(),
  ).toBe(true);
});

describe('a screen whose chunk fails to load', () => {
  const ROUTINE_CHUNK = /\/assets\/teacher-routine-[^/]*\.js(\?.*)?$/;

  it('is retried when the request fails once, and shows', async () => {
    await signIn(page, 'teacher1');
    await page.waitForURL(`${baseUrl()}/teacher-admin`);
    await shellReady(page);
    let aborted = 0;
    await page.route(ROUTINE_CHUNK, (route) => {
      if (aborted === 0) {
        aborted += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Features' })
      .getByRole('link', { name: /Routine/ })
      .click();
    await page.waitForURL(`${baseUrl()}/routine`);
    await page.getByRole('heading', { name: 'My Routine' }).waitFor();
    expect(aborted).toBe(1);
    expect(await page.getByText('This page could not be loaded.').count()).toBe(0);
  });

  it('shows “Try again” (not a blank page) when it keeps failing; the header still works; Try again loads it', async () => {
    await signIn(page, 'teacher1');
    await page.waitForURL(`${baseUrl()}/teacher-admin`);
    await shellReady(page);
    let failing = true;
    await page.route(ROUTINE_CHUNK, (route) => (failing ? route.abort('connectionreset') : route.continue()));
    await page
      .getByRole('navigation', { name: 'Features' })
      .getByRole('link', { name: /Routine/ })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' });
    await alert.waitFor();
    await expectNoSeriousAxeViolations(page, 'the failed page');

    // The header still works: the palette opens.
    await page.getByRole('button', { name: /search or jump/i }).click();
    await page.getByPlaceholder('Search pages and actions…').waitFor();
    await page.keyboard.press('Escape');

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'My Routine' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('This page could not be loaded.').count()).toBe(0);
  });
});

describe('Bangla', () => {
  it('a teacher switches to Bangla from the header: Bangla text and digits, saved for the next visit, axe clean', async () => {
    await signIn(page, 'teacher1');
    await page.waitForURL(`${baseUrl()}/teacher-admin`);
    await shellReady(page);
    const marker = await page.evaluate(() => ((window as unknown as { stay: number }).stay = 42));
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { level: 1, name: 'শিক্ষকের ড্যাশবোর্ড' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stay?: number }).stay)).toBe(marker); // no reload
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    const main = page.locator('main');
    await main.getByRole('table').first().waitFor();
    const text = (await main.textContent()) ?? '';
    expect(text).toMatch(/[০-৯]:[০-৯]{2}/); // the routine's times in Bangla digits
    expect(text).toMatch(/হাজিরা নিন|উপস্থিতি/);
    await expectNoSeriousAxeViolations(page, 'teacher dashboard in Bangla');

    // Saved on the server: a fresh visit comes back in Bangla.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'শিক্ষকের ড্যাশবোর্ড' }).waitFor();

    // Back to English for the other tests on this database.
    await page.getByRole('button', { name: /প্রোফাইল মেনু/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Teacher Dashboard' }).waitFor();
  });
});

describe('Bengali text is drawn by the bundled Noto Sans Bengali, never a system font (none here has Bengali)', () => {
  it('sign-in in both languages; a fee screen (৳) in English; dashboard, palette and fee screen in Bangla', async () => {
    const checked: number[] = [];
    await page.goto(`${baseUrl()}/login`);
    await page.getByLabel(/user id/i).waitFor();
    checked.push(await expectBundledBengaliFont(page, 'sign-in in English (its বাংলা button)'));
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.locator('html[lang="bn"]').waitFor();
    await page.getByRole('button', { name: 'English' }).waitFor();
    checked.push(await expectBundledBengaliFont(page, 'sign-in in Bangla'));
    await page.getByRole('button', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();

    await signIn(page, 'admin1');
    await page.waitForURL(`${baseUrl()}/school-admin`);
    await shellReady(page);
    await page.goto(`${baseUrl()}/payment`);
    await page.getByRole('button', { name: 'Fee setup' }).click();
    await page.getByRole('textbox', { name: 'Amount (৳)' }).waitFor();
    checked.push(await expectBundledBengaliFont(page, 'fee setup in English (৳)'));

    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'বাংলা' }).click();
    await page.locator('html[lang="bn"]').waitFor();
    await page.getByRole('textbox', { name: 'পরিমাণ (৳)' }).waitFor();
    checked.push(await expectBundledBengaliFont(page, 'fee setup in Bangla'));
    await page.goto(`${baseUrl()}/school-admin`);
    await page.locator('h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    checked.push(await expectBundledBengaliFont(page, 'admin dashboard in Bangla'));
    await page.getByRole('button', { name: /খুঁজুন বা সরাসরি যান/ }).click();
    await page.getByRole('combobox').waitFor();
    await page.getByRole('option').first().waitFor();
    checked.push(await expectBundledBengaliFont(page, 'the palette in Bangla'));
    await page.keyboard.press('Escape');

    // Back to English for the other tests on this database.
    await page.getByRole('button', { name: /প্রোফাইল মেনু/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.locator('html[lang="en"]').waitFor();
    // Every screen had Bengali text to check (the English ones: ৳ and the language button).
    expect(
      checked.every((n) => n > 0),
      `Bengali texts checked: ${checked.join(', ')}`,
    ).toBe(true);
  });
});
