/**
 * Who may change how an account signs in with a second factor.
 *
 * - A school's requirement remembers who set it: the super admin's is lifted only by a super
 *   admin; a school admin may require it and lift one a school admin set. Every change is in the
 *   security audit; while a requirement applies, the account cannot turn its own second factor off.
 * - Setting up, turning on and turning off one's own second factor need the current password (a
 *   wrong one counts as a failed sign-in), and a change signs out the account's other sessions.
 */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import { generate } from 'otplib';
import { newTotpSecret } from '@server/auth/two-factor';
import { loginFailures, schools, securityAudit, users } from '@server/db/schema';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';

let t: TestApp;
let school1: number;
let admin1Secret: string;
beforeAll(async () => {
  t = await createTestApp();
  // Sessions first: once admin1 has a second factor, a password alone no longer signs in.
  await t.token('admin1');
  await t.token('superadmin');
  [{ schoolId: school1 }] = (await t.db
    .select({ schoolId: users.schoolId })
    .from(users)
    .where(eq(users.userCode, 'admin1'))) as { schoolId: number }[];
  admin1Secret = newTotpSecret();
  await t.db.update(users).set({ totpSecret: admin1Secret }).where(eq(users.userCode, 'admin1'));
});
afterAll(() => t.close());

const login = (user_code: string) =>
  t.app.inject({ method: 'POST', url: '/api/users/login', payload: { user_code, password: DEMO_PASSWORD } });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const as = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const userId = async (code: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0].id;

type SetBy = 'super_admin' | 'school_admin' | null;

async function requirementIs(setBy: SetBy) {
  await t.db
    .update(schools)
    .set({ requireTwoFactor: setBy !== null, twoFactorRequiredBy: setBy })
    .where(eq(schools.id, school1));
}
async function requirement() {
  const [row] = await t.db
    .select({ required: schools.requireTwoFactor, setBy: schools.twoFactorRequiredBy })
    .from(schools)
    .where(eq(schools.id, school1));
  return row;
}
const auditRows = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(securityAudit)
      .where(and(eq(securityAudit.schoolId, school1), eq(securityAudit.action, 'two_factor_requirement')))
  )[0].n;

describe('a school’s two-factor requirement', () => {
  const cases: {
    before: SetBy;
    actor: 'admin1' | 'superadmin';
    required: boolean;
    status: number;
    after: SetBy;
    audited: boolean;
  }[] = [
    { before: null, actor: 'admin1', required: true, status: 200, after: 'school_admin', audited: true },
    { before: 'school_admin', actor: 'admin1', required: false, status: 200, after: null, audited: true },
    { before: 'super_admin', actor: 'admin1', required: false, status: 403, after: 'super_admin', audited: false },
    // Requiring again what the super admin requires must not make it the school admin's (to lift).
    { before: 'super_admin', actor: 'admin1', required: true, status: 200, after: 'super_admin', audited: false },
    { before: null, actor: 'admin1', required: false, status: 200, after: null, audited: false },
    { before: null, actor: 'superadmin', required: true, status: 200, after: 'super_admin', audited: true },
    { before: 'school_admin', actor: 'superadmin', required: true, status: 200, after: 'super_admin', audited: true },
    { before: 'super_admin', actor: 'superadmin', required: false, status: 200, after: null, audited: true },
    { before: 'school_admin', actor: 'superadmin', required: false, status: 200, after: null, audited: true },
  ];

  it.each(cases)(
    'set by $before, $actor asks required=$required: $status, then set by $after',
    async ({ before, actor, required, status, after, audited }) => {
      await requirementIs(before);
      const audits = await auditRows();
      const res = await t.call(actor, {
        method: 'PUT',
        url: `/api/school_info/${school1}/two_factor`,
        payload: { required },
      });
      expect(res.statusCode, res.body).toBe(status);
      if (status === 403) expect(res.json().error.code).toBe('two_factor.set_by_super_admin');
      else expect(res.json()).toMatchObject({ required, set_by: after });
      expect(await requirement()).toEqual({ required: after !== null, setBy: after });
      expect(await auditRows()).toBe(audits + (audited ? 1 : 0));
    },
  );

  it('the audit row says who changed what', async () => {
    await requirementIs(null);
    await t.call('admin1', {
      method: 'PUT',
      url: `/api/school_info/${school1}/two_factor`,
      payload: { required: true },
    });
    const [row] = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.schoolId, school1))
      .orderBy(desc(securityAudit.id))
      .limit(1);
    expect(row).toMatchObject({
      actorUserId: await userId('admin1'),
      action: 'two_factor_requirement',
      detail: { required: true, set_by: 'school_admin', before: { required: false, set_by: null } },
    });
  });

  it('shows who set it and whether the caller may change it', async () => {
    await requirementIs('super_admin');
    expect((await t.get('admin1', `/api/school_info/${school1}/two_factor`)).json()).toEqual({
      required: true,
      set_by: 'super_admin',
      may_change: false,
    });
    expect((await t.get('superadmin', `/api/school_info/${school1}/two_factor`)).json()).toEqual({
      required: true,
      set_by: 'super_admin',
      may_change: true,
    });
    const admins = (await t.get('superadmin', `/api/users/2fa/admins?school_id=${school1}`)).json().rows;
    expect(admins.find((r: { user_code: string }) => r.user_code === 'admin1')).toMatchObject({
      required: true,
      required_by: 'super_admin',
    });
  });

  it('the super admin’s requirement holds: the school admin can neither lift it nor turn their own off', async () => {
    await requirementIs('super_admin');
    const lift = await t.call('admin1', {
      method: 'PUT',
      url: `/api/school_info/${school1}/two_factor`,
      payload: { required: false },
    });
    expect(lift.statusCode).toBe(403);
    expect(lift.json().error.message).toMatch(/only the super admin/i);
    const off = await t.post('admin1', '/api/users/2fa/disable', {
      code: await generate({ secret: admin1Secret }),
      current_password: DEMO_PASSWORD,
    });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json().error.code).toBe('two_factor.required');
    expect((await t.db.select({ s: users.totpSecret }).from(users).where(eq(users.userCode, 'admin1')))[0].s).toBe(
      admin1Secret,
    );
  });

  it('a second-factor reset is audited with the account’s school', async () => {
    const res = await t.post('superadmin', '/api/users/2fa/reset?user_code=admin1', {});
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db
      .select()
      .from(securityAudit)
      .where(eq(securityAudit.action, 'two_factor_reset'))
      .orderBy(desc(securityAudit.id))
      .limit(1);
    expect(row).toMatchObject({ subjectUserId: await userId('admin1'), schoolId: school1 });
  });
});

describe('one’s own second factor needs the current password', () => {
  it.each([
    { url: '/api/users/2fa/setup', body: {} },
    { url: '/api/users/2fa/enable', body: { code: '123456' } },
    { url: '/api/users/2fa/disable', body: { code: '123456' } },
  ])('$url without current_password: 400 naming it', async ({ url, body }) => {
    const res = await t.post('teacher1', url, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields).toHaveProperty('current_password');
  });

  it.each(['/api/users/2fa/setup', '/api/users/2fa/enable', '/api/users/2fa/disable'])(
    '%s with a wrong password: 400, counted as a failed sign-in, nothing changes',
    async (url) => {
      const id = await userId('teacher2');
      const since = new Date(Date.now() - 1000);
      const failures = async () =>
        (
          await t.db
            .select({ n: count() })
            .from(loginFailures)
            .where(and(eq(loginFailures.key, `user:${id}`), gt(loginFailures.failedAt, since)))
        )[0].n;
      const before = await failures();
      const code = url.endsWith('/setup') ? {} : { code: '123456' };
      const res = await t.post('teacher2', url, { ...code, current_password: 'not-my-password' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'two_factor.wrong_password' });
      expect(res.json().error.fields).toHaveProperty('current_password');
      expect(await failures()).toBe(before + 1);
      expect((await t.db.select({ p: users.totpPendingSecret }).from(users).where(eq(users.id, id)))[0].p).toBeNull();
    },
  );

  it('turning it on and off signs out the account’s other sessions, not this one', async () => {
    const here = (await login('student1')).json().accessToken as string;
    const elsewhere = (await login('student1')).json().accessToken as string;
    const pw = { current_password: DEMO_PASSWORD };
    const setup = await as(here, 'POST', '/api/users/2fa/setup', pw);
    expect(setup.statusCode, setup.body).toBe(200);
    // Setting up changes nothing at sign-in yet: the other session stays.
    expect((await as(elsewhere, 'GET', '/api/users/2fa')).statusCode).toBe(200);
    const secret = setup.json().secret as string;
    const on = await as(here, 'POST', '/api/users/2fa/enable', { code: await generate({ secret }), ...pw });
    expect(on.statusCode, on.body).toBe(200);
    expect((await as(elsewhere, 'GET', '/api/users/2fa')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/api/users/2fa')).statusCode).toBe(200);

    // A third session, signed in with a recovery code, outlives nothing when it is turned off.
    const codes = on.json().recovery_codes as string[];
    const third = (
      await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { user_code: 'student1', password: DEMO_PASSWORD, otp: codes[0] },
      })
    ).json().accessToken as string;
    const off = await as(here, 'POST', '/api/users/2fa/disable', { code: codes[1], ...pw });
    expect(off.statusCode, off.body).toBe(200);
    expect((await as(third, 'GET', '/api/users/2fa')).statusCode).toBe(401);
    expect((await as(here, 'GET', '/api/users/2fa')).json()).toMatchObject({ enabled: false });
  });
});
