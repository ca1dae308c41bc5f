import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { authSessions, loginFailures, schools, users } from '@server/db/schema';
import { hashPassword, needsRehash, STRONG, verifyPassword } from '@server/auth/passwords';
import { delayFor } from '@server/auth/rate-limit';
import { hashToken } from '@server/auth/sessions';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';
import { freshDb } from '../helpers/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (user_code: string, password = DEMO_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password } });

describe('sign-in', () => {
  it.each([
    ['superadmin', 5],
    ['admin1', 4],
    ['admin2', 4],
    ['teacher1', 2],
    ['teacher2', 2],
    ['student1', 1],
    ['student2', 1],
    ['viewer1', 6],
  ])('%s signs in as user type %i', async (code, type) => {
    const res = await login(code);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user_type_id).toBe(type);
    expect(body.user_code).toBe(code);
    expect(body.accessToken).toMatch(/^[\w-]{40,}$/);
  });

  it('accepts the e-mail address or the phone number instead of the user id', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userCode, 'admin1'));
    expect((await login(admin.email!.toUpperCase())).json().user_code).toBe('admin1');
    const local = admin.phone!;
    expect((await login(local)).json().user_code).toBe('admin1');
    expect((await login(`+88${local}`)).json().user_code).toBe('admin1');
  });

  it('answers one message for a wrong password and for an unknown id', async () => {
    const wrong = await login('teacher2', 'nope-nope');
    const unknown = await login('nobody-here', 'nope-nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().errorMsg).toBe('Wrong user id or password.');
    expect(unknown.json().errorMsg).toBe(wrong.json().errorMsg);
  });

  it('names the missing field on invalid input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('user_code');
  });

  it('stores passwords only as salted scrypt hashes', async () => {
    const rows = await t.db.select({ hash: users.passwordHash }).from(users).limit(5);
    for (const { hash } of rows) {
      expect(hash).toMatch(/^scrypt\$/);
      expect(hash).not.toContain(DEMO_PASSWORD);
    }
  });
});

describe('session tokens', () => {
  it('a token reaches the signed-in user’s own profile', async () => {
    const res = await t.get('teacher1', '/api/users/user_id?user_code=teacher1&user_type=2');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.user_code).toBe('teacher1');
    expect(me.teacher_code).toBeTruthy();
    expect(me.initial).toBeTruthy();
    expect(me.school_name).toBeTruthy();
    expect(me.school_info_id).toBe(me.school_id);
  });

  it('a student profile carries the current class and section', async () => {
    const me = (await t.get('student1', '/api/users/user_id')).json();
    expect(me.student_code).toBeTruthy();
    expect(me.section_id).toBeGreaterThan(0);
    expect(me.class_name).toBeTruthy();
    expect(me.class_roll_no).toBeGreaterThan(0);
  });

  it('refuses to answer another user’s profile', async () => {
    const res = await t.get('teacher1', '/api/users/user_id?user_code=admin1&user_type=4');
    expect(res.statusCode).toBe(403);
  });

  it('logout revokes the token everywhere', async () => {
    const token = (await login('admin1')).json().accessToken;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/users/user_id', headers: auth })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/users/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/users/user_id', headers: auth });
    expect(after.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/session', headers: auth })).statusCode).toBe(401);
  });

  it('an expired token gets 401', async () => {
    const token = (await login('viewer1')).json().accessToken;
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/users/user_id', headers: auth })).statusCode).toBe(200);
    await t.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(authSessions.tokenHash, hashToken(token)));
    // A change made straight in the database reaches the session cache by notification.
    await t.app.hotCache.sync();
    const res = await t.app.inject({ url: '/api/users/user_id', headers: auth });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toMatch(/session has ended/);
  });

  it('a disabled account cannot use its token', async () => {
    const token = (await login('student1')).json().accessToken;
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.userCode, 'student1'));
    const res = await t.app.inject({ url: '/api/users/user_id', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect((await login('student1')).statusCode).toBe(401);
    await t.db.update(users).set({ status: 'active' }).where(eq(users.userCode, 'student1'));
  });

  it('rejects a malformed or missing bearer header with 401 and the error shape', async () => {
    for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-token']) {
      const res = await t.app.inject({ url: '/api/session', headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });
});

// ------------------------------------------------------------------ passwords

describe('password hashes', () => {
  const hashOf = async (code: string) =>
    (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.userCode, code)))[0].hash;

  it('new hashes use scrypt at the configured cost, r=8, p=1 with a fresh salt each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(new RegExp(`^scrypt\\$${STRONG.N}\\$8\\$1\\$[\\w-]{20,}\\$[\\w-]{80,}$`));
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
    expect(needsRehash(a)).toBe(false);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
  });

  it('a burst of sign-ins leaves libuv’s pool free for file reads and lookups', async () => {
    const stored = await hashPassword('burst', { N: 2 ** 15, r: 8, p: 1 });
    let done = 0;
    const burst = Array.from({ length: 8 }, () => verifyPassword('burst', stored).then(() => (done += 1)));
    // Queued behind the hashes on a full pool, this would wait for several of them.
    await fs.stat(import.meta.filename);
    expect(done).toBe(0);
    await Promise.all(burst);
  });

  it('a weaker stored hash still signs in, and that sign-in replaces it with a strong one', async () => {
    const weak = await hashPassword(DEMO_PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
    await t.db.update(users).set({ passwordHash: weak }).where(eq(users.userCode, 'teacher2'));
    // A wrong password leaves it as it is.
    expect((await login('teacher2', 'not-the-password')).statusCode).toBe(401);
    expect(await hashOf('teacher2')).toBe(weak);
    expect((await login('teacher2')).statusCode).toBe(200);
    const upgraded = await hashOf('teacher2');
    expect(upgraded).toMatch(new RegExp(`^scrypt\\$${STRONG.N}\\$8\\$1\\$`));
    expect(needsRehash(upgraded)).toBe(false);
    expect(await verifyPassword(DEMO_PASSWORD, upgraded)).toBe(true);
    expect((await login('teacher2')).statusCode).toBe(200);
    expect(await hashOf('teacher2')).toBe(upgraded);
  });
});

// ------------------------------------------------------------------ the sign-in limiter

describe('the sign-in limiter', () => {
  const BASE = 150;
  const from = (app: TestApp['app'], remoteAddress: string, user_code: string, password = DEMO_PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password }, remoteAddress });
  const failuresOf = async (db: TestApp['db'], key: string) =>
    (await db.select().from(loginFailures).where(eq(loginFailures.key, key))).length;
  const userId = async (db: TestApp['db'], code: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0].id;

  it('waits 1 step after the free failures, doubling up to the cap', () => {
    const limits = { windowMs: 1, delayAfter: 3, delayBaseMs: 1000, delayMaxMs: 8000, maxPerAddress: 100 };
    expect([0, 1, 2, 3, 4, 5, 6, 7, 40].map((n) => delayFor(n, limits))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  describe('per account', () => {
    let a: TestApp;
    beforeAll(async () => {
      a = await createTestApp({ LOGIN_DELAY_AFTER_FAILURES: 3, LOGIN_DELAY_BASE_MS: BASE, LOGIN_DELAY_MAX_MS: 2000 });
    });
    afterAll(() => a.close());

    it('5 wrong passwords slow the account down, but never lock out the right password from elsewhere', async () => {
      for (let i = 0; i < 5; i++) {
        const res = await from(a.app, '203.0.113.66', 'student2', `guess-${i}`);
        expect(res.statusCode, `guess ${i}`).toBe(401);
        expect(res.json().errorMsg).toBe('Wrong user id or password.');
      }
      const id = await userId(a.db, 'student2');
      expect(await failuresOf(a.db, `user:${id}`)).toBe(5);
      const started = Date.now();
      const right = await from(a.app, '198.51.100.20', 'student2');
      // Five failures, three free: this attempt waited 2^(5-3) steps.
      expect(Date.now() - started).toBeGreaterThanOrEqual(4 * BASE);
      expect(right.statusCode).toBe(200);
      expect(right.headers['retry-after']).toBeUndefined();
      // Success forgets the account's failures.
      expect(await failuresOf(a.db, `user:${id}`)).toBe(0);
    });

    it('the account’s id, e-mail and phone share one budget', async () => {
      const [admin] = await a.db.select().from(users).where(eq(users.userCode, 'admin2'));
      for (const form of ['admin2', admin.email!, admin.phone!]) {
        expect((await from(a.app, '192.0.2.1', form, 'wrong')).statusCode, form).toBe(401);
      }
      expect(await failuresOf(a.db, `user:${admin.id}`)).toBe(3);
      const started = Date.now();
      expect((await from(a.app, '192.0.2.2', `+88${admin.phone!}`)).statusCode).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(BASE);
    });

    it('an unknown id slows down like a real account and answers the same message', async () => {
      for (let i = 0; i < 3; i++) {
        const res = await from(a.app, '192.0.2.3', 'nobody-at-all', 'wrong');
        expect(res.json().errorMsg).toBe('Wrong user id or password.');
      }
      expect(await failuresOf(a.db, 'id:nobody-at-all')).toBe(3);
      const started = Date.now();
      expect((await from(a.app, '192.0.2.3', 'NOBODY-at-all', 'wrong')).statusCode).toBe(401);
      expect(Date.now() - started).toBeGreaterThanOrEqual(BASE);
    });

    it('a waiting sign-in does not hold up other requests', async () => {
      const token = await a.token('teacher1');
      for (let i = 0; i < 6; i++) await from(a.app, '192.0.2.4', 'viewer1', 'wrong');
      let signedIn = false;
      const slow = from(a.app, '192.0.2.4', 'viewer1').then((res) => {
        signedIn = true;
        return res;
      });
      const other = await a.app.inject({ url: '/api/day', headers: { authorization: `Bearer ${token}` } });
      expect(other.statusCode).toBe(200);
      expect(signedIn).toBe(false);
      expect((await slow).statusCode).toBe(200);
    });
  });

  describe('per address', () => {
    let a: TestApp;
    beforeAll(async () => {
      a = await createTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: 4, LOGIN_DELAY_BASE_MS: 0, LOGIN_DELAY_MAX_MS: 50 });
    });
    afterAll(() => a.close());

    it('only failures count: many successes from one address are never refused', async () => {
      for (let i = 0; i < 6; i++) expect((await from(a.app, '10.20.0.1', 'student1')).statusCode).toBe(200);
    });

    it('past its bound an address still signs in the right password; a wrong one there gets 429 with Retry-After', async () => {
      for (let i = 0; i < 4; i++) {
        expect((await from(a.app, '10.20.0.2', `someone-${i}`, 'wrong')).statusCode).toBe(401);
      }
      const refused = await from(a.app, '10.20.0.2', 'admin1', 'wrong');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.message).toMatch(/Too many failed sign-ins/);
      expect((await from(a.app, '10.20.0.2', 'admin1')).statusCode).toBe(200);
      expect((await from(a.app, '10.20.0.3', 'admin1', 'wrong')).statusCode).toBe(401);
    });

    it('X-Forwarded-For is ignored unless TRUST_PROXY names the proxy', async () => {
      const viaProxy = (app: TestApp['app'], client: string, password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/users/login',
          payload: { user_code: 'teacher1', password },
          remoteAddress: '10.30.0.1',
          headers: { 'x-forwarded-for': client },
        });
      // Untrusted: every client behind 10.30.0.1 is that one address.
      for (let i = 0; i < 4; i++) await viaProxy(a.app, `198.18.0.${i + 1}`, 'wrong');
      expect((await viaProxy(a.app, '198.18.0.99', 'wrong')).statusCode).toBe(429);
      expect((await viaProxy(a.app, '198.18.0.99', DEMO_PASSWORD)).statusCode).toBe(200);

      const trusting = await createTestApp({
        LOGIN_MAX_FAILURES_PER_ADDRESS: 4,
        LOGIN_DELAY_BASE_MS: 0,
        LOGIN_DELAY_MAX_MS: 50,
        TRUST_PROXY: ['10.30.0.0/16'],
      });
      try {
        for (let i = 0; i < 4; i++) await viaProxy(trusting.app, '198.18.1.1', 'wrong');
        expect((await viaProxy(trusting.app, '198.18.1.1', 'wrong')).statusCode).toBe(429);
        expect((await viaProxy(trusting.app, '198.18.1.2', 'wrong')).statusCode).toBe(401);
        expect((await viaProxy(trusting.app, '198.18.1.1', DEMO_PASSWORD)).statusCode).toBe(200);
      } finally {
        await trusting.close();
      }
    });
  });

  it('counts live in the database: a new server process on the same database keeps them', async () => {
    const handle = await freshDb();
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }),
      LOGIN_MAX_FAILURES_PER_ADDRESS: 3,
      LOGIN_DELAY_BASE_MS: 0,
      LOGIN_DELAY_MAX_MS: 50,
    };
    try {
      const first = await buildApp(config, handle);
      for (let i = 0; i < 3; i++) expect((await from(first, '10.40.0.1', 'nobody', 'wrong')).statusCode).toBe(401);
      await first.close();
      const second = await buildApp(config, handle);
      try {
        expect((await from(second, '10.40.0.1', 'student1', 'wrong')).statusCode).toBe(429);
        expect((await from(second, '10.40.0.2', 'student1', 'wrong')).statusCode).toBe(401);
        expect((await from(second, '10.40.0.1', 'student1')).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await handle.close();
    }
  });

  it('TRUST_PROXY accepts addresses, ranges and names, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('language', () => {
  const put = (as: string | null, payload: unknown) =>
    t.call(as, { method: 'PUT', url: '/api/users/language', payload: payload as Record<string, unknown> });

  it('the profile carries the school language until the user chooses their own', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userCode, 'admin1'));
    const [school] = await t.db.select().from(schools).where(eq(schools.id, admin.schoolId!));
    expect(school.smsLanguage).toBe('bn'); // messages to guardians go in Bangla in the demo
    expect(admin.language).toBeNull();
    let me = (await t.get('admin1', '/api/users/user_id')).json();
    expect(me).toMatchObject({ language: school.language, school_language: school.language });

    await t.db.update(schools).set({ language: 'bn' }).where(eq(schools.id, school.id));
    me = (await t.get('admin1', '/api/users/user_id')).json();
    expect(me).toMatchObject({ language: 'bn', school_language: 'bn' });

    const res = await put('admin1', { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, code: 'shell.language_saved', language: 'en' });
    me = (await t.get('admin1', '/api/users/user_id')).json();
    expect(me).toMatchObject({ language: 'en', school_language: 'bn' });
    await t.db.update(schools).set({ language: school.language }).where(eq(schools.id, school.id));
    await t.db.update(users).set({ language: null }).where(eq(users.id, admin.id));
  });

  it('every user type may change their own, viewers included (read-only for records only)', async () => {
    for (const code of ['superadmin', 'admin1', 'teacher1', 'student1', 'viewer1']) {
      const res = await put(code, { language: 'bn' });
      expect(res.statusCode, code).toBe(200);
      expect((await t.get(code, '/api/users/user_id')).json().language, code).toBe('bn');
      const [row] = await t.db.select().from(users).where(eq(users.userCode, code));
      expect(row.language).toBe('bn');
    }
    // Only the caller's row changed: teacher2 still follows the school.
    const [other] = await t.db.select().from(users).where(eq(users.userCode, 'teacher2'));
    expect(other.language).toBeNull();
    await t.db.update(users).set({ language: null });
  });

  it('refuses an unknown language with a 400 naming the field, and anonymous callers with a 401', async () => {
    for (const body of [{ language: 'fr' }, {}, { language: 1 }]) {
      const res = await put('teacher1', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/language/);
    }
    expect((await put(null, { language: 'bn' })).statusCode).toBe(401);
  });
});

describe('password hashing cost', () => {
  it('is N=2^17 unless configured, and refuses a cost out of range', async () => {
    const { strongParams } = await import('@server/auth/passwords');
    expect(strongParams({})).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(strongParams({ PASSWORD_HASH_LOG_N: '12' }).N).toBe(4096);
    expect(() => strongParams({ PASSWORD_HASH_LOG_N: '9' })).toThrow(/PASSWORD_HASH_LOG_N/);
  });
});
