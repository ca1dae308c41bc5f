/**
 * GET /api/health: whether this process can serve, for load balancers, reverse proxies and
 * container probes. 200 `{ status: 'ok' }` when the database answers a trivial query within
 * HEALTH_TIMEOUT_MS; 503 `{ status: 'unavailable' }` (with Retry-After) while it is away or slow.
 * Public (a probe has no account), with nothing of any school in it, and cheap: one `select 1` at
 * a time per process, shared by every probe that asks meanwhile. The ping itself is
 * services/health.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unhealthy } from '@/api/schemas/health';
import { DATABASE_RETRY_AFTER_SECONDS } from '../errors';
import { databaseAnswers as ping } from '../services/health';
import { healthEndpoints } from '@/api/endpoints/health';
import { route } from './define';

/** How long the database may take to answer `select 1` before the process is reported unavailable. */
export const HEALTH_TIMEOUT_MS = 2_000;

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  let inFlight: Promise<boolean> | null = null;
  const databaseAnswers = () => (inFlight ??= ping(app.db, HEALTH_TIMEOUT_MS).finally(() => (inFlight = null)));

  route(
    app,
    healthEndpoints.health,
    {
      schema: {
        description:
          'Whether the API can serve: 200 when its database answers, 503 (with Retry-After) while the ' +
          'database is away. For load balancers, proxies and probes.',
        response: { 503: unhealthy },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      if (await databaseAnswers()) return { status: 'ok' as const };
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable' as const });
    },
  );
}
