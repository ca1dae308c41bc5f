/**
 * The super admin's setup (server/routes/school-setup.ts): the address reference data (districts,
 * upazilas and city thanas), creating a school together with its first school admin, editing
 * schools (a school admin: only its own contact details and weekly off days, the route's school
 * check), and organization types (the school_types table) with a guarded delete.
 *
 * A unique violation is a 409 `school_setup.duplicate` naming the field of the form it came from;
 * a weekly off day that still has routine periods in this or a later session is a 409
 * `school_setup.off_day_has_periods`; an organization type in use, `school_setup.organization_in_use`.
 */
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SETUP_MESSAGES,
  SETUP_SUCCESS_CODES,
  type addSchoolBody,
  type organizationBody,
  type schoolContactBody,
  type UpdateSchoolBody,
  type updateSchoolBody,
} from '@/api/schemas/setup';
import { USER_TYPES } from '@/api/permissions';
import { cacheOf } from '../cache/hot-cache';
import type { Db, DbOrTx } from '../db/client';
import {
  academicSessions,
  districts,
  routines,
  schoolAdmins,
  schools,
  schoolTypes,
  upazilas,
  users,
} from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import { hashOneTime, oneTimePassword } from './people';
import { normalisePhone } from './phone';
import { pgErrorOf } from '../db/pg-error';
import { DAY_NAMES, schoolClock } from './school-time';
import { schoolDetails } from './schools';

// ---------------------------------------------------------------- address reference data

/** The districts (of one division when given), by name. */
export const districtList = (db: DbOrTx, divisionId?: number) =>
  db
    .select({
      id: districts.id,
      division_id: districts.divisionId,
      name: districts.name,
      name_bn: districts.nameBn,
    })
    .from(districts)
    .where(divisionId ? eq(districts.divisionId, divisionId) : undefined)
    .orderBy(asc(districts.name));

/** The upazilas (of one district when given), by name. */
export const upazilaList = (db: DbOrTx, districtId?: number) =>
  db
    .select({ id: upazilas.id, district_id: upazilas.districtId, name: upazilas.name, name_bn: upazilas.nameBn })
    .from(upazilas)
    .where(districtId ? eq(upazilas.districtId, districtId) : undefined)
    .orderBy(asc(upazilas.name));

// ---------------------------------------------------------------- schools

/** A unique violation names the field of the form it came from. */
const SCHOOL_CONSTRAINT_FIELDS: Record<string, string> = {
  schools_eiin_unique: 'eiin',
  users_user_code_uq: 'admin_code',
  users_email_uq: 'admin_email',
  users_phone_uq: 'admin_phone',
  school_admins_code_uq: 'admin_code',
  school_types_name_unique: 'Organization_type',
  school_types_code_unique: 'organization_code',
};

function asConflict(err: unknown): never {
  const pg = pgErrorOf(err);
  const field = pg?.code === '23505' && pg.constraint ? SCHOOL_CONSTRAINT_FIELDS[pg.constraint] : undefined;
  if (field)
    throw new ApiError(409, 'school_setup.duplicate', `${field}: is already taken`, { [field]: 'is already taken' });
  throw err;
}

/** '' stays ''; a valid mobile number is stored as 01XXXXXXXXX (the schema already refused others). */
const phone = (v: string) => (v ? (normalisePhone(v) ?? v) : '');

/** The district must lie in the division and the upazila in the district: their names for the text columns. */
async function addressOf(db: DbOrTx, b: Pick<UpdateSchoolBody, 'division' | 'district' | 'upazilla'>) {
  const [row] = await db
    .select({
      districtDivision: districts.divisionId,
      districtName: districts.name,
      upazilaDistrict: upazilas.districtId,
      upazilaName: upazilas.name,
    })
    .from(districts)
    .leftJoin(upazilas, eq(upazilas.id, b.upazilla))
    .where(eq(districts.id, b.district));
  if (!row) throw badRequest('district', 'is not a district');
  if (row.districtDivision !== b.division) throw badRequest('district', 'is not in that division');
  if (row.upazilaDistrict == null) throw badRequest('upazilla', 'is not an upazila');
  if (row.upazilaDistrict !== b.district) throw badRequest('upazilla', 'is not in that district');
  return { district: row.districtName, upazilla: row.upazilaName ?? '' };
}

async function checkSchoolType(db: DbOrTx, typeId: number) {
  const [type] = await db.select({ id: schoolTypes.id }).from(schoolTypes).where(eq(schoolTypes.id, typeId));
  if (!type) throw badRequest('school_type', 'is not an organization type');
}

async function schoolColumns(db: DbOrTx, b: z.output<typeof updateSchoolBody>) {
  await checkSchoolType(db, b.school_type);
  const names = await addressOf(db, b);
  return {
    eiin: b.eiin,
    schoolName: b.school_name,
    shortName: b.short_name,
    schoolTypeId: b.school_type,
    divisionId: b.division,
    districtId: b.district,
    upazilaId: b.upazilla,
    district: names.district,
    upazilla: names.upazilla,
    street: b.address,
    phone: phone(b.phone),
    email: b.email,
    headName: b.head_name,
    headPhone: phone(b.head_phone),
    headEmail: b.head_email,
  };
}

/**
 * A school and its first school admin in one transaction. The admin signs in with admin_code and
 * the one-time password answered here once, and must change it first.
 */
export async function addSchool(db: DbOrTx, b: z.output<typeof addSchoolBody>) {
  const columns = await schoolColumns(db, b);
  const password = oneTimePassword();
  const [hash] = await hashOneTime([password]);
  const created = await db
    .transaction(async (tx) => {
      const [school] = await tx.insert(schools).values(columns).returning({ id: schools.id });
      const [user] = await tx
        .insert(users)
        .values({
          userCode: b.admin_code,
          userType: USER_TYPES.schoolAdmin,
          schoolId: school.id,
          firstName: b.admin_first_name,
          lastName: b.admin_last_name,
          email: b.admin_email || null,
          phone: phone(b.admin_phone) || null,
          passwordHash: hash,
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      await tx.insert(schoolAdmins).values({ userId: user.id, schoolId: school.id, adminCode: b.admin_code });
      return school;
    })
    .catch(asConflict);
  return {
    ok: true as const,
    message: SETUP_MESSAGES.schoolAdded,
    code: SETUP_SUCCESS_CODES.schoolAdded,
    id: created.id,
    user_code: b.admin_code,
    initial_password: password,
  };
}

/** Every field of the creation form but its admin; the school's detail row after. */
export async function updateSchool(db: DbOrTx, id: number, b: z.output<typeof updateSchoolBody>) {
  await schoolDetails(db, id);
  const columns = await schoolColumns(db, b);
  await db.update(schools).set(columns).where(eq(schools.id, id)).catch(asConflict);
  return schoolDetails(db, id);
}

/** A school's contact details: phone, e-mail and its head's; the school's detail row after. */
export async function updateSchoolContact(db: DbOrTx, id: number, b: z.output<typeof schoolContactBody>) {
  await schoolDetails(db, id);
  await db
    .update(schools)
    .set({
      phone: phone(b.phone),
      email: b.email,
      headName: b.head_name,
      headPhone: phone(b.head_phone),
      headEmail: b.head_email,
    })
    .where(eq(schools.id, id));
  return schoolDetails(db, id);
}

/**
 * The days a school is closed every week. A day that has periods in the routines of this or a
 * later session cannot become an off day (409 naming the day and how many periods).
 */
export async function setWeeklyOffDays(db: Db, schoolId: number, days: readonly number[]) {
  await schoolDetails(db, schoolId);
  const off = [...days].sort((a, b) => a - b);
  await db.transaction(async (tx) => {
    // One change of the school's week at a time.
    const [current] = await tx
      .select({ off: schools.weeklyOffDays })
      .from(schools)
      .where(eq(schools.id, schoolId))
      .for('update');
    const closing = off.filter((d) => !current.off.includes(d));
    if (closing.length) {
      const { today } = await schoolClock(tx, schoolId);
      const busy = await tx
        .select({ dayId: routines.dayId, periods: count() })
        .from(routines)
        .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
        .where(
          and(
            eq(routines.schoolId, schoolId),
            inArray(routines.dayId, closing),
            gte(academicSessions.sessionYear, today.slice(0, 4)),
          ),
        )
        .groupBy(routines.dayId)
        .orderBy(asc(routines.dayId));
      if (busy.length) {
        const { dayId, periods } = busy[0];
        const day = DAY_NAMES[dayId];
        const message =
          `${day} has ${periods} ${periods === 1 ? 'period' : 'periods'} in the routines of this session: ` +
          `move or delete ${periods === 1 ? 'it' : 'them'} before making ${day} a weekly off day.`;
        throw new ApiError(
          409,
          'school_setup.off_day_has_periods',
          message,
          { weekly_off_days: message },
          {
            day,
            day_id: dayId,
            periods,
          },
        );
      }
    }
    await tx.update(schools).set({ weeklyOffDays: off }).where(eq(schools.id, schoolId));
  });
  // This process forgets the school's clock at once (the others hear of it: server/cache/hot-cache.ts).
  const cache = cacheOf(db);
  cache?.schools.delete(schoolId);
  cache?.dropSchools([schoolId]);
  return schoolDetails(db, schoolId);
}

// ---------------------------------------------------------------- organization types

const organizationColumns = {
  id: schoolTypes.id,
  Organization_type: schoolTypes.name,
  organization_code: schoolTypes.code,
  // Spelled out: drizzle leaves columns of a sql`` subquery unqualified, and a bare "id" would be the inner table's.
  schools: sql<number>`(select count(*)::int from schools s where s.school_type_id = "school_types"."id")`,
  classes: sql<number>`(select count(*)::int from classes c where c.school_type_id = "school_types"."id")`,
};

/** Organization types by name, with how many schools and classes use each. */
export const organizationList = (db: DbOrTx) =>
  db.select(organizationColumns).from(schoolTypes).orderBy(asc(schoolTypes.name));

type OrganizationBody = z.output<typeof organizationBody>;

export async function createOrganization(db: DbOrTx, b: OrganizationBody) {
  const [row] = await db
    .insert(schoolTypes)
    .values({ name: b.Organization_type, code: b.organization_code })
    .returning({ id: schoolTypes.id })
    .catch(asConflict);
  return {
    ok: true as const,
    message: SETUP_MESSAGES.organizationCreated,
    code: SETUP_SUCCESS_CODES.organizationCreated,
    id: row.id,
  };
}

export async function updateOrganization(db: DbOrTx, id: number, b: OrganizationBody) {
  const [row] = await db
    .update(schoolTypes)
    .set({ name: b.Organization_type, code: b.organization_code })
    .where(eq(schoolTypes.id, id))
    .returning({ id: schoolTypes.id })
    .catch(asConflict);
  if (!row) throw notFound('Organization type');
  return {
    ok: true as const,
    message: SETUP_MESSAGES.organizationSaved,
    code: SETUP_SUCCESS_CODES.organizationSaved,
    id: row.id,
  };
}

/** Deletes an organization type that no school or class uses; one in use is 409. */
export async function deleteOrganization(db: DbOrTx, id: number) {
  const [row] = await db.select(organizationColumns).from(schoolTypes).where(eq(schoolTypes.id, id));
  if (!row) throw notFound('Organization type');
  if (row.schools || row.classes) {
    throw new ApiError(
      409,
      'school_setup.organization_in_use',
      `This organization type is used by ${row.schools} schools and ${row.classes} classes: it cannot be deleted.`,
    );
  }
  try {
    await db.delete(schoolTypes).where(and(eq(schoolTypes.id, row.id)));
  } catch (err) {
    // A school or class added since the check: its foreign key refuses the delete.
    if (pgErrorOf(err)?.code === '23503')
      throw new ApiError(
        409,
        'school_setup.organization_in_use',
        'This organization type is in use: it cannot be deleted.',
      );
    throw err;
  }
  return {
    ok: true as const,
    message: SETUP_MESSAGES.organizationDeleted,
    code: SETUP_SUCCESS_CODES.organizationDeleted,
    id: row.id,
  };
}
