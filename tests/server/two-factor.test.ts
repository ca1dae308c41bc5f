/**
 * Two-factor sign-in: setting it up proves the app has the secret, sign-in then asks
 * for the code after the right password, a code works once (no replay) and one step either side,
 * wrong codes count toward the sign-in limiter, recovery codes work once each, turning it off takes
 * a code, and the super admin's reset is audited and ends the account's sessions.
 */
import { and, count, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { newTotpSecret, totpStep } from '@server/auth/two-factor';
import { loginFailures, securityAudit, systemSettings, users } from '@server/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
/** Setting up, turning on and off need the current password. */
const pw = { current_password: DEMO_PASSWORD };
const codeAt = (secret: string, epoch = now()) => generate({ secret, epoch });
const login = (user_code: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password: DEMO_PASSWORD, ...extra } });

async function turnOn(userCode: string) {
  const setup = await t.post(userCode, '/api/users/2fa/setup', pw);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_uri } = setup.json();
  expect(otpauth_uri).toMatch(new RegExp(`^otpauth://totp/Pathshala:${userCode}\\?.*secret=${secret}`));
  // Until a code proves the app has the secret, sign-in is unchanged.
  expect((await login(userCode)).statusCode).toBe(200);
  const wrong = await t.post(userCode, '/api/users/2fa/enable', { code: '000000', ...pw });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error.fields).toHaveProperty('code');
  const on = await t.post(userCode, '/api/users/2fa/enable', { code: await codeAt(secret), ...pw });
  expect(on.statusCode, on.body).toBe(200);
  const codes: string[] = on.json().recovery_codes;
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret, codes };
}

it('asks for the code after the right password only, and a code signs in once', async () => {
  const { secret } = await turnOn('teacher1');
  const status = await t.get('teacher1', '/api/users/2fa');
  expect(status.json()).toEqual({ enabled: true, pending: false, required: false, recovery_codes_left: 10 });

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

  expect((await t.post('student1', '/api/users/2fa/disable', { code: 'AAAAA-AAAAA', ...pw })).statusCode).toBe(400);
  const off = await t.post('student1', '/api/users/2fa/disable', { code: codes[1], ...pw });
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

describe('the TOTP window, with a fixed clock', () => {
  // 10 s into a step, so that ±30 s lands inside the neighbouring steps, not on their edges.
  const T = 1_700_000_010;
  const step = Math.floor(T / 30);

  it('takes the code of this step and one step either side, and no further', async () => {
    const secret = newTotpSecret();
    expect(await totpStep(secret, await codeAt(secret, T), null, T)).toBe(step);
    expect(await totpStep(secret, await codeAt(secret, T - 30), null, T)).toBe(step - 1);
    expect(await totpStep(secret, await codeAt(secret, T + 30), null, T)).toBe(step + 1);
    expect(await totpStep(secret, await codeAt(secret, T - 60), null, T)).toBeNull();
    expect(await totpStep(secret, await codeAt(secret, T + 60), null, T)).toBeNull();
  });

  it('refuses a code of a step already used, or of an earlier one, within its window', async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, T);
    expect(await totpStep(secret, code, step, T)).toBeNull();
    expect(await totpStep(secret, await codeAt(secret, T - 30), step, T)).toBeNull();
    // The next step's code is still good after this one was used.
    expect(await totpStep(secret, await codeAt(secret, T + 30), step, T)).toBe(step + 1);
  });
});

describe('a required second factor', () => {
  const schoolOfAdmin = async (code: string) =>
    (await t.db.select({ schoolId: users.schoolId }).from(users).where(eq(users.userCode, code)))[0].schoolId!;

  it('a school admin sets it for their school only after turning on their own; the super admin for any', async () => {
    const school = await schoolOfAdmin('admin2');
    const other = await schoolOfAdmin('admin1');
    expect((await t.get('admin2', `/api/school_info/${school}/two_factor`)).json()).toEqual({
      required: false,
      set_by: null,
      may_change: true,
    });
    const first = await t.call('admin2', {
      method: 'PUT',
      url: `/api/school_info/${school}/two_factor`,
      payload: { required: true },
    });
    expect(first.statusCode).toBe(409);
    expect(first.json().error.code).toBe('two_factor.own_first');
    expect(
      (
        await t.call('admin2', {
          method: 'PUT',
          url: `/api/school_info/${other}/two_factor`,
          payload: { required: true },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.get('teacher2', `/api/school_info/${school}/two_factor`)).statusCode).toBe(403);
    expect((await t.get('admin2', `/api/school_info/${other}/two_factor`)).statusCode).toBe(403);
    const bySuper = await t.call('superadmin', {
      method: 'PUT',
      url: `/api/school_info/${other}/two_factor`,
      payload: { required: false },
    });
    expect(bySuper.statusCode, bySuper.body).toBe(200);
  });

  it('a required school admin without it can only set it up, then everything opens', async () => {
    const school = await schoolOfAdmin('admin2');
    const on = await t.call('superadmin', {
      method: 'PUT',
      url: `/api/school_info/${school}/two_factor`,
      payload: { required: true },
    });
    expect(on.json()).toEqual({ required: true, set_by: 'super_admin', may_change: true });

    const signIn = await login('admin2');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().two_factor_setup_required).toBe(true);
    const auth = { authorization: `Bearer ${signIn.json().accessToken}` };
    const as = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });

    expect((await as('GET', '/api/users/user_id')).json().two_factor_setup_required).toBe(true);
    const blocked = await as('GET', '/api/school_info/all');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('two_factor.setup_required');
    // Admin1's school does not require it: admin1 is not held.
    const admin1 = (await login('admin1')).json().accessToken;
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/users/user_id',
      headers: { authorization: `Bearer ${admin1}` },
    });
    expect(own.json().two_factor_setup_required).toBe(false);

    const setup = await as('POST', '/api/users/2fa/setup', pw);
    expect(setup.statusCode, setup.body).toBe(200);
    const wrong = await as('POST', '/api/users/2fa/enable', { code: '000000', ...pw });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'two_factor.wrong_code', fields: { code: expect.any(String) } });
    const enabled = await as('POST', '/api/users/2fa/enable', { code: await codeAt(setup.json().secret), ...pw });
    expect(enabled.statusCode, enabled.body).toBe(200);

    // The same session is let through at once.
    expect((await as('GET', '/api/users/user_id')).json().two_factor_setup_required).toBe(false);
    expect((await as('GET', '/api/school_info/all')).statusCode).toBe(200);
    // While required, it cannot be turned off.
    const codes: string[] = enabled.json().recovery_codes;
    const off = await as('POST', '/api/users/2fa/disable', { code: codes[0], ...pw });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('two_factor.required');
    expect((await as('GET', '/api/users/2fa')).json()).toMatchObject({ enabled: true, required: true });
  });

  it('the installation’s setting holds the super admins the same way', async () => {
    expect((await t.get('superadmin', '/api/system/two_factor')).json()).toEqual({ required: false });
    expect((await t.get('teacher2', '/api/system/two_factor')).statusCode).toBe(403);
    const refused = await t.call('superadmin', {
      method: 'PUT',
      url: '/api/system/two_factor',
      payload: { required: true },
    });
    expect(refused.json().error.code).toBe('two_factor.own_first');
    // Stored directly, as another super admin with a second factor would have set it.
    await t.db
      .insert(systemSettings)
      .values({ id: 1, superAdminTwoFactor: true })
      .onConflictDoUpdate({ target: systemSettings.id, set: { superAdminTwoFactor: true } });
    const held = await t.get('superadmin', '/api/school_info/all');
    expect(held.statusCode).toBe(403);
    expect(held.json().error.code).toBe('two_factor.setup_required');
    expect((await login('superadmin')).json().two_factor_setup_required).toBe(true);
    await t.db.update(systemSettings).set({ superAdminTwoFactor: false });
    expect((await t.get('superadmin', '/api/school_info/all')).statusCode).toBe(200);
  });

  it('lists the school admins with their state for the super admin, paged', async () => {
    const res = await t.get('superadmin', '/api/users/2fa/admins?limit=1');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.rows).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const all = (await t.get('superadmin', '/api/users/2fa/admins')).json().rows;
    expect(all.find((r: { user_code: string }) => r.user_code === 'admin2')).toMatchObject({
      enabled: true,
      required: true,
    });
    expect((await t.get('teacher2', '/api/users/2fa/admins')).statusCode).toBe(403);
  });
});
