/**
 * The sign-in limiter never turns strangers' failures into a refusal of the right password, and
 * bursts cannot stack delays or hashing; the password change is limited like a sign-in; slow
 * bodies are cut; deep JSON is a 400; chosen passwords are neither common nor the account's own id.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loginFailures, users } from '@server/db/schema';
import { HASH_CONCURRENCY, HashQueueFull, hashPassword, verifyPassword } from '@server/auth/passwords';
import { commonPasswordCount } from '@server/auth/password-policy';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';

const login = (app: TestApp['app'], remoteAddress: string, user_code: string, password = DEMO_PASSWORD) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password }, remoteAddress });
const userOf = async (db: TestApp['db'], code: string) =>
  (await db.select().from(users).where(eq(users.userCode, code)))[0];
const failuresOf = async (db: TestApp['db'], key: string) =>
  (await db.select().from(loginFailures).where(eq(loginFailures.key, key))).length;

describe('strangers’ failures never refuse the right password', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ LOGIN_DELAY_BASE_MS: 0, LOGIN_DELAY_MAX_MS: 20 });
  });
  afterAll(() => a.close());

  it('after 100+ failures from one address, another account’s right password from there signs in', async () => {
    for (let i = 0; i < 100; i++) {
      expect((await login(a.app, '10.50.0.1', `stranger-${i}`, 'wrong')).statusCode).toBe(401);
    }
    // Past the bound, a wrong password from there is refused with a time to come back.
    expect((await login(a.app, '10.50.0.1', 'stranger-100', 'wrong')).statusCode).toBe(429);
    expect(await failuresOf(a.db, 'ip:10.50.0.1')).toBe(101);
    const right = await login(a.app, '10.50.0.1', 'teacher1');
    expect(right.statusCode, right.body).toBe(200);
    // A wrong password from there is refused with a time to come back, and only from there.
    const wrong = await login(a.app, '10.50.0.1', 'teacher2', 'wrong');
    expect(wrong.statusCode).toBe(429);
    expect(Number(wrong.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(a.app, '10.50.0.2', 'teacher2', 'wrong')).statusCode).toBe(401);
  });

  it('warns once when X-Forwarded-For arrives and no proxy is trusted', async () => {
    const warn = vi.spyOn(a.app.log, 'warn');
    for (let i = 0; i < 3; i++) {
      await a.app.inject({ url: '/api/day', headers: { 'x-forwarded-for': `198.18.9.${i}` } });
    }
    const mentions = warn.mock.calls.filter((call) => JSON.stringify(call).includes('TRUST_PROXY'));
    expect(mentions).toHaveLength(1);
    warn.mockRestore();
  });
});

describe('parallel guesses do not stack the owner’s wait', () => {
  const MAX = 200;
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ LOGIN_DELAY_AFTER_FAILURES: 3, LOGIN_DELAY_BASE_MS: 50, LOGIN_DELAY_MAX_MS: MAX });
  });
  afterAll(() => a.close());

  it('40 parallel wrong guesses, then the right password answers within the longest delay and a check or two', async () => {
    // A costly hash, so that checks queued behind one another would show.
    const stored = await hashPassword(DEMO_PASSWORD, { N: 2 ** 16, r: 8, p: 1 });
    await a.db.update(users).set({ passwordHash: stored }).where(eq(users.userCode, 'student2'));
    let check = 0;
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      await verifyPassword('calibration', stored);
      check = Math.max(check, performance.now() - started);
    }

    const burst = Array.from({ length: 40 }, (_, i) => login(a.app, '203.0.113.7', 'student2', `guess-${i}`));
    let answered = 0;
    for (const p of burst) void p.then(() => (answered += 1));
    // The owner comes once the burst has been dealt with, or after a while whatever happens to it.
    for (let waited = 0; answered < burst.length - 2 && waited < 1500; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const started = performance.now();
    const owner = await login(a.app, '198.51.100.7', 'student2');
    const took = performance.now() - started;
    expect(owner.statusCode, owner.body).toBe(200);
    // The longest delay, the check ahead of it and its own, with room for a busy machine: never the burst's sum.
    expect(took).toBeLessThan(MAX + 4 * check + 500);

    const answers = await Promise.all(burst);
    for (const res of answers) {
      expect([401, 429]).toContain(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Most of the burst was answered without hashing anything.
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(30);
  });
});

describe('the password change', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ LOGIN_DELAY_AFTER_FAILURES: 3, LOGIN_DELAY_BASE_MS: 50, LOGIN_DELAY_MAX_MS: 200 });
  });
  afterAll(() => a.close());
  const change = (as: string, body: Record<string, unknown>) => a.post(as, `/api/update_user?user_code=${as}`, body);

  it('counts a wrong current password as a failed sign-in of the account', async () => {
    const teacher = await userOf(a.db, 'teacher2');
    for (let i = 0; i < 4; i++) {
      const res = await change('teacher2', { Pass: 'kettle-sunrise-42', current_password: `guess-${i}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('current_password');
    }
    expect(await failuresOf(a.db, `user:${teacher.id}`)).toBe(4);
    // The right one forgets them, as a sign-in does.
    const ok = await change('teacher2', { Pass: 'kettle-sunrise-42', current_password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await failuresOf(a.db, `user:${teacher.id}`)).toBe(0);
  });

  it.each([
    ['password1', 'common'],
    ['Password123', 'common'],
    ['iloveyou', 'common'],
    ['qwertyuiop', 'common'],
    ['PATHSHALA123', 'common'],
    ['teacher1!', 'personal'],
    ['my-TEACHER1-pw', 'personal'],
    ['email', 'personal'],
    ['phone', 'personal'],
  ])('refuses %s (%s) with a 400 naming Pass', async (pass, why) => {
    const me = await userOf(a.db, 'teacher1');
    const Pass =
      pass === 'email' ? `${me.email!.toUpperCase()}` : pass === 'phone' ? `pw-${me.phone!}` : (pass as string);
    const res = await change('teacher1', { Pass, current_password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(400);
    const message = res.json().error.fields.Pass as string;
    expect(message).toMatch(why === 'common' ? /most common passwords/ : /user id, e-mail or phone/);
  });

  it('accepts a password of one’s own making', async () => {
    const res = await change('teacher1', { Pass: 'lantern-monsoon-7', current_password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect((await login(a.app, '192.0.2.9', 'teacher1', 'lantern-monsoon-7')).statusCode).toBe(200);
  });

  it('the list holds the maintained list’s common passwords and the local ones', () => {
    expect(commonPasswordCount()).toBeGreaterThan(40_000);
  });
});

describe('the hashing queue is bounded', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ PASSWORD_HASH_QUEUE: 0 });
  });
  afterAll(() => a.close());

  it('past the bound a sign-in gets 503 with Retry-After, and the next one runs', async () => {
    const stored = await hashPassword('occupied', { N: 2 ** 16, r: 8, p: 1 });
    // Every hashing slot busy with slow work; with no queue allowed, the next hash is refused.
    const busy = Array.from({ length: HASH_CONCURRENCY }, () => verifyPassword('occupied', stored));
    await expect(verifyPassword('one more', stored)).rejects.toBeInstanceOf(HashQueueFull);
    const res = await login(a.app, '192.0.2.10', 'nobody-here', 'wrong');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error.code).toBe('server_busy');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await Promise.all(busy);
    expect((await login(a.app, '192.0.2.10', 'student1')).statusCode).toBe(200);
  });
});

describe('deep JSON and slow bodies', () => {
  let a: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ REQUEST_TIMEOUT_SECONDS: 1 });
  });
  afterAll(() => a.close());

  it.each([
    ['without', {}],
    ['with', { 'idempotency-key': 'deep-body-1' }],
  ])('a 10,000-deep body %s an Idempotency-Key is a 400 naming the body', async (_label, extra) => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    for (const url of ['/api/update_user?user_code=teacher1', '/api/users/login']) {
      const res = await a.call('teacher1', {
        method: 'POST',
        url,
        payload: deep,
        headers: { 'content-type': 'application/json', ...extra },
      });
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(400);
      expect(res.json().error.fields).toHaveProperty('body');
      expect(res.json().error.message).toMatch(/nested too deeply/);
    }
  });

  it('a body sent too slowly is cut with 408', async () => {
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = a.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const answer = new Promise<{ text: string; ms: number }>((resolve) => {
      const started = Date.now();
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve({ text, ms: Date.now() - started }));
      // Without a timeout the server would wait for the rest forever; the test gives up first.
      setTimeout(() => {
        socket.destroy();
      }, 6000).unref();
    });
    socket.write(
      'POST /api/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"user_code":"tea',
    );
    const { text, ms } = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeLessThan(5000);
  });
});
