/**
 * The security boundary. Every route declares either `config.public` or `config.action`; the
 * guard authenticates the session and checks the action against src/api/permissions.ts
 * before validation and before any handler runs. A route that declares neither is refused.
 * Read-only user types (WRITE_FORBIDDEN_TYPES, the viewer) are refused every call that is not a
 * read, whatever the permission table says, unless the route opts out with `config.readOnlySafe`.
 *
 * The session token comes from the `Authorization: Bearer` header (API clients, the tests) or from
 * the sign-in cookie (the app: HttpOnly, so no script on the page can read it; SameSite=Strict, so
 * another site's page never sends it). A write that authenticates by the cookie must also carry
 * the `X-Requested-With` header: a page on another origin cannot add a custom header to a request
 * without a CORS preflight, which this server never grants, so the header proves the request came
 * from the app's own pages (OWASP's "custom request header" defence against CSRF, on top of
 * SameSite). A bearer token is never sent by a browser on its own, so it needs no such proof.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, WRITE_FORBIDDEN_TYPES, type Action } from '@/api/permissions';
import { unauthorized, ApiError } from '../errors';
import { findSession, type AuthContext } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    action?: Action;
    public?: boolean;
    /** A non-GET route that read-only user types may still call: it changes nothing of the school's. */
    readOnlySafe?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = /^bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** The sign-in cookie (Path=/api: only the API reads it). */
export const SESSION_COOKIE = 'pathshala_session';
/** The header a cookie-authenticated write must carry (any non-empty value; the app sends `pathshala`). */
export const CSRF_HEADER = 'x-requested-with';
const COOKIE_PATH = '/api';

/** The session token in the request's cookie, if any. */
export function cookieToken(req: FastifyRequest): string | null {
  const header = req.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    // Tokens are base64url: anything else is not one of ours.
    return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
  }
  return null;
}

/** Whether the cookie is to be `Secure` on this answer (SESSION_COOKIE_SECURE, server/config.ts). */
function secureFor(req: FastifyRequest): boolean {
  return req.server.config.SESSION_COOKIE_SECURE === 'always' || req.protocol === 'https';
}

/** Hands the browser the session's cookie: it lasts as long as the session (so the app reopens offline). */
export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  const maxAge = Math.max(0, Math.ceil((expiresAt.getTime() - Date.now()) / 1000));
  const flags = [`Path=${COOKIE_PATH}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict'];
  if (secureFor(req)) flags.push('Secure');
  reply.header('set-cookie', `${SESSION_COOKIE}=${token}; ${flags.join('; ')}`);
}

export function clearSessionCookie(req: FastifyRequest, reply: FastifyReply) {
  const flags = [`Path=${COOKIE_PATH}`, 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'];
  if (secureFor(req)) flags.push('Secure');
  reply.header('set-cookie', `${SESSION_COOKIE}=; ${flags.join('; ')}`);
}

/** The signed-in user of a guarded route (the guard has already refused anonymous calls). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Actions whose non-GET routes read-only user types may call, besides `config.readOnlySafe`. */
const READ_ONLY_SAFE_ACTIONS: ReadonlySet<Action> = new Set(['users.logout']);

/** Whether a call by `userType` is a write that the user type may never make. */
export function isForbiddenWrite(
  userType: AuthContext['userType'],
  method: string,
  config: { action?: Action; readOnlySafe?: boolean },
): boolean {
  if (READ_METHODS.has(method.toUpperCase())) return false;
  if (config.readOnlySafe || (config.action && READ_ONLY_SAFE_ACTIONS.has(config.action))) return false;
  return (WRITE_FORBIDDEN_TYPES as readonly number[]).includes(userType);
}

/**
 * What an account signed in with a one-time password may do until it chooses its own: read its
 * profile, change the password, choose a language, sign out. The mark goes with the password
 * change, which also changes the hash, so every process's cached session is dropped at once.
 */
const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<Action> = new Set([
  'users.me',
  'users.logout',
  'users.password',
  'users.language',
]);

/**
 * What a school admin (or super admin) who must sign in with a second factor, and has none yet,
 * may do: besides the above, set it up. The requirement lifts when `totp_secret` is set, which
 * drops the cached sessions of the account everywhere (migration 0019's trigger).
 */
const OPEN_BEFORE_TWO_FACTOR: ReadonlySet<Action> = new Set([...OPEN_BEFORE_PASSWORD_CHANGE, 'users.two-factor']);

export const guardPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req, reply) => {
    const config = req.routeOptions.config;
    const url = req.routeOptions.url;
    if (!url || !url.startsWith('/api/')) return; // unknown routes 404; the SPA's files are public
    if (config.public) return;
    if (!config.action) throw new ApiError(500, 'route_without_action', 'This route declares no permission.');
    const bearer = bearerToken(req);
    const token = bearer ?? cookieToken(req);
    if (!token) throw unauthorized();
    if (!bearer && !READ_METHODS.has(req.method) && !req.headers[CSRF_HEADER]) {
      throw new ApiError(
        403,
        'csrf_header_missing',
        'This request must come from the app itself (the X-Requested-With header is missing).',
      );
    }
    const auth = await findSession(app.db, token);
    if (!auth) {
      // A cookie whose session ended is of no more use: the browser forgets it.
      if (!bearer) clearSessionCookie(req, reply);
      throw unauthorized('Your session has ended. Please sign in again.');
    }
    req.auth = auth;
    if (!can(auth.userType, config.action))
      throw new ApiError(403, 'forbidden_role', 'Your account type cannot do this.');
    if (isForbiddenWrite(auth.userType, req.method, config))
      throw new ApiError(403, 'read_only_account', 'Your account can only read.');
    if (auth.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(config.action))
      throw new ApiError(403, 'password_change_required', 'Choose your own password first.');
    if (auth.twoFactorSetupRequired && !OPEN_BEFORE_TWO_FACTOR.has(config.action))
      throw new ApiError(
        403,
        'two_factor.setup_required',
        'Your account must use two-factor sign-in: set it up first.',
      );
  });
});
