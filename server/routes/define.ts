/**
 * Registers a route from its endpoint in the registry (src/api/endpoints/, docs/ARCHITECTURE.md,
 * "The endpoint registry"): the method, the path, `config.action` (or `config.public`) and the
 * schemas of the query, body, path parameters and 200 answer come from the endpoint; what only the
 * server knows (the OpenAPI description, other answers' schemas, caching, limits, hooks) is passed
 * in `options`, as it would be to `app.get`.
 */
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Endpoint, Schemas } from '@/api/endpoints/define';

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * The route's own schema parts: the description and the answers other than 200. The request's
 * schemas and the 200 answer come from the endpoint; only an endpoint that carries none (the
 * sign-in's, src/api/endpoints/users.ts: they stay out of the app's first download) has them here.
 */
interface ExtraSchema {
  description?: string;
  querystring?: unknown;
  body?: unknown;
  params?: unknown;
  response?: Record<number, unknown>;
}

/** What `app.get` takes besides what the endpoint says. */
export type RouteOptions = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  schema?: ExtraSchema;
  config?: Omit<NonNullable<RouteShorthandOptions['config']>, 'action' | 'public'>;
};

type Part<S, K extends keyof Schemas, As extends string> = S extends Record<K, infer T> ? { [P in As]: T } : unknown;

type Responses<S, O> = (S extends { response: infer R } ? { 200: R } : unknown) &
  (O extends { schema: { response: infer X } } ? X : unknown);

type OwnParts<O> = O extends { schema: infer X } ? Omit<X, 'description' | 'response'> : unknown;

/** The schema Fastify sees, so that `req.query`, `req.body`, `req.params` and the answer are typed. */
export type SchemaOf<S extends Schemas, O> = Part<S, 'query', 'querystring'> &
  Part<S, 'body', 'body'> &
  Part<S, 'params', 'params'> &
  OwnParts<O> & { response: Responses<S, O> };

type Handler<S extends Schemas, O> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<S, O> & FastifySchema,
  ZodTypeProvider
>;

export function route<S extends Schemas, const O extends RouteOptions>(
  app: ZodApp,
  endpoint: Endpoint<S>,
  options: O,
  handler: Handler<S, O>,
): void {
  const { query, body, params, response } = endpoint.schemas;
  const extra = options.schema ?? {};
  const responses = response || extra.response ? { ...(response ? { 200: response } : {}), ...extra.response } : null;
  app.route({
    ...(options as RouteShorthandOptions),
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...options.config,
      ...(endpoint.action === 'public' ? { public: true } : { action: endpoint.action }),
    },
    schema: {
      ...extra,
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      ...(params ? { params } : {}),
      ...(responses ? { response: responses } : {}),
    },
    handler: handler as RouteHandlerMethod,
  });
}
