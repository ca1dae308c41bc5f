/** Schools: the ones a user may see, and a viewer's linked schools. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { schoolRow, viewerSchoolsQuery } from '@/api/schemas/lookups';
import { SUPER_ADMIN, VIEWER } from '@/api/permissions';
import { authOf } from '../auth/guard';
import type { DbOrTx } from '../db/client';
import { divisions, schools, viewerSchools } from '../db/schema';
import { forbidden } from '../errors';

export function selectSchools(db: DbOrTx) {
  return db
    .select({
      id: schools.id,
      school_name: schools.schoolName,
      short_name: schools.shortName,
      eiin: schools.eiin,
      type_id: schools.schoolTypeId,
      address_division: divisions.name,
      address_district: schools.district,
      address_upazilla: schools.upazilla,
      phone: schools.phone,
      email: schools.email,
    })
    .from(schools)
    .leftJoin(divisions, eq(divisions.id, schools.divisionId))
    .$dynamic();
}

export async function linkedSchoolIds(db: DbOrTx, viewerUserId: number): Promise<number[]> {
  const rows = await db
    .select({ id: viewerSchools.schoolId })
    .from(viewerSchools)
    .where(eq(viewerSchools.userId, viewerUserId));
  return rows.map((r) => r.id);
}

export async function schoolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/school_info/all',
    { config: { action: 'school.list' }, schema: { response: { 200: z.array(schoolRow) } } },
    async (req) => {
      const auth = authOf(req);
      const q = selectSchools(db).orderBy(asc(schools.schoolName));
      if (auth.userType === SUPER_ADMIN) return q;
      const ids =
        auth.userType === VIEWER ? await linkedSchoolIds(db, auth.userId) : auth.schoolId ? [auth.schoolId] : [];
      return ids.length ? q.where(inArray(schools.id, ids)) : [];
    },
  );

  app.get(
    '/school_info',
    {
      config: { action: 'school.viewer-links' },
      schema: { querystring: viewerSchoolsQuery, response: { 200: z.array(schoolRow) } },
    },
    async (req) => {
      const auth = authOf(req);
      // A viewer's own id is their user id; only the super admin may look at another viewer's links.
      const viewerId = req.query.admin_id ?? auth.userId;
      if (auth.userType === VIEWER && viewerId !== auth.userId) throw forbidden();
      const ids = await linkedSchoolIds(db, viewerId);
      return ids.length ? selectSchools(db).where(inArray(schools.id, ids)).orderBy(asc(schools.schoolName)) : [];
    },
  );
}
