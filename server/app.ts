/**
 * buildApp(config, db): every plugin and route, no listening. Tests call it and use inject();
 * server/main.ts is the only file that opens a port.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Socket } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle, Db } from './db/client';
import {
  ApiError,
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  errorBodyOf,
  isDatabaseUnavailable,
} from './errors';
import type { ErrorCode } from './error-codes';
import { attachCache, detachCache, HotCache } from './cache/hot-cache';
import { responseCache } from './cache/responses';
import { guardPlugin } from './auth/guard';
import { loginLimits, type LoginLimiter } from './auth/rate-limit';
import { registerRoutes } from './routes/index';
import { schoolDayEnd } from './services/school-time';
import { apiDocs, isDocsRoute } from './plugins/api-docs';
import { idempotencyPlugin } from './plugins/idempotency';
import { uploadsPlugin } from './storage/uploads-plugin';
import { DOCS_CSP, securityHeaders } from './plugins/security';
import { strictInput, strictValidatorCompiler } from './plugins/strict-input';
import { fastSerializerCompiler } from './plugins/serializer';
import packageJson from '../package.json' with { type: 'json' };
import { API_PREFIX } from '@/api/endpoints/define';

export interface RegisteredRoute {
  method: string;
  url: string;
  action: string | null;
  public: boolean;
  readOnlySafe: boolean;
  /** Its answers may be kept (server/cache/responses.ts; the tables they are read from: answer-tables.ts). */
  cacheable: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared permission: the table-driven auth test walks it. */
    apiRoutes: RegisteredRoute[];
    db: Db;
    /** Heavy reads (reports, exports): a standby with DATABASE_READ_URL, else `db` (docs/SCALING.md). */
    readDb: Db;
    config: Config;
    loginLimiter: LoginLimiter;
    /** Sessions and reference data kept in this process, invalidated across processes (server/cache). */
    hotCache: HotCache;
  }
}

export type App = FastifyInstance;

/** Errors Fastify raises before routing (a URL it cannot decode, ...), in the project's shape. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'The address is too long.' },
};

function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[err.code];
  if (!known) req.log.error({ err }, 'framework error');
  const { status, code, message } = known ?? {
    status: 500,
    code: 'internal' as const,
    message: 'Something went wrong on our side.',
  };
  return reply.code(status).send(errorBodyOf(code, message));
}

/**
 * Requests Node's HTTP parser refuses never reach Fastify: answer them on the raw socket, as
 * Fastify's default handler does, but in the project's shape.
 */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message]: [number, string, ErrorCode, string] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'timeout', 'The request took too long.']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request headers are too large.']
        : [400, 'Bad Request', 'bad_request', 'The request is malformed.'];
  const body = JSON.stringify(errorBodyOf(code, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** PostgreSQL's SQLSTATE class 22, "data exception", possibly wrapped by Drizzle as the cause. */
function isDataException(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

export async function buildApp(config: Config, handle: DbHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1_048_576,
    // A request must arrive whole within REQUEST_TIMEOUT_SECONDS (a slow body is cut with 408, see
    // clientErrorHandler); Node checks pending requests every connectionsCheckingInterval, so that
    // is a fraction of the timeout; headers alone get at most as long (Node's default is 60 s).
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    connectionTimeout: config.CONNECTION_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(60_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, (config.REQUEST_TIMEOUT_SECONDS * 1000) / 4)),
    },
    // X-Forwarded-For only from the proxies TRUST_PROXY names: req.ip is what the limiter counts.
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    frameworkErrors: (err, req, reply) => frameworkError(err, req, reply as FastifyReply),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(strictValidatorCompiler);
  app.setSerializerCompiler(fastSerializerCompiler);
  app.decorate('db', handle.db);
  app.decorate('readDb', handle.readDb);
  app.decorate('config', config);
  await app.register(loginLimits);
  // The cache's listener connects before the first request; until it does, reads bypass the cache.
  const hotCache = new HotCache(handle.listenUrl, app.log);
  await hotCache.start();
  attachCache(handle.db, hotCache);
  app.decorate('hotCache', hotCache);
  app.addHook('onClose', async () => {
    detachCache(handle.db, hotCache);
    await hotCache.close();
  });
  // A write's notifications name the tables and sections it changed; what this process computed
  // from them (a section's results, routine labels) is dropped by them. The writer hears back only
  // once they are applied here, so its own next read is never computed from the old rows.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) await hotCache.sync(1_000);
    return payload;
  });

  app.setErrorHandler((err, req, reply) => {
    if (err instanceof ApiError) return reply.code(err.statusCode).send(err.toBody());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(issue.params?.issue ?? '') || 'body';
        fields[field] ??= issue.message ?? 'is invalid';
      }
      const [first] = Object.entries(fields);
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is invalid.';
      return reply.code(400).send(errorBodyOf('invalid_input', message, fields));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send(errorBodyOf('internal', 'Something went wrong on our side.'));
    }
    if (isDataException(err)) {
      // A value the schemas let through but PostgreSQL refuses (an out-of-range number, say): the
      // request is at fault, but the schema that let it in deserves a look, hence the warning.
      req.log.warn({ err }, 'database refused a value from the request');
      return reply
        .code(400)
        .send(errorBodyOf('invalid_input', 'A value in the request is out of range or not allowed.'));
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.code(status).send(errorBodyOf(code, (err as Error).message));
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or unreachable: nothing of this request was acknowledged, and
      // the client is told to send it again (503, Retry-After) rather than that the server failed.
      // One line per request, without the statement and its values (Drizzle's message carries both).
      const cause = (err as { cause?: unknown }).cause ?? err;
      req.log.warn({ reason: cause instanceof Error ? cause.message : String(cause) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(databaseUnavailable().toBody());
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send(errorBodyOf('internal', 'Something went wrong on our side.'));
  });

  const apiRoutes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (isDocsRoute(route.url)) {
      // The API's documentation is public and is not itself an API route.
      route.config = { ...route.config, public: true };
      return;
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({
        method,
        url: route.url,
        action: route.config?.action ?? null,
        public: !!route.config?.public,
        readOnlySafe: !!route.config?.readOnlySafe,
        cacheable: !!route.config?.cacheable,
      });
    }
  });

  await app.register(securityHeaders);
  await app.register(guardPlugin);
  await app.register(strictInput);
  // Multipart bodies are read before the idempotency key's hash is taken (storage/uploads-plugin.ts).
  await app.register(uploadsPlugin);
  await app.register(idempotencyPlugin);
  if (config.ANSWER_CACHE === 'on') {
    await app.register(responseCache, { schoolDayEnd: (schoolId) => schoolDayEnd(app.db, schoolId) });
  }
  await apiDocs(app, { version: packageJson.version, docsCsp: DOCS_CSP });
  await app.register(registerRoutes, { prefix: API_PREFIX });

  const staticDir = config.STATIC_DIR ? path.resolve(config.STATIC_DIR) : '';
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : '';
  if (indexHtml && fs.existsSync(indexHtml)) {
    // Source maps are built (vite.config.ts, 'hidden') for error reports, never served.
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      // The build's .br and .gz beside each file (vite.config.ts): sent to a browser that takes them.
      preCompressed: true,
      // Hashed file names never change content: a browser keeps them a year without asking. The
      // page, the service worker and the manifest are asked again each time (a new build).
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.setNotFoundHandler((req, reply) => {
      const pathName = req.url.split('?')[0];
      if (req.url.startsWith('/api/') || req.method !== 'GET') {
        return reply.code(404).send(errorBodyOf('not_found', 'No such API route.'));
      }
      // A missing file (an old chunk after a new deployment, a map) is a 404, not the app's page:
      // a script that receives HTML fails in ways the app cannot tell from a network error.
      if (pathName.startsWith('/assets/') || pathName.endsWith('.map')) {
        return reply.code(404).send(errorBodyOf('not_found', 'No such file.'));
      }
      return reply.type('text/html').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorBodyOf('not_found', 'No such route.')));
  }
  return app;
}
