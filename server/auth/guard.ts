/**
 * The security boundary. Every route declares either `config.public` or `config.action`; the
 * guard authenticates the bearer token and checks the action against src/api/permissions.ts
 * before validation and before any handler runs. A route that declares neither is refused.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { can, type Action } from '@/api/permissions';
import { unauthorized, ApiError } from '../errors';
import { findSession, type AuthContext } from './sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    action?: Action;
    public?: boolean;
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

/** The signed-in user of a guarded route (the guard has already refused anonymous calls). */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized();
  return req.auth;
}

export const guardPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    const url = req.routeOptions.url;
    if (!url || !url.startsWith('/api/')) return; // unknown routes 404; the SPA's files are public
    if (config.public) return;
    if (!config.action) throw new ApiError(500, 'route_without_action', 'This route declares no permission.');
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    const auth = await findSession(app.db, token);
    if (!auth) throw unauthorized('Your session has ended. Please sign in again.');
    req.auth = auth;
    if (!can(auth.userType, config.action))
      throw new ApiError(403, 'forbidden_role', 'Your account type cannot do this.');
  });
});
