/**
 * buildApp(config, db): every plugin and route, no listening. Tests call it and use inject();
 * server/main.ts is the only file that opens a port.
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { ApiError } from './errors';
import { guardPlugin } from './auth/guard';
import { LoginLimiter } from './auth/rate-limit';
import { registerRoutes } from './routes/index';

export interface RegisteredRoute {
  method: string;
  url: string;
  action: string | null;
  public: boolean;
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

export async function buildApp(config: Config, handle: DbHandle): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: 1_048_576,
    trustProxy: false,
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
      apiRoutes.push({ method, url: route.url, action: route.config?.action ?? null, public: !!route.config?.public });
    }
  });

  await app.register(guardPlugin);
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
