/**
 * Two-factor sign-in (issue 16): setting it up proves the app has the secret, sign-in then asks
 * for the code after the right password, a code works once (no replay) and one step either side,
 * wrong codes count toward the sign-in limiter, recovery codes work once each, turning it off takes
 * a code, and the super admin's reset is audited and ends the account's sessions.
 */
import { and, count, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { loginFailures, securityAudit, users } from '@server/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const codeAt = (secret: string, epoch = now()) => generate({ secret, epoch });
const login = (user_code: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password: DEMO_PASSWORD, ...extra } });

async function turnOn(userCode: string) {
  const setup = await t.post(userCode, '/api/users/2fa/setup', {});
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_uri } = setup.json();
  expect(otpauth_uri).toMatch(new RegExp(`^otpauth://totp/Pathshala:${userCode}\\?.*secret=${secret}`));
  // Until a code proves the app has the secret, sign-in is unchanged.
  expect((await login(userCode)).statusCode).toBe(200);
  const wrong = await t.post(userCode, '/api/users/2fa/enable', { code: '000000' });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error.fields).toHaveProperty('code');
  const on = await t.post(userCode, '/api/users/2fa/enable', { code: await codeAt(secret) });
  expect(on.statusCode, on.body).toBe(200);
  const codes: string[] = on.json().recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret, codes };
}

it('asks for the code after the right password only, and a code signs in once', async () => {
  const { secret } = await turnOn('teacher1');
  const status = await t.get('teacher1', '/api/users/2fa');
  expect(status.json()).toEqual({ enabled: true, pending: false, recovery_codes_left: 10 });

  const wrongPassword = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { user_code: 'teacher1', password: 'not-it' },
  });
  expect(wrongPassword.statusCode).toBe(401);
  expect(wrongPassword.json()).not.toHaveProperty('otp_required');

  const asked = await login('teacher1');
  expect(asked.statusCode).toBe(401);
  expect(asked.json()).toMatchObject({ otp_required: true, error: { code: 'otp_required' } });

  // The code used to turn it on is spent; the next step's code (a phone a little ahead) is good.
  const ahead = await codeAt(secret, now() + 30);
  const ok = await login('teacher1', { otp: ahead });
  expect(ok.statusCode, ok.body).toBe(200);
  expect(ok.json().accessToken).toBeTruthy();
  const replay = await login('teacher1', { otp: ahead });
  expect(replay.statusCode).toBe(401);
  expect(replay.json()).toMatchObject({ otp_required: true, error: { code: 'otp_invalid' } });
});

it('wrong codes count toward the account’s sign-in limiter', async () => {
  await turnOn('teacher2');
  const [{ id }] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'teacher2'));
  const failures = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(loginFailures)
        .where(eq(loginFailures.key, `user:${id}`))
    )[0].n;
  const before = await failures();
  for (const otp of ['123456', '654321']) {
    const res = await login('teacher2', { otp });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('otp_invalid');
  }
  expect(await failures()).toBeGreaterThanOrEqual(before + 2);
});

it('a recovery code signs in once; turning it off takes a code', async () => {
  const { codes } = await turnOn('student1');
  const first = await login('student1', { otp: codes[0].toLowerCase() });
  expect(first.statusCode, first.body).toBe(200);
  expect((await login('student1', { otp: codes[0] })).statusCode).toBe(401);
  expect((await t.get('student1', '/api/users/2fa')).json().recovery_codes_left).toBe(9);

  expect((await t.post('student1', '/api/users/2fa/disable', { code: 'AAAAA-AAAAA' })).statusCode).toBe(400);
  const off = await t.post('student1', '/api/users/2fa/disable', { code: codes[1] });
  expect(off.statusCode, off.body).toBe(200);
  expect((await login('student1')).statusCode).toBe(200);
});

it('the super admin resets another’s second factor: audited, and that account is signed out', async () => {
  await turnOn('admin1');
  const [{ id }] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'admin1'));
  expect((await t.post('admin2', '/api/users/2fa/reset?user_code=admin1', {})).statusCode).toBe(403);
  const reset = await t.post('superadmin', '/api/users/2fa/reset?user_code=admin1', {});
  expect(reset.statusCode, reset.body).toBe(200);
  expect(
    (
      await t.db
        .select({ n: count() })
        .from(securityAudit)
        .where(and(eq(securityAudit.subjectUserId, id)))
    )[0].n,
  ).toBe(1);
  // The admin's earlier session has ended; a password alone signs in again.
  expect((await t.get('admin1', '/api/users/2fa')).statusCode).toBe(401);
  expect((await login('admin1')).statusCode).toBe(200);
  expect((await t.post('superadmin', '/api/users/2fa/reset?user_code=admin1', {})).statusCode).toBe(404);
});
