/**
 * Sign-in, sign-out and the signed-in user's own profile. The sign-in's steps, the profile's
 * statements and the language live in server/services/account.ts; this file answers them (the
 * session cookie, the 401 bodies).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  languageBody,
  languageResponse,
  loginBody,
  loginFailure,
  loginResponse,
  userProfile,
  userQuery,
} from '@/api/schemas/auth';
import { okBody } from '@/api/schemas/common';
import { authOf, clearSessionCookie, setSessionCookie } from '../auth/guard';
import { revokeSession } from '../auth/sessions';
import { errorBodyOf } from '../errors';
import { ownProfile, saveLanguage, signIn } from '../services/account';
import { usersEndpoints } from '@/api/endpoints/users';
import { route } from './define';

const WRONG = 'Wrong user id or password.';
const OTP_NEEDED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
const INACTIVE = 'This account is inactive: the person has left the school. Ask the school office.';
const OTP_WRONG = 'That code is not right, or was used already. Enter the current code.';

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  route(
    app,
    usersEndpoints.login,
    {
      schema: { body: loginBody, response: { 200: loginResponse, 401: loginFailure, 403: loginFailure } },
      // Whatever happened, the attempt gives up the account's turn (server/auth/rate-limit.ts).
      onResponse: async (req) => app.loginLimiter.finish(req),
    },
    async (req, reply) => {
      const result = await signIn(app.db, app.loginLimiter, {
        id: req.body.user_code,
        password: req.body.password,
        otp: req.body.otp,
        ip: req.ip,
        owner: req,
        userAgent: req.headers['user-agent'],
        ttlHours: app.config.SESSION_TTL_HOURS,
      });
      if (result.kind === 'wrong') {
        return reply.code(401).send({ errorMsg: WRONG, ...errorBodyOf('invalid_credentials', WRONG) });
      }
      if (result.kind === 'inactive') {
        // docs/DOMAIN.md, Records: a person who left keeps their account, which cannot sign in.
        return reply.code(403).send({ errorMsg: INACTIVE, ...errorBodyOf('records.inactive_account', INACTIVE) });
      }
      if (result.kind === 'otp_required') {
        return reply.code(401).send({
          errorMsg: OTP_NEEDED,
          ...errorBodyOf('otp_required', OTP_NEEDED),
          otp_required: true,
        });
      }
      if (result.kind === 'otp_invalid') {
        return reply.code(401).send({
          errorMsg: OTP_WRONG,
          ...errorBodyOf('otp_invalid', OTP_WRONG),
          otp_required: true,
        });
      }
      // The app keeps its session in this HttpOnly cookie (server/auth/guard.ts) and ignores the
      // token in the answer; API clients send the token as a bearer instead. The answer carries no
      // more than the sign-in itself already had: whoever reads it also saw the password typed.
      setSessionCookie(req, reply, result.token, result.expiresAt);
      return {
        user_type_id: result.userType,
        accessToken: result.token,
        user_code: result.userCode,
        expires_at: result.expiresAt.toISOString(),
        must_change_password: result.mustChangePassword,
        two_factor_setup_required: result.twoFactorSetupRequired,
      };
    },
  );

  route(app, usersEndpoints.logout, { schema: { response: { 200: okBody } } }, async (req, reply) => {
    await revokeSession(app.db, authOf(req).sessionId);
    clearSessionCookie(req, reply);
    return { ok: true as const, message: 'Signed out.' };
  });

  route(
    app,
    usersEndpoints.userId,
    {
      config: { cacheable: true },
      schema: { querystring: userQuery, response: { 200: userProfile } },
    },
    async (req) => {
      // The profile is always the signed-in user's; asking for someone else's is refused, not redirected.
      return ownProfile(app.db, authOf(req), req.query);
    },
  );

  route(
    app,
    usersEndpoints.language,
    {
      // Viewers are read-only for school records; their own language is not one.
      config: { readOnlySafe: true },
      schema: { body: languageBody, response: { 200: languageResponse } },
    },
    async (req) => {
      await saveLanguage(app.db, authOf(req).userId, req.body.language);
      return {
        ok: true as const,
        message: 'Language saved.',
        code: 'shell.language_saved',
        language: req.body.language,
      };
    },
  );
}
