/**
 * Schools as lists and detail rows: the school lists (which schools a caller may see is
 * server/auth/scope.ts `schoolsListed`), a viewer's linked schools, and one school's detail row as
 * the setup screens edit it (services/school-setup.ts).
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { divisions, schools, schoolTypes, viewerSchools } from '../db/schema';
import { notFound } from '../errors';

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

/** One school's detail row; 404 without one. */
export async function schoolDetails(db: DbOrTx, id: number) {
  const [row] = await selectSchoolDetails(db).where(eq(schools.id, id));
  if (!row) throw notFound('School');
  return row;
}

const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export async function linkedSchoolIds(db: DbOrTx, viewerUserId: number): Promise<number[]> {
  const rows = await db
    .select({ id: viewerSchools.schoolId })
    .from(viewerSchools)
    .where(eq(viewerSchools.userId, viewerUserId));
  return rows.map((r) => r.id);
}

/**
 * A page of the schools `inView` (every school, or those ids), by name, optionally searched by
 * name, short name or EIIN, with the total.
 */
export async function listSchools(
  db: DbOrTx,
  inView: number[] | 'all',
  q: { q?: string; limit: number; offset: number },
) {
  const where: SQL[] = [];
  if (inView !== 'all') {
    if (!inView.length) return { rows: [], total: 0 };
    where.push(inArray(schools.id, inView));
  }
  if (q.q) {
    const like = likeOf(q.q);
    where.push(or(ilike(schools.schoolName, like), ilike(schools.shortName, like), ilike(schools.eiin, like))!);
  }
  const [rows, [{ total }]] = await Promise.all([
    selectSchoolDetails(db)
      .where(and(...where))
      .orderBy(asc(schools.schoolName), asc(schools.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(schools)
      .where(and(...where)),
  ]);
  return { rows, total };
}

/** A viewer's linked schools, by name. */
export async function viewerLinkedSchools(db: DbOrTx, viewerUserId: number) {
  const ids = await linkedSchoolIds(db, viewerUserId);
  return ids.length ? selectSchools(db).where(inArray(schools.id, ids)).orderBy(asc(schools.schoolName)) : [];
}
