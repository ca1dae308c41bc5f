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
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle, Db } from './db/client';
import { ApiError, badRequest } from './errors';
import { guardPlugin } from './auth/guard';
import { LoginLimiter } from './auth/rate-limit';
import { registerRoutes } from './routes/index';

export interface RegisteredRoute {
  method: string;
  url: string;
  action: string | null;
  public: boolean;
  readOnlySafe: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its declared permission: the table-driven auth test walks it. */
    apiRoutes: RegisteredRoute[];
    db: Db;
    config: Config;
    loginLimiter: LoginLimiter;
  }
}

export type App = FastifyInstance;

const errorBodyOf = (code: string, message: string) => ({ error: { code, message } });

/** Errors Fastify raises before routing (a URL it cannot decode, ...), in the project's shape. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'The address is too long.' },
};

function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[err.code];
  if (!known) req.log.error({ err }, 'framework error');
  const { status, code, message } = known ?? {
    status: 500,
    code: 'internal',
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
  const [status, reason, code, message] =
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

/**
 * The path (`attendance.0.student_id`) of the first string holding a NUL character, which
 * PostgreSQL text cannot store; null when there is none. Iterative, so deep nesting cannot
 * overflow the stack.
 */
export function nulPath(value: unknown, root = ''): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return at || 'body';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i];
        if (k.includes('\u0000')) return at || 'body';
        stack.push([child, at ? `${at}.${k}` : k]);
      }
    }
  }
  return null;
}

export async function buildApp(config: Config, handle: DbHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1_048_576,
    trustProxy: false,
    frameworkErrors: (err, req, reply) => frameworkError(err, req, reply as FastifyReply),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', handle.db);
  app.decorate('config', config);
  app.decorate('loginLimiter', new LoginLimiter(config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_MINUTES * 60_000));

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
      return reply.code(400).send({ error: { code: 'invalid_input', message, fields } });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
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
      return reply.code(status).send({ error: { code, message: (err as Error).message } });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: { code: 'internal', message: 'Something went wrong on our side.' } });
  });

  const apiRoutes: RegisteredRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      apiRoutes.push({
        method,
        url: route.url,
        action: route.config?.action ?? null,
        public: !!route.config?.public,
        readOnlySafe: !!route.config?.readOnlySafe,
      });
    }
  });

  await app.register(guardPlugin);
  // One guard for every route's input, before validation: schemas check shapes, not this.
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const at = nulPath(part);
      if (at) throw badRequest(at, 'must not contain NUL characters');
    }
  });
  await app.register(registerRoutes, { prefix: '/api' });

  const staticDir = config.STATIC_DIR ? path.resolve(config.STATIC_DIR) : '';
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : '';
  if (indexHtml && fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false });
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.method !== 'GET') {
        return reply.code(404).send({ error: { code: 'not_found', message: 'No such API route.' } });
      }
      return reply.type('text/html').sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_req, reply) =>
      reply.code(404).send({ error: { code: 'not_found', message: 'No such route.' } }),
    );
  }
  return app;
}
