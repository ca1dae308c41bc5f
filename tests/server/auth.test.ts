import { eq, sql } from 'drizzle-orm';
import { authSessions, users } from '@server/db/schema';
import { hashToken } from '@server/auth/sessions';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES: 3 });
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

  it('refuses with 429 after repeated failures for one id, even with the right password', async () => {
    for (let i = 0; i < 3; i++) expect((await login('student2', 'wrong')).statusCode).toBe(401);
    const blocked = await login('student2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().error.message).toMatch(/Too many failed sign-ins/);
    // Other ids are not affected.
    expect((await login('student1')).statusCode).toBe(200);
  });

  it('counts failures per account: once an id is blocked, its e-mail and phone are blocked too', async () => {
    const [admin] = await t.db.select().from(users).where(eq(users.userCode, 'admin2'));
    for (let i = 0; i < 3; i++) expect((await login('admin2', 'wrong')).statusCode).toBe(401);
    expect((await login('admin2')).statusCode).toBe(429);
    for (const form of [admin.email!, admin.email!.toUpperCase(), admin.phone!, `+88${admin.phone!}`]) {
      const res = await login(form);
      expect(res.statusCode, form).toBe(429);
      expect(res.headers['retry-after'], form).toBeDefined();
    }
  });

  it('spreading failures over the id, e-mail and phone does not multiply the tries', async () => {
    const [sa] = await t.db.select().from(users).where(eq(users.userCode, 'superadmin'));
    for (const form of ['superadmin', sa.email!, sa.phone!]) {
      const res = await login(form, 'wrong');
      expect(res.statusCode, form).toBe(401);
      expect(res.json().errorMsg).toBe('Wrong user id or password.');
    }
    expect((await login(`+88${sa.phone!}`)).statusCode).toBe(429);
    expect((await login('SuperAdmin')).statusCode).toBe(429);
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
