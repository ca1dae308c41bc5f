/**
 * Two-factor sign-in, one's own (issue 16): set up (a new secret and its otpauth:// URI), turn on
 * with a first code (answering the recovery codes, once), turn off with a code, see the state; and
 * the super admin's reset of another account's second factor (recorded in security_audit, and
 * that account's sessions end). Sign-in itself asks for the code (server/routes/users.ts).
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
  twoFactorStatus,
} from '@/api/schemas/auth';
import { SUPER_ADMIN, USER_TYPES } from '@/api/permissions';
import { errorBody, okBody } from '@/api/schemas/common';
import { authOf } from '../auth/guard';
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
import { authSessions, recoveryCodes, schools, securityAudit, systemSettings, users } from '../db/schema';
import { ApiError, notFound } from '../errors';

/** A refused code names the field, with a code of its own so the client says it in the user's language. */
const wrongCode = (code: string, message: string) => new ApiError(400, code, `code: ${message}`, { code: message });
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

export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  const me = async (userId: number) => {
    const [row] = await db
      .select({
        id: users.id,
        userCode: users.userCode,
        totpSecret: users.totpSecret,
        totpPendingSecret: users.totpPendingSecret,
        totpLastStep: users.totpLastStep,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw notFound('User');
    return row;
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
          'changes at sign-in until /users/2fa/enable proves the app has the secret. 409 when it is already on.',
        response: { 200: twoFactorSetup, 409: errorBody },
      },
    },
    async (req) => {
      const user = await me(authOf(req).userId);
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
          'Turns two-factor sign-in on with a first code from the app set up by /users/2fa/setup; answers ten ' +
          'one-time recovery codes, shown only now.',
        body: twoFactorCodeBody,
        response: { 200: twoFactorEnabled, 400: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const user = await me(authOf(req).userId);
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
      await settle(db);
      return { ok: true as const, message: 'Two-factor sign-in is on.', recovery_codes: codes };
    },
  );

  app.post(
    '/users/2fa/disable',
    {
      config: { action: 'users.two-factor', readOnlySafe: true },
      schema: {
        description: 'Turns one’s own two-factor sign-in off, with a current code or a recovery code.',
        body: twoFactorCodeBody,
        response: { 200: okBody, 400: errorBody },
      },
    },
    async (req) => {
      const user = await me(authOf(req).userId);
      if (!user.totpSecret) throw wrongCode('two_factor.not_on', 'Two-factor sign-in is not on.');
      const ok = await checkSecondFactor(
        db,
        { id: user.id, totpSecret: user.totpSecret, totpLastStep: user.totpLastStep },
        req.body.code,
      );
      if (!ok) throw wrongCode('two_factor.wrong_code', WRONG_CODE);
      if (await requiredOf(authOf(req).userId)) {
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
        .select({ id: users.id })
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
        await tx
          .insert(securityAudit)
          .values({ actorUserId: auth.userId, subjectUserId: target.id, action: 'two_factor_reset' });
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

  // ---------------------------------------------------------------- who must use it (issue 16)

  /** Whether the signed-in account itself signs in with a second factor. */
  const hasOwn = async (userId: number) => (await me(userId)).totpSecret != null;

  app.get(
    '/school_info/:id/two_factor',
    {
      config: { action: 'school.two-factor-policy' },
      schema: {
        description:
          'Whether the school requires two-factor sign-in of its school admins. A school admin reads only their own school.',
        params: schoolTwoFactorParams,
        response: { 200: twoFactorPolicy, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.params.id);
      const [row] = await db
        .select({ required: schools.requireTwoFactor })
        .from(schools)
        .where(eq(schools.id, schoolId));
      if (!row) throw notFound('School');
      return { required: row.required };
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
          'only their own school’s, and must have turned theirs on first (409 two_factor.own_first).',
        params: schoolTwoFactorParams,
        body: twoFactorPolicyBody,
        response: { 200: twoFactorPolicy, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      const schoolId = await schoolOf(req, req.params.id);
      if (req.body.required && auth.userType !== SUPER_ADMIN && !(await hasOwn(auth.userId))) {
        throw new ApiError(409, 'two_factor.own_first', OWN_FIRST);
      }
      const [row] = await db
        .update(schools)
        .set({ requireTwoFactor: req.body.required })
        .where(eq(schools.id, schoolId))
        .returning({ required: schools.requireTwoFactor });
      if (!row) throw notFound('School');
      await settle(db);
      return { required: row.required };
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
          'setting it on must have turned theirs on first (409 two_factor.own_first).',
        body: twoFactorPolicyBody,
        response: { 200: twoFactorPolicy, 409: errorBody },
      },
    },
    async (req) => {
      const auth = authOf(req);
      if (req.body.required && !(await hasOwn(auth.userId))) {
        throw new ApiError(409, 'two_factor.own_first', OWN_FIRST);
      }
      await db
        .insert(systemSettings)
        .values({ id: 1, superAdminTwoFactor: req.body.required })
        .onConflictDoUpdate({
          target: systemSettings.id,
          set: { superAdminTwoFactor: req.body.required, updatedAt: sql`now()` },
        });
      await settle(db);
      return { required: req.body.required };
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
