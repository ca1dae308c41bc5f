/**
 * Two-factor sign-in, one's own: set up (a new secret and its otpauth:// URI), turn on
 * with a first code (answering the recovery codes, once), turn off with a code, see the state; and
 * the super admin's reset of another account's second factor (recorded in security_audit, and
 * that account's sessions end). Sign-in itself asks for the code (server/routes/users.ts).
 *
 * Setting up, turning on and turning off also need the account's current password (a session
 * alone, a phone left signed in, must not change how the account signs in), checked through the
 * sign-in limiter like a sign-in; a change signs out the account's other sessions.
 *
 * Who must use it: a school's requirement remembers who set it. The super admin's is lifted only
 * by a super admin; a school admin may set one and lift one a school admin set. Every change of a
 * requirement is in the security audit (server/services/audit.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  schoolTwoFactorParams,
  twoFactorAdminsPage,
  twoFactorAdminsQuery,
  twoFactorCodeBody,
  twoFactorEnabled,
  twoFactorPolicy,
  twoFactorPolicyBody,
  twoFactorResetQuery,
  twoFactorSetup,
  twoFactorSetupBody,
  twoFactorStatus,
} from '@/api/schemas/auth';
import { SUPER_ADMIN, USER_TYPES } from '@/api/permissions';
import { errorBody, okBody } from '@/api/schemas/common';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard';
import { verifyPassword } from '../auth/passwords';
import { AddressLimited } from '../auth/rate-limit';
import { revokeOtherSessions } from '../auth/sessions';
import { schoolOf } from '../auth/tenant';
import {
  checkSecondFactor,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  recoveryCodesLeft,
  storeRecoveryCodes,
  totpStep,
} from '../auth/two-factor';
import { cacheOf } from '../cache/hot-cache';
import type { Db } from '../db/client';
import { authSessions, recoveryCodes, schools, systemSettings, users } from '../db/schema';
import { ApiError, notFound, tooMany } from '../errors';
import type { ErrorCode } from '../error-codes';
import { recordAudit } from '../services/audit';

/** A refused code names the field, with a code of its own so the client says it in the user's language. */
const wrongCode = (code: ErrorCode, message: string) => new ApiError(400, code, `code: ${message}`, { code: message });
const WRONG_CODE = 'That code is not right. Enter the current code from the app.';

/**
 * Waits (at most a second) until this process has applied the cache notifications of a change just
 * committed: the account's own next request must see that it no longer has to set up a second
 * factor, or a school admin must now (the triggers of migration 0019 announce both).
 */
async function settle(db: Db) {
  const cache = cacheOf(db);
  if (cache) await Promise.race([cache.sync(), new Promise((r) => setTimeout(r, 1_000).unref())]);
}

const OWN_FIRST = 'Turn on two-factor sign-in for your own account first.';
const WRONG_PASSWORD = 'That is not your current password.';
const SUPER_ADMINS_REQUIREMENT =
  'The super admin requires two-factor sign-in for this school: only the super admin can lift it.';

/** Who set a school's requirement, by the user type of who sets it now. */
type RequiredBy = 'super_admin' | 'school_admin';
const requiredByOf = (userType: number): RequiredBy => (userType === SUPER_ADMIN ? 'super_admin' : 'school_admin');

/**
 * Whether `userType` may change a school's requirement as it stands: a super admin always; a school
 * admin unless it is the super admin's (they may still require it again: nothing changes then).
 */
export const mayChangeRequirement = (userType: number, setBy: RequiredBy | null) =>
  userType === SUPER_ADMIN || setBy !== 'super_admin';

export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const me = async (userId: number) => {
    const [row] = await db
      .select({
        id: users.id,
        userCode: users.userCode,
        passwordHash: users.passwordHash,
        totpSecret: users.totpSecret,
        totpPendingSecret: users.totpPendingSecret,
        totpLastStep: users.totpLastStep,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw notFound('User');
    return row;
  };

  type Attempt = Awaited<ReturnType<typeof app.loginLimiter.begin>>;

  /**
   * Checks the current password as a sign-in would: through the limiter (the account's and the
   * address's budget, shared with sign-in), a wrong one counted as a failed sign-in and refused
   * with 400 naming current_password. Answers the attempt, for the caller to settle once it knows
   * whether the rest (a code) was right too.
   */
  const confirmPassword = async (
    req: FastifyRequest,
    user: { id: number; passwordHash: string },
    password: string,
  ): Promise<Attempt> => {
    let attempt: Attempt;
    try {
      attempt = await app.loginLimiter.begin(`user:${user.id}`, req.ip);
    } catch (err) {
      if (!(err instanceof AddressLimited)) throw err;
      throw tooMany(`Too many failed sign-ins. Try again in ${Math.ceil(err.retryAfter / 60)} minute(s).`);
    }
    if (!(await verifyPassword(password, user.passwordHash))) {
      await app.loginLimiter.failed(attempt);
      throw new ApiError(400, 'two_factor.wrong_password', `current_password: ${WRONG_PASSWORD}`, {
        current_password: WRONG_PASSWORD,
      });
    }
    return attempt;
  };

  /** Whether a school's or the installation's requirement applies to the account (had it no second factor). */
  const requiredOf = async (userId: number) => {
    const [row] = await db
      .select({
        required: sql<boolean>`(${users.userType} = ${USER_TYPES.schoolAdmin} and coalesce(${schools.requireTwoFactor}, false))
          or (${users.userType} = ${USER_TYPES.superAdmin} and coalesce(${systemSettings.superAdminTwoFactor}, false))`,
      })
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .leftJoin(systemSettings, eq(systemSettings.id, 1))
      .where(eq(users.id, userId));
    return row?.required === true;
  };

  app.get(
    '/users/2fa',
    {
      config: { action: 'users.two-factor' },
      schema: {
        description: 'Whether the signed-in account signs in with a second factor, and its recovery codes left.',
        response: { 200: twoFactorStatus },
      },
    },
    async (req) => {
      const user = await me(authOf(req).userId);
      return {
        enabled: user.totpSecret != null,
        pending: user.totpPendingSecret != null,
        required: await requiredOf(user.id),
        recovery_codes_left: user.totpSecret ? await recoveryCodesLeft(db, user.id) : 0,
      };
    },
  );

  app.post(
    '/users/2fa/setup',
    {
      config: { action: 'users.two-factor', readOnlySafe: true },
      schema: {
        description:
          'Starts turning on two-factor sign-in: a new secret and its otpauth:// URI (for a QR code). Nothing ' +
          'changes at sign-in until /users/2fa/enable proves the app has the secret. Needs the current password ' +
          '(400 naming current_password; a wrong one counts as a failed sign-in). 409 when it is already on.',
        body: twoFactorSetupBody,
        response: { 200: twoFactorSetup, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const user = await me(authOf(req).userId);
      const attempt = await confirmPassword(req, user, req.body.current_password);
      await app.loginLimiter.succeeded(attempt);
      if (user.totpSecret) {
        throw new ApiError(409, 'two_factor.already_on', 'Two-factor sign-in is already on. Turn it off first.');
      }
      const secret = newTotpSecret();
      await db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, user.id));
      return { secret, otpauth_uri: otpauthUri(secret, user.userCode) };
    },
  );

  app.post(
    '/users/2fa/enable',
    {
      config: { action: 'users.two-factor', readOnlySafe: true },
      schema: {
        description:
          'Turns two-factor sign-in on with a first code from the app set up by /users/2fa/setup and the current ' +
          'password; answers ten one-time recovery codes, shown only now. The account’s other sessions end.',
        body: twoFactorCodeBody,
        response: { 200: twoFactorEnabled, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const user = await me(auth.userId);
      const attempt = await confirmPassword(req, user, req.body.current_password);
      await app.loginLimiter.succeeded(attempt);
      if (user.totpSecret) {
        throw new ApiError(409, 'two_factor.already_on', 'Two-factor sign-in is already on. Turn it off first.');
      }
      if (!user.totpPendingSecret) throw wrongCode('two_factor.setup_first', 'Set up two-factor sign-in first.');
      const step = await totpStep(user.totpPendingSecret, req.body.code, null);
      if (step == null) throw wrongCode('two_factor.wrong_code', WRONG_CODE);
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
          .where(eq(users.id, user.id));
        await storeRecoveryCodes(tx, user.id, codes);
      });
      await revokeOtherSessions(db, user.id, auth.sessionId);
      await settle(db);
      return { ok: true as const, message: 'Two-factor sign-in is on.', recovery_codes: codes };
    },
  );

  app.post(
    '/users/2fa/disable',
    {
      config: { action: 'users.two-factor', readOnlySafe: true },
      schema: {
        description:
          'Turns one’s own two-factor sign-in off, with the current password and a current code or a recovery ' +
          'code (a wrong one counts as a failed sign-in). Refused (409) while a requirement applies to the ' +
          'account. The account’s other sessions end.',
        body: twoFactorCodeBody,
        response: { 200: okBody, 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const user = await me(auth.userId);
      const attempt = await confirmPassword(req, user, req.body.current_password);
      if (!user.totpSecret) {
        await app.loginLimiter.succeeded(attempt);
        throw wrongCode('two_factor.not_on', 'Two-factor sign-in is not on.');
      }
      const ok = await checkSecondFactor(
        db,
        { id: user.id, totpSecret: user.totpSecret, totpLastStep: user.totpLastStep },
        req.body.code,
      );
      if (!ok) {
        await app.loginLimiter.failed(attempt);
        throw wrongCode('two_factor.wrong_code', WRONG_CODE);
      }
      await app.loginLimiter.succeeded(attempt);
      if (await requiredOf(auth.userId)) {
        throw new ApiError(
          409,
          'two_factor.required',
          'Your account must use two-factor sign-in: it cannot be turned off.',
        );
      }
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
          .where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      });
      await revokeOtherSessions(db, user.id, auth.sessionId);
      await settle(db);
      return { ok: true as const, message: 'Two-factor sign-in is off.' };
    },
  );

  app.post(
    '/users/2fa/reset',
    {
      config: { action: 'users.two-factor-reset' },
      schema: {
        description:
          'The super admin turns off another account’s second factor (a school admin who lost their phone and ' +
          'codes): recorded in the security audit, and every session of that account ends.',
        querystring: twoFactorResetQuery,
        response: { 200: okBody, 400: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const [target] = await db
        .select({ id: users.id, schoolId: users.schoolId })
        .from(users)
        .where(and(sql`lower(${users.userCode}) = lower(${req.query.user_code})`, isNotNull(users.totpSecret)));
      if (!target) throw notFound('An account with two-factor sign-in');
      if (target.id === auth.userId) {
        throw new ApiError(400, 'two_factor.reset_own', 'user_code: Turn your own off from your profile.', {
          user_code: 'Turn your own off from your profile.',
        });
      }
      const ended = await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
          .where(eq(users.id, target.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, target.id));
        await recordAudit(tx, {
          actorUserId: auth.userId,
          subjectUserId: target.id,
          schoolId: target.schoolId,
          action: 'two_factor_reset',
        });
        return tx
          .update(authSessions)
          .set({ revokedAt: sql`now()` })
          .where(and(eq(authSessions.userId, target.id), isNull(authSessions.revokedAt)))
          .returning({ id: authSessions.id });
      });
      // The sessions end at once in this process too (others hear it from the database).
      const cache = cacheOf(db);
      cache?.dropSessions(ended.map((s) => s.id));
      return { ok: true as const, message: 'Two-factor sign-in was turned off for that account.' };
    },
  );

  // ---------------------------------------------------------------- who must use it

  /** Whether the signed-in account itself signs in with a second factor. */
  const hasOwn = async (userId: number) => (await me(userId)).totpSecret != null;

  app.get(
    '/school_info/:id/two_factor',
    {
      config: { action: 'school.two-factor-policy' },
      schema: {
        description:
          'Whether the school requires two-factor sign-in of its school admins, who set it (set_by) and whether ' +
          'the caller may change it (may_change). A school admin reads only their own school.',
        params: schoolTwoFactorParams,
        response: { 200: twoFactorPolicy, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const schoolId = await schoolOf(req, req.params.id);
      const [row] = await db
        .select({ required: schools.requireTwoFactor, setBy: schools.twoFactorRequiredBy })
        .from(schools)
        .where(eq(schools.id, schoolId));
      if (!row) throw notFound('School');
      return {
        required: row.required,
        set_by: row.setBy ?? null,
        may_change: mayChangeRequirement(auth.userType, row.setBy ?? null),
      };
    },
  );

  app.put(
    '/school_info/:id/two_factor',
    {
      config: { action: 'school.two-factor-policy' },
      schema: {
        description:
          'Requires (or no longer requires) two-factor sign-in of the school’s school admins: one without it is ' +
          'led to set it up right after signing in and can use nothing else until it is on. A school admin sets ' +
          'only their own school’s, and must have turned theirs on first (409 two_factor.own_first). A ' +
          'requirement the super admin set is lifted only by a super admin (403 two_factor.set_by_super_admin); ' +
          'a school admin requiring it again leaves it the super admin’s. Every change is in the security audit.',
        params: schoolTwoFactorParams,
        body: twoFactorPolicyBody,
        response: { 200: twoFactorPolicy, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const schoolId = await schoolOf(req, req.params.id);
      const required = req.body.required;
      if (required && auth.userType !== SUPER_ADMIN && !(await hasOwn(auth.userId))) {
        throw new ApiError(409, 'two_factor.own_first', OWN_FIRST);
      }
      const answer = await db.transaction(async (tx) => {
        // The row is locked while deciding: two admins changing it at once are decided one by one.
        const [row] = await tx
          .select({ required: schools.requireTwoFactor, setBy: schools.twoFactorRequiredBy })
          .from(schools)
          .where(eq(schools.id, schoolId))
          .for('update');
        if (!row) throw notFound('School');
        const before: RequiredBy | null = row.required ? (row.setBy ?? 'super_admin') : null;
        if (!mayChangeRequirement(auth.userType, before) && !required) {
          throw new ApiError(403, 'two_factor.set_by_super_admin', SUPER_ADMINS_REQUIREMENT);
        }
        // Requiring what the super admin already requires keeps it theirs: a school admin must not
        // be able to make it their own and then lift it.
        const after: RequiredBy | null = !required
          ? null
          : before === 'super_admin'
            ? 'super_admin'
            : requiredByOf(auth.userType);
        if (after !== before) {
          await tx
            .update(schools)
            .set({ requireTwoFactor: required, twoFactorRequiredBy: after })
            .where(eq(schools.id, schoolId));
          await recordAudit(tx, {
            actorUserId: auth.userId,
            schoolId,
            action: 'two_factor_requirement',
            detail: { required, set_by: after, before: { required: before !== null, set_by: before } },
          });
        }
        return { required, set_by: after, may_change: mayChangeRequirement(auth.userType, after) };
      });
      await settle(db);
      return answer;
    },
  );

  app.get(
    '/system/two_factor',
    {
      config: { action: 'system.two-factor-policy' },
      schema: {
        description: 'Whether every super admin account must sign in with a second factor.',
        response: { 200: twoFactorPolicy },
      },
    },
    async () => {
      const [row] = await db
        .select({ required: systemSettings.superAdminTwoFactor })
        .from(systemSettings)
        .where(eq(systemSettings.id, 1));
      return { required: row?.required ?? false };
    },
  );

  app.put(
    '/system/two_factor',
    {
      config: { action: 'system.two-factor-policy' },
      schema: {
        description:
          'Requires (or no longer requires) two-factor sign-in of every super admin account. The super admin ' +
          'setting it on must have turned theirs on first (409 two_factor.own_first). Every change is in the ' +
          'security audit.',
        body: twoFactorPolicyBody,
        response: { 200: twoFactorPolicy, 409: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const required = req.body.required;
      if (required && !(await hasOwn(auth.userId))) {
        throw new ApiError(409, 'two_factor.own_first', OWN_FIRST);
      }
      await db.transaction(async (tx) => {
        await tx.insert(systemSettings).values({ id: 1 }).onConflictDoNothing();
        const [row] = await tx
          .select({ required: systemSettings.superAdminTwoFactor })
          .from(systemSettings)
          .where(eq(systemSettings.id, 1))
          .for('update');
        if (row?.required === required) return;
        await tx
          .update(systemSettings)
          .set({ superAdminTwoFactor: required, updatedAt: sql`now()` })
          .where(eq(systemSettings.id, 1));
        await recordAudit(tx, {
          actorUserId: auth.userId,
          action: 'two_factor_super_admin_requirement',
          detail: { required, before: { required: row?.required ?? false } },
        });
      });
      await settle(db);
      return { required };
    },
  );

  app.get(
    '/users/2fa/admins',
    {
      config: { action: 'users.two-factor-reset' },
      schema: {
        description:
          'The school admins (of one school, or of all), paged, each with whether they sign in with a second factor ' +
          'and whether their school requires it: where the super admin resets a lost second factor.',
        querystring: twoFactorAdminsQuery,
        response: { 200: twoFactorAdminsPage },
      },
    },
    async (req) => {
      const q = req.query;
      const where = and(
        eq(users.userType, USER_TYPES.schoolAdmin),
        q.school_id ? eq(users.schoolId, q.school_id) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({
            user_code: users.userCode,
            first_name: users.firstName,
            last_name: users.lastName,
            school_id: schools.id,
            school_name: schools.schoolName,
            enabled: sql<boolean>`${users.totpSecret} is not null`,
            required: schools.requireTwoFactor,
            required_by: schools.twoFactorRequiredBy,
          })
          .from(users)
          .innerJoin(schools, eq(schools.id, users.schoolId))
          .where(where)
          .orderBy(asc(schools.schoolName), asc(users.userCode))
          .limit(q.limit)
          .offset(q.offset),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return {
        rows: rows.map(({ first_name, last_name, ...r }) => ({
          ...r,
          full_name: `${first_name} ${last_name}`.trim(),
        })),
        total,
        limit: q.limit,
        offset: q.offset,
      };
    },
  );
}
