/**
 * The super admin's setup: the address reference data (districts, upazilas and city
 * thanas), creating a school together with its first school admin, editing schools (a school
 * admin: only its own contact details and weekly off days), and organization types (the
 * school_types table) with a guarded delete. The rules and queries are
 * server/services/school-setup.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolOf } from '../auth/tenant';
import {
  addSchool,
  createOrganization,
  deleteOrganization,
  districtList,
  organizationList,
  setWeeklyOffDays,
  updateOrganization,
  updateSchool,
  updateSchoolContact,
  upazilaList,
} from '../services/school-setup';
import { schoolSetupEndpoints } from '@/api/endpoints/school-setup';
import { route } from './define';

/** Reference data changes only with a release: browsers may keep it a day. */
const REFERENCE_CACHE = 'private, max-age=86400';

export async function schoolSetupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- address reference data

  route(
    app,
    schoolSetupEndpoints.district,
    {
      schema: {
        description: 'The 64 districts (of one division when division_id is given), by name. Cacheable for a day.',
      },
    },
    async (req, reply) => {
      reply.header('cache-control', REFERENCE_CACHE);
      return districtList(db, req.query.division_id);
    },
  );

  route(
    app,
    schoolSetupEndpoints.upazila,
    {
      schema: {
        description: 'The upazilas (of one district when district_id is given), by name. Cacheable for a day.',
      },
    },
    async (req, reply) => {
      reply.header('cache-control', REFERENCE_CACHE);
      return upazilaList(db, req.query.district_id);
    },
  );

  // ---------------------------------------------------------------- schools

  route(
    app,
    schoolSetupEndpoints.addSchool,
    {
      schema: {
        description:
          'Create a school and its first school admin in one transaction. The admin signs in with admin_code and ' +
          'the one-time initial_password answered here once, and must change it first. A taken EIIN, admin_code, ' +
          'admin_email or admin_phone is 409 naming the field, and nothing is created.',
      },
    },
    async (req) => addSchool(db, req.body),
  );

  route(
    app,
    schoolSetupEndpoints.schoolInfo,
    { schema: { description: 'The super admin edits a school: every field of the creation form but its admin.' } },
    async (req) => updateSchool(db, req.params.id, req.body),
  );

  route(
    app,
    schoolSetupEndpoints.schoolInfoContact,
    {
      schema: {
        description:
          'A school’s contact details: phone, e-mail and its head’s. A school admin may change only their own.',
      },
    },
    async (req) => {
      // A school admin's own school only; the super admin's any (server/auth/tenant.ts).
      await schoolOf(req, req.params.id);
      return updateSchoolContact(db, req.params.id, req.body);
    },
  );

  route(
    app,
    schoolSetupEndpoints.schoolInfoWeeklyOffDays,
    {
      schema: {
        description:
          'The days a school is closed every week (1 = Sunday ... 7 = Saturday): attendance is not taken and no ' +
          'routine period is set on them. A school admin may change only their own. A day that has periods in the ' +
          'routines of this or a later session cannot become an off day: 409 naming the day and how many periods, ' +
          'until they are moved or deleted.',
      },
    },
    async (req) => {
      // A school admin's own school only; the super admin's any (server/auth/tenant.ts).
      await schoolOf(req, req.params.id);
      return setWeeklyOffDays(db, req.params.id, req.body.weekly_off_days);
    },
  );

  // ---------------------------------------------------------------- organization types

  route(
    app,
    schoolSetupEndpoints.organization,
    {
      schema: {
        description: 'Organization types (school types) by name, with how many schools and classes use each.',
      },
    },
    async () => organizationList(db),
  );

  route(
    app,
    schoolSetupEndpoints.postOrganization,
    { schema: { description: 'Create an organization type. A taken type or code is 409 naming the field.' } },
    async (req) => createOrganization(db, req.body),
  );

  route(
    app,
    schoolSetupEndpoints.putOrganization,
    { schema: { description: 'Rename an organization type or change its code.' } },
    async (req) => updateOrganization(db, req.params.id, req.body),
  );

  route(
    app,
    schoolSetupEndpoints.deleteOrganization,
    { schema: { description: 'Delete an organization type that no school or class uses; one in use is 409.' } },
    async (req) => deleteOrganization(db, req.params.id),
  );
}
