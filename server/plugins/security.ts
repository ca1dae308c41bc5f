/**
 * Security headers on every answer (helmet's), and no caching of API answers.
 *
 * The content security policy is what the built SPA needs and nothing more: Vite's build is one
 * module script file plus chunks and a stylesheet, all from this origin, with no inline script or
 * style element (checked by tests/e2e/security.e2e.ts in Chromium). React's `style` props go
 * through the CSSOM, which CSP does not govern. The page may not be framed (`frame-ancestors
 * 'none'`, and X-Frame-Options for old browsers). zod's compiled-validator probe (`new Function`)
 * would be reported as a violation; the client build turns it off (vite.config.ts).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export const APP_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

export const cspHeader = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(' ')}`)
    .join('; ');

/** The CSP source (`'sha256-…'`) that admits exactly one inline element with this text. */
export const cspHashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * swagger-ui's bundle adds one fixed <style> element at start-up; its hash (as Chromium reports
 * it) admits exactly that element. A new swagger-ui version may change it: tests/e2e/security.e2e.ts
 * then reports the violation with the new hash.
 */
const SWAGGER_UI_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * The API docs page (swagger-ui): the app's policy, plus the data: images its stylesheet holds and
 * its one inline style element. Only the docs' own routes get it.
 */
export const DOCS_CSP = cspHeader({
  ...APP_CSP_DIRECTIVES,
  'style-src': ["'self'", SWAGGER_UI_STYLE_HASH],
  'img-src': ["'self'", 'data:'],
});

const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Schools may serve the portal on a LAN name without TLS: do not pin sibling hosts to HTTPS.
  strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
};

/**
 * The headers helmet sets for these options. They are the same for every answer (no nonces), so
 * helmet runs once at start-up and each answer gets the finished set: running its middleware per
 * request was 5% of a simple read's CPU.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

export const securityHeaders = fp(async (app: FastifyInstance) => {
  const common = helmetHeaders();
  // API answers are per user and change with every write: never from a cache, shared or not.
  const api = { ...common, 'cache-control': 'no-store' };
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(isApi(req.url) ? api : common);
  });
});
