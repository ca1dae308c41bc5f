/**
 * The API's documentation, generated from the same zod schemas that validate requests: an
 * OpenAPI 3 document at /api/openapi.json and an interactive page at /api/docs. Both are public
 * (they describe the API, they serve no school's data). Each operation says which user types may
 * call it, read from src/api/permissions.ts through the route's `config.action`, and protected
 * operations carry the bearer scheme. Register before the routes: @fastify/swagger collects them
 * as they are added.
 */
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PERMISSIONS, USER_TYPE_LABELS, WRITE_FORBIDDEN_TYPES, type UserType } from '@/api/permissions';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** Whether a route is part of the documentation itself rather than the API it documents. */
export const isDocsRoute = (url: string) =>
  url === OPENAPI_PATH || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** "Allowed user types: Teacher (2), School admin (4). Action: `notice.write`." */
export function accessNote(config: FastifyContextConfig | undefined, method: string): string {
  if (config?.public) return 'Public: no sign-in needed.';
  const action = config?.action;
  if (!action) return 'Refused to everyone: this route declares no permission.';
  const types = (PERMISSIONS[action] as readonly UserType[]).filter(
    (t) =>
      READS.has(method) ||
      config.readOnlySafe ||
      action === 'users.logout' ||
      !(WRITE_FORBIDDEN_TYPES as readonly number[]).includes(t),
  );
  const list = types.map((t) => `${USER_TYPE_LABELS[t]} (${t})`).join(', ');
  return `Allowed user types: ${list}. Action: \`${action}\`. Send \`Authorization: Bearer <accessToken>\` from POST /api/users/login.`;
}

export async function apiDocs(app: FastifyInstance, opts: { version: string; docsCsp: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Pathshala API',
        version: opts.version,
        description:
          'The school portal’s API. Errors answer `{ error: { code, message, fields? } }`; a 400 names the ' +
          'offending field. JSON bodies carry numbers as JSON numbers (never text); query strings carry them as ' +
          'decimal text. Writes may send an `Idempotency-Key` header (1-100 of A-Z a-z 0-9 _ -): a retry with ' +
          'the same key answers the first result (`Idempotent-Replayed: true`) instead of writing twice.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The accessToken from POST /api/users/login.' },
        },
      },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      if (out.schema.hide) return out;
      const method = [input.route.method].flat()[0] ?? 'GET';
      const config = input.route.config as FastifyContextConfig | undefined;
      const note = accessNote(config, String(method).toUpperCase());
      const own = input.schema.description;
      const tag = input.url.replace(/^\/api\//, '').split('/')[0] || 'api';
      return {
        ...out,
        schema: {
          ...out.schema,
          tags: out.schema.tags ?? [tag],
          description: own ? `${own}\n\n${note}` : note,
          security: config?.public ? [] : [{ bearerAuth: [] }],
        },
      };
    },
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { public: true } }, async () => app.swagger());

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The page loads only its own files: the app's strict policy plus the data: images its CSS uses.
    staticCSP: opts.docsCsp,
    uiConfig: { deepLinking: true, validatorUrl: null },
    theme: { title: 'Pathshala API' },
  });
}
