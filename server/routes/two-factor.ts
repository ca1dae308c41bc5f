/**
 * Two-factor sign-in, one's own: set up (a new secret and its otpauth:// URI), turn on
 * with a first code (answering the recovery codes, once), turn off with a code, see the state; and
 * the super admin's reset of another account's second factor (recorded in security_audit, and
 * that account's sessions end). Sign-in itself asks for the code (server/routes/users.ts).
 *
 * The rules (the current password through the sign-in limiter, who may lift a school's
 * requirement, the security audit) and the queries live in server/services/two-factor.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { errorBody } from '@/api/schemas/common';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import {
  disableTwoFactor,
  enableTwoFactor,
  resetTwoFactor,
  schoolRequirement,
  setSchoolRequirement,
  setSystemRequirement,
  setUpTwoFactor,
  systemRequirement,
  twoFactorAdmins,
  twoFactorStatusOf,
  type OwnCall,
} from '../services/two-factor';
import { twoFactorEndpoints } from '@/api/endpoints/two-factor';
import { route } from './define';

/** One's own call: the signed-in account, its session and the caller's address. */
const ownCall = (req: FastifyRequest): OwnCall => {
  const auth = authOf(req);
  return { userId: auth.userId, sessionId: auth.sessionId, ip: req.ip };
};

export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    twoFactorEndpoints.users2fa,
    {
      schema: {
        description: 'Whether the signed-in account signs in with a second factor, and its recovery codes left.',
      },
    },
    async (req) => {
      return twoFactorStatusOf(db, authOf(req).userId);
    },
  );

  route(
    app,
    twoFactorEndpoints.users2faSetup,
    {
      config: { readOnlySafe: true },
      schema: {
        description:
          'Starts turning on two-factor sign-in: a new secret and its otpauth:// URI (for a QR code). Nothing ' +
          'changes at sign-in until /users/2fa/enable proves the app has the secret. Needs the current password ' +
          '(400 naming current_password; a wrong one counts as a failed sign-in). 409 when it is already on.',
        response: { 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      return setUpTwoFactor(db, app.loginLimiter, ownCall(req), req.body.current_password);
    },
  );

  route(
    app,
    twoFactorEndpoints.users2faEnable,
    {
      config: { readOnlySafe: true },
      schema: {
        description:
          'Turns two-factor sign-in on with a first code from the app set up by /users/2fa/setup and the current ' +
          'password; answers ten one-time recovery codes, shown only now. The account’s other sessions end.',
        response: { 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      return enableTwoFactor(db, app.loginLimiter, ownCall(req), req.body);
    },
  );

  route(
    app,
    twoFactorEndpoints.users2faDisable,
    {
      config: { readOnlySafe: true },
      schema: {
        description:
          'Turns one’s own two-factor sign-in off, with the current password and a current code or a recovery ' +
          'code (a wrong one counts as a failed sign-in). Refused (409) while a requirement applies to the ' +
          'account. The account’s other sessions end.',
        response: { 400: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      return disableTwoFactor(db, app.loginLimiter, ownCall(req), req.body);
    },
  );

  route(
    app,
    twoFactorEndpoints.users2faReset,
    {
      schema: {
        description:
          'The super admin turns off another account’s second factor (a school admin who lost their phone and ' +
          'codes): recorded in the security audit, and every session of that account ends.',
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      return resetTwoFactor(db, authOf(req).userId, req.query.user_code);
    },
  );

  // ---------------------------------------------------------------- who must use it

  route(
    app,
    twoFactorEndpoints.schoolInfoTwoFactor,
    {
      schema: {
        description:
          'Whether the school requires two-factor sign-in of its school admins, who set it (set_by) and whether ' +
          'the caller may change it (may_change). A school admin reads only their own school.',
        response: { 403: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.params.id);
      return schoolRequirement(db, schoolId, authOf(req));
    },
  );

  route(
    app,
    twoFactorEndpoints.putSchoolInfoTwoFactor,
    {
      schema: {
        description:
          'Requires (or no longer requires) two-factor sign-in of the school’s school admins: one without it is ' +
          'led to set it up right after signing in and can use nothing else until it is on. A school admin sets ' +
          'only their own school’s, and must have turned theirs on first (409 two_factor.own_first). A ' +
          'requirement the super admin set is lifted only by a super admin (403 two_factor.set_by_super_admin); ' +
          'a school admin requiring it again leaves it the super admin’s. Every change is in the security audit.',
        response: { 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.params.id);
      return setSchoolRequirement(db, schoolId, authOf(req), req.body.required);
    },
  );

  route(
    app,
    twoFactorEndpoints.systemTwoFactor,
    {
      schema: {
        description: 'Whether every super admin account must sign in with a second factor.',
      },
    },
    async () => systemRequirement(db),
  );

  route(
    app,
    twoFactorEndpoints.putSystemTwoFactor,
    {
      schema: {
        description:
          'Requires (or no longer requires) two-factor sign-in of every super admin account. The super admin ' +
          'setting it on must have turned theirs on first (409 two_factor.own_first). Every change is in the ' +
          'security audit.',
        response: { 409: errorBody },
      },
    },
    async (req) => {
      return setSystemRequirement(db, authOf(req).userId, req.body.required);
    },
  );

  route(
    app,
    twoFactorEndpoints.users2faAdmins,
    {
      schema: {
        description:
          'The school admins (of one school, or of all), paged, each with whether they sign in with a second factor ' +
          'and whether their school requires it: where the super admin resets a lost second factor.',
      },
    },
    async (req) => {
      return twoFactorAdmins(db, req.query);
    },
  );
}
