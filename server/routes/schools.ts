/** Schools: the ones a user may see, and a viewer's linked schools. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { schoolDetailRow, schoolRow, viewerSchoolsQuery } from '@/api/schemas/lookups';
import { schoolListQuery } from '@/api/schemas/setup';
import { SUPER_ADMIN, VIEWER } from '@/api/permissions';
import { authOf } from '../auth/guard';
import type { DbOrTx } from '../db/client';
import { divisions, schools, schoolTypes, viewerSchools } from '../db/schema';
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

/** A school with what the setup screens edit: address ids, street, head, type name. */
export function selectSchoolDetails(db: DbOrTx) {
  return db
    .select({
      id: schools.id,
      school_name: schools.schoolName,
      short_name: schools.shortName,
      eiin: schools.eiin,
      type_id: schools.schoolTypeId,
      type_name: schoolTypes.name,
      address_division: divisions.name,
      address_district: schools.district,
      address_upazilla: schools.upazilla,
      phone: schools.phone,
      email: schools.email,
      division_id: schools.divisionId,
      district_id: schools.districtId,
      upazila_id: schools.upazilaId,
      address: schools.street,
      head_name: schools.headName,
      head_phone: schools.headPhone,
      head_email: schools.headEmail,
      weekly_off_days: schools.weeklyOffDays,
    })
    .from(schools)
    .innerJoin(schoolTypes, eq(schoolTypes.id, schools.schoolTypeId))
    .leftJoin(divisions, eq(divisions.id, schools.divisionId))
    .$dynamic();
}

const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

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
    {
      config: { action: 'school.list' },
      schema: {
        description:
          'The schools the caller may see (the super admin: all; a viewer: the linked ones; others: their own), by ' +
          'name, optionally searched by name, short name or EIIN (q). A bare list, paged by limit and offset; the ' +
          'total is in the X-Total-Count header.',
        querystring: schoolListQuery,
        response: { 200: z.array(schoolDetailRow) },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const where: SQL[] = [];
      if (auth.userType !== SUPER_ADMIN) {
        const ids =
          auth.userType === VIEWER ? await linkedSchoolIds(db, auth.userId) : auth.schoolId ? [auth.schoolId] : [];
        if (!ids.length) {
          reply.header('x-total-count', '0');
          return [];
        }
        where.push(inArray(schools.id, ids));
      }
      if (req.query.q) {
        const like = likeOf(req.query.q);
        where.push(or(ilike(schools.schoolName, like), ilike(schools.shortName, like), ilike(schools.eiin, like))!);
      }
      const [rows, [{ total }]] = await Promise.all([
        selectSchoolDetails(db)
          .where(and(...where))
          .orderBy(asc(schools.schoolName), asc(schools.id))
          .limit(req.query.limit)
          .offset(req.query.offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(schools)
          .where(and(...where)),
      ]);
      reply.header('x-total-count', String(total));
      return rows;
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
