/**
 * Schools: the ones a user may see, and a viewer's linked schools. Which schools a caller reaches
 * is server/auth/scope.ts's (`schoolsListed`, `viewerInScope`); the queries are
 * server/services/schools.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolsListed, viewerInScope } from '../auth/scope';
import { listSchools, viewerLinkedSchools } from '../services/schools';
import { schoolsEndpoints } from '@/api/endpoints/schools';
import { route } from './define';

export async function schoolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    schoolsEndpoints.all,
    {
      schema: {
        description:
          'The schools the caller may see (the super admin: all; a viewer: the linked ones; others: their own), by ' +
          'name, optionally searched by name, short name or EIIN (q). A bare list, paged by limit and offset; the ' +
          'total is in the X-Total-Count header.',
      },
    },
    async (req, reply) => {
      const { rows, total } = await listSchools(db, await schoolsListed(req), req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  route(
    app,
    schoolsEndpoints.list,
    {},
    // A viewer's own id is their user id; only the super admin may look at another viewer's links.
    async (req) => viewerLinkedSchools(db, viewerInScope(req, req.query.admin_id)),
  );
}
