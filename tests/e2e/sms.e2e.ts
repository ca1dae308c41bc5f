/**
 * The SMS centre end to end (docs/DOMAIN.md, "SMS centre"): a server of its own with
 * SMS_ADAPTER=twilio pointed at the local fake of Twilio's API (scripts/fake-twilio.ts, run as its
 * own process as a black-box check runs it), and the fake's signed delivery reports reaching the
 * server through SMS_STATUS_CALLBACK_URL. The super admin sets the school's monthly limit; two
 * more guardians join teacher1's section, whose one demo guardian wants no general messages.
 * teacher1 writes a Bangla message to the section from a template on /sms-send, sees the preview,
 * confirms; the fake receives exactly one message per guardian who wants it, each with the parts
 * a UCS-2 text has; the fake's delivery reports mark them delivered on /sms-report; the quota
 * falls by the parts sent; the opted-out guardian gets nothing. Both screens pass axe.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectSoundScreen, launch, signIn } from './browser';
import { CLOCK_START, serverNowOf } from './clock';
import { root, startServer, type E2eServer } from './server';

const ACCOUNT_SID = `AC${'0'.repeat(30)}fa`;
const AUTH_TOKEN = 'fake-twilio-auth-token';

let server: E2eServer;
let browser: Browser;
let fake: ChildProcess;
let proxy: http.Server;
let control = '';
const contexts: BrowserContext[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function until<T>(what: string, read: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const [twilioPort, controlPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  fake = spawn(process.execPath, ['--import', 'tsx', 'scripts/fake-twilio.ts'], {
    cwd: root,
    env: { ...process.env, FAKE_TWILIO_PORT: String(twilioPort), FAKE_TWILIO_CONTROL_PORT: String(controlPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  control = `http://127.0.0.1:${controlPort}`;
  await until('the fake gateway', async () => ((await fetch(`${control}/messages`)).ok ? true : undefined));
  // The callback URL is fixed before the server's port is known: a forwarder on a port of our own
  // passes the fake's reports (signed over this URL) on to the server unchanged.
  proxy = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      fetch(`${server.baseUrl}${req.url}`, {
        method: req.method,
        headers: {
          'content-type': String(req.headers['content-type']),
          'x-twilio-signature': String(req.headers['x-twilio-signature']),
        },
        body,
      }).then(
        async (r) => {
          res.writeHead(r.status, { 'content-type': 'application/json' });
          res.end(await r.text());
        },
        () => {
          res.writeHead(502);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((r) => proxy.listen(proxyPort, '127.0.0.1', r));
  const env = {
    SMS_ADAPTER: 'twilio',
    TWILIO_API_BASE: `http://127.0.0.1:${twilioPort}`,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM: '+15005550006',
    SMS_STATUS_CALLBACK_URL: `http://127.0.0.1:${proxyPort}/api/sms/delivery/twilio`,
  };
  // startServer passes the runner's environment on to the server it starts.
  Object.assign(process.env, env);
  try {
    server = await startServer({ clockStart: CLOCK_START });
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
  }
  browser = await launch(() => serverNowOf(CLOCK_START, server.startedAt));
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.stop();
  proxy?.close();
  if (fake && fake.exitCode === null) fake.kill('SIGTERM');
});

interface FakeMessage {
  sid: string;
  to: string;
  body: string;
  segments: number;
}
const fakeMessages = async () => (await (await fetch(`${control}/messages`)).json()) as FakeMessage[];

async function api<T>(path: string, token: string | null, body?: unknown, method = body ? 'POST' : 'GET'): Promise<T> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const tokenOf = async (userCode: string) =>
  (await api<{ accessToken: string }>('/api/users/login', null, { user_code: userCode, password: 'demo1234' }))
    .accessToken;

/** Twilio's count for a Bangla (UCS-2) text without surrogate pairs: 70 units in one part, 67 a part beyond. */
const ucs2Parts = (text: string) => (text.length <= 70 ? 1 : Math.ceil(text.length / 67));

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

it('teacher1’s Bangla SMS reaches each guardian once, is delivered, is charged by its parts, and skips the one who opted out', async () => {
  // ---- the school: a monthly limit, two more guardians in student1's section, one opt-out
  const superToken = await tokenOf('superadmin');
  const admin = await tokenOf('admin1');
  const teacher = await tokenOf('teacher1');
  const quota0 = await api<{ school_id: number; left: number | null }>('/api/smsCheck', admin);
  await api('/api/create_smsLimit', superToken, { school_id: quota0.school_id, sms_limit: 500 });
  const me = await api<{ section_id: number }>(
    '/api/users/user_id?user_code=student1&user_type=1',
    await tokenOf('student1'),
  );
  const options = await api<{ section_id: number; class_name: string; section_default_name: string }[]>(
    '/api/eschool/options',
    teacher,
  );
  const section = options.find((o) => o.section_id === me.section_id)!;
  expect(section).toBeTruthy();
  const pupils = await api<{ student_id: number; student_code: string }[]>(
    `/api/student/section?class_id=0&section_id=${me.section_id}`,
    admin,
  );
  const others = pupils.filter((p) => p.student_code !== 'student1').slice(0, 2);
  for (const [i, phone] of ['01810000001', '01810000002'].entries()) {
    await api('/api/guardian', admin, {
      name: `Guardian ${i + 1}`,
      phone,
      relation: 'mother',
      student_ids: [others[i].student_id],
    });
  }
  await api('/api/guardian/sms-opt-outs', await tokenOf('01710000016'), { opted_out: ['general'] }, 'PUT');

  // ---- teacher1 writes to the section from the Bangla template
  const page = await newPage();
  await signIn(page, 'teacher1', 'demo1234', server.baseUrl);
  await page.waitForURL(`${server.baseUrl}/teacher-admin`);
  await page.goto(`${server.baseUrl}/sms-send`);
  await page.getByRole('heading', { name: 'SMS to guardians' }).waitFor();
  await page.getByLabel('Section').selectOption({ label: `${section.class_name} ${section.section_default_name}` });
  await page.getByLabel('Start from a template').selectOption({ label: 'Guardians meeting' });
  await expect(page.getByLabel('Text').inputValue()).resolves.toMatch(/^অভিভাবক, \{name\}/);
  await page.getByLabel('Date for {date}').fill('2026-12-10');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByText('2 guardians get it').waitFor();
  await page.getByText(/guardians who want no messages: 1$/).waitFor();
  const partsLine = await page.getByText(/^SMS parts: \d+ in all/).textContent();
  const previewParts = Number(/SMS parts: (\d+)/.exec(partsLine ?? '')![1]);
  await expectSoundScreen(page, '/sms-send with its preview');
  expect(await fakeMessages()).toEqual([]);
  await page.getByRole('button', { name: 'Send to 2 guardians' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send this SMS to 2 guardians?' });
  await dialog.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Queued for 2 guardians. They leave now; delivery shows in Sent messages.').waitFor();

  // ---- the gateway gets one message per guardian who wants it, each with a UCS-2 text's parts
  const got = await until('two messages at the gateway', async () => {
    const all = await fakeMessages();
    return all.length >= 2 ? all : undefined;
  });
  expect(got.map((m) => m.to).sort()).toEqual(['+8801810000001', '+8801810000002']);
  for (const m of got) {
    expect(m.body).toMatch(/^অভিভাবক, .+ \(.+ শ্রেণি\)-এর অভিভাবক সভা ১০ ডিসেম্বর ২০২৬ তারিখে।/);
    expect(m.segments).toBe(ucs2Parts(m.body));
  }
  const parts = got.reduce((a, m) => a + m.segments, 0);
  expect(parts).toBe(previewParts);

  // ---- the fake's delivery reports reach the server; the report shows them delivered
  for (const m of got) {
    const res = await fetch(`${control}/deliver/${m.sid}`, { method: 'POST' });
    expect(await res.json()).toEqual({ callback_status: 200 });
  }
  await page.getByRole('link', { name: 'See delivery' }).click();
  await page.waitForURL(`${server.baseUrl}/sms-report`);
  const messages = page.getByRole('table', { name: 'Each message' });
  await messages.waitFor();
  for (const phone of ['01810000001', '01810000002']) {
    await messages.getByRole('row').filter({ hasText: phone }).getByText('Delivered', { exact: true }).waitFor();
  }
  await page.getByText('queued 0 · sent 0 · delivered 2 · failed 0 · cancelled 0').waitFor();
  await expectSoundScreen(page, '/sms-report');

  // ---- on a phone: the compose screen, and the admin's quota page with its automatic messages
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.baseUrl}/sms-send`);
  await page.getByRole('heading', { name: 'SMS to guardians' }).waitFor();
  await expectSoundScreen(page, '/sms-send on a phone');
  const office = await newPage(390);
  await signIn(office, 'admin1', 'demo1234', server.baseUrl);
  await office.waitForURL(`${server.baseUrl}/school-admin`);
  await office.goto(`${server.baseUrl}/sms-usage`);
  await office.getByRole('group', { name: 'Results published (each child’s GPA)' }).waitFor();
  await office.getByRole('table', { name: 'Usage by month and purpose' }).waitFor();
  await expectSoundScreen(office, '/sms-usage on a phone');

  // ---- the quota fell by the parts sent; the opted-out guardian got nothing
  const quota = await api<{ used: number; left: number }>('/api/smsCheck', admin);
  expect(quota).toMatchObject({ used: parts, left: 500 - parts });
  const all = await fakeMessages();
  expect(all).toHaveLength(2);
  expect(all.filter((m) => m.to === '+8801710000016')).toEqual([]);
});
