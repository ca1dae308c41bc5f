/**
 * Two-factor sign-in, one's own (issue 16): set up (a new secret and its otpauth:// URI), turn on
 * with a first code (answering the recovery codes, once), turn off with a code, see the state; and
 * the super admin's reset of another account's second factor (recorded in security_audit, and
 * that account's sessions end). Sign-in itself asks for the code (server/routes/users.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  twoFactorCodeBody,
  twoFactorEnabled,
  twoFactorResetQuery,
  twoFactorSetup,
  twoFactorStatus,
} from '@/api/schemas/auth';
import { errorBody, okBody } from '@/api/schemas/common';
import { authOf } from '../auth/guard';
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
import { authSessions, recoveryCodes, securityAudit, users } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';

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
      if (!user.totpPendingSecret) throw badRequest('code', 'Set up two-factor sign-in first.');
      const step = await totpStep(user.totpPendingSecret, req.body.code, null);
      if (step == null) throw badRequest('code', 'That code is not right. Enter the current code from the app.');
      const codes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: user.totpPendingSecret, totpPendingSecret: null, totpLastStep: step })
          .where(eq(users.id, user.id));
        await storeRecoveryCodes(tx, user.id, codes);
      });
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
      if (!user.totpSecret) throw badRequest('code', 'Two-factor sign-in is not on.');
      const ok = await checkSecondFactor(
        db,
        { id: user.id, totpSecret: user.totpSecret, totpLastStep: user.totpLastStep },
        req.body.code,
      );
      if (!ok) throw badRequest('code', 'That code is not right.');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
          .where(eq(users.id, user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      });
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
      if (target.id === auth.userId) throw badRequest('user_code', 'Turn your own off from your profile.');
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
}
