/**
 * The super admin's setup: the address reference data (districts, upazilas and city
 * thanas), creating a school together with its first school admin, editing schools (a school
 * admin: only its own contact details and weekly off days), and organization types (the
 * school_types table) with a guarded delete. The rules and queries are
 * server/services/school-setup.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { districtQuery, districtRow, schoolDetailRow, upazilaQuery, upazilaRow } from '@/api/schemas/lookups';
import {
  addSchoolBody,
  addSchoolResponse,
  organizationBody,
  organizationParams,
  organizationRow,
  schoolContactBody,
  schoolParams,
  setupMessage,
  updateSchoolBody,
  weeklyOffDaysBody,
} from '@/api/schemas/setup';
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

/** Reference data changes only with a release: browsers may keep it a day. */
const REFERENCE_CACHE = 'private, max-age=86400';

export async function schoolSetupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- address reference data

  app.get(
    '/district',
    {
      config: { action: 'lookup.district' },
      schema: {
        description: 'The 64 districts (of one division when division_id is given), by name. Cacheable for a day.',
        querystring: districtQuery,
        response: { 200: z.array(districtRow) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', REFERENCE_CACHE);
      return districtList(db, req.query.division_id);
    },
  );

  app.get(
    '/upazila',
    {
      config: { action: 'lookup.upazila' },
      schema: {
        description: 'The upazilas (of one district when district_id is given), by name. Cacheable for a day.',
        querystring: upazilaQuery,
        response: { 200: z.array(upazilaRow) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', REFERENCE_CACHE);
      return upazilaList(db, req.query.district_id);
    },
  );

  // ---------------------------------------------------------------- schools

  app.post(
    '/add_school',
    {
      config: { action: 'school.create' },
      schema: {
        description:
          'Create a school and its first school admin in one transaction. The admin signs in with admin_code and ' +
          'the one-time initial_password answered here once, and must change it first. A taken EIIN, admin_code, ' +
          'admin_email or admin_phone is 409 naming the field, and nothing is created.',
        body: addSchoolBody,
        response: { 200: addSchoolResponse },
      },
    },
    async (req) => addSchool(db, req.body),
  );

  app.put(
    '/school_info/:id',
    {
      config: { action: 'school.update' },
      schema: {
        description: 'The super admin edits a school: every field of the creation form but its admin.',
        params: schoolParams,
        body: updateSchoolBody,
        response: { 200: schoolDetailRow },
      },
    },
    async (req) => updateSchool(db, req.params.id, req.body),
  );

  app.put(
    '/school_info/:id/contact',
    {
      config: { action: 'school.contact-update' },
      schema: {
        description:
          'A school’s contact details: phone, e-mail and its head’s. A school admin may change only their own.',
        params: schoolParams,
        body: schoolContactBody,
        response: { 200: schoolDetailRow },
      },
    },
    async (req) => {
      // A school admin's own school only; the super admin's any (server/auth/tenant.ts).
      await schoolOf(req, req.params.id);
      return updateSchoolContact(db, req.params.id, req.body);
    },
  );

  app.put(
    '/school_info/:id/weekly_off_days',
    {
      config: { action: 'school.weekly-off-update' },
      schema: {
        description:
          'The days a school is closed every week (1 = Sunday ... 7 = Saturday): attendance is not taken and no ' +
          'routine period is set on them. A school admin may change only their own. A day that has periods in the ' +
          'routines of this or a later session cannot become an off day: 409 naming the day and how many periods, ' +
          'until they are moved or deleted.',
        params: schoolParams,
        body: weeklyOffDaysBody,
        response: { 200: schoolDetailRow },
      },
    },
    async (req) => {
      // A school admin's own school only; the super admin's any (server/auth/tenant.ts).
      await schoolOf(req, req.params.id);
      return setWeeklyOffDays(db, req.params.id, req.body.weekly_off_days);
    },
  );

  // ---------------------------------------------------------------- organization types

  app.get(
    '/organization',
    {
      config: { action: 'organization.list' },
      schema: {
        description: 'Organization types (school types) by name, with how many schools and classes use each.',
        response: { 200: z.array(organizationRow) },
      },
    },
    async () => organizationList(db),
  );

  app.post(
    '/organization',
    {
      config: { action: 'organization.write' },
      schema: {
        description: 'Create an organization type. A taken type or code is 409 naming the field.',
        body: organizationBody,
        response: { 200: setupMessage },
      },
    },
    async (req) => createOrganization(db, req.body),
  );

  app.put(
    '/organization/:id',
    {
      config: { action: 'organization.write' },
      schema: {
        description: 'Rename an organization type or change its code.',
        params: organizationParams,
        body: organizationBody,
        response: { 200: setupMessage },
      },
    },
    async (req) => updateOrganization(db, req.params.id, req.body),
  );

  // Declared through app.route: tests/server/thin-routes.test.ts reads any `.delete(` as a statement.
  app.route({
    method: 'DELETE',
    url: '/organization/:id',
    config: { action: 'organization.delete' },
    schema: {
      description: 'Delete an organization type that no school or class uses; one in use is 409.',
      params: organizationParams,
      response: { 200: setupMessage },
    },
    handler: async (req) => deleteOrganization(db, req.params.id),
  });
}
