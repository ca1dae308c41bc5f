/**
 * Which school a request may touch. Students, teachers and school admins are bound to their own
 * school: a school_info_id that differs is refused with 403, never silently replaced. Viewers may
 * read the schools linked to them and must name one; the super admin may name any school.
 * Guardians belong to no school: they may name a school where one of their children is;
 * which child's records they read is decided by studentInScope (./scope.ts).
 *
 * This is the school check only; which rows of the school a caller reaches (a teacher's sections
 * and routine entries, a student's own records, a guardian's children) is decided in ./scope.ts,
 * which calls these first.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { GUARDIAN, SINGLE_SCHOOL_TYPES, SUPER_ADMIN, VIEWER } from '@/api/permissions';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import { cacheOf, type SectionRecord, type TtlMap } from '../cache/hot-cache';
import { schools, sections, viewerSchools } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { guardianHasSchool, guardianSchools } from './child';
import { authOf } from './guard';

/** Resolve the school the request is about. `requested` is the client's school_info_id, if any. */
export async function schoolOf(req: FastifyRequest, requested?: number | null): Promise<number> {
  const auth = authOf(req);
  const db: DbOrTx = req.server.db;
  if (SINGLE_SCHOOL_TYPES.includes(auth.userType)) {
    if (auth.schoolId == null) throw forbidden();
    if (requested && requested !== auth.schoolId) throw forbidden('That school is not yours.');
    return auth.schoolId;
  }
  if (!requested) throw badRequest('school_info_id', 'Choose a school.');
  if (auth.userType === VIEWER) {
    const link = await db
      .select({ schoolId: viewerSchools.schoolId })
      .from(viewerSchools)
      .where(and(eq(viewerSchools.userId, auth.userId), eq(viewerSchools.schoolId, requested)))
      .limit(1);
    if (!link.length) throw forbidden('That school is not linked to your account.');
    return requested;
  }
  if (auth.userType === GUARDIAN) {
    if (!(await guardianHasSchool(db, auth.userId, requested)))
      throw forbidden('None of your children is in that school.');
    return requested;
  }
  if (auth.userType === SUPER_ADMIN) {
    const found = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, requested)).limit(1);
    if (!found.length) throw notFound('School');
    return requested;
  }
  throw forbidden();
}

/**
 * Resolve a section the request names and check the caller may see its school. When the request
 * also names a school, both must agree. Returns the section with its school and class.
 */
export async function sectionOf(req: FastifyRequest, sectionId: number, requestedSchool?: number | null) {
  const section = await sectionById(req.server.db, sectionId);
  if (!section) throw notFound('Section');
  if (requestedSchool && requestedSchool !== section.schoolId) throw forbidden('That section is not in this school.');
  await schoolOf(req, section.schoolId);
  return section;
}

const sectionStatement = preparedFor((db: Db) =>
  db
    .select({ id: sections.id, schoolId: sections.schoolId, classId: sections.classId })
    .from(sections)
    .where(eq(sections.id, sql.placeholder('sectionId')))
    .prepare('tenant_section_by_id'),
);

/**
 * A section's school and class: from the process's cache (kept only for sections that exist, and
 * dropped by any change to their school's data, hot-cache.ts), else one prepared query. Who may see
 * the section is decided after, per request, by schoolOf.
 */
async function sectionById(db: Db, sectionId: number): Promise<SectionRecord | null> {
  const load = async () => (await sectionStatement(db).execute({ sectionId }))[0] ?? null;
  const cache = cacheOf(db);
  if (!cache) return load();
  return cache.through(cache.sections as TtlMap<number, SectionRecord | null>, sectionId, load, {
    store: (row) => row !== null,
  });
}

/**
 * The schools whose own names (exam types, fee heads) the caller may read: their school; a
 * guardian's children's schools; a viewer's linked schools; the super admin's all of them.
 */
export async function schoolsInView(db: DbOrTx, req: FastifyRequest): Promise<number[] | 'all'> {
  const auth = authOf(req);
  if (auth.userType === SUPER_ADMIN) return 'all';
  if (auth.userType === GUARDIAN) return guardianSchools(db, auth.userId);
  if (auth.userType === VIEWER) {
    const rows = await db
      .select({ schoolId: viewerSchools.schoolId })
      .from(viewerSchools)
      .where(eq(viewerSchools.userId, auth.userId));
    return rows.map((r) => r.schoolId);
  }
  return auth.schoolId == null ? [] : [auth.schoolId];
}
