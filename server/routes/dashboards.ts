/**
 * The dashboards' summaries (docs/DOMAIN.md, "Dashboards"): one read per role dashboard. The
 * school and rows come from the scope module: the admin's school (`schoolOf`), the caller's own
 * teacher record, a student's own record or a guardian's linked child (`studentInScope`), and a
 * viewer's linked schools or every school for the super admin (`schoolsListed`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardsEndpoints } from '@/api/endpoints/dashboards';
import { callerTeacher, schoolsListed, studentInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { adminDashboard, schoolsDashboard, studentDashboard, teacherDashboard } from '../services/dashboards';
import { route } from './define';

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // The linked schools side by side: a district's heavy read, from a standby when one is configured (docs/SCALING.md).
  const readDb = app.readDb;

  route(app, dashboardsEndpoints.admin, {}, async (req) =>
    adminDashboard(db, await schoolOf(req, req.query.school_info_id)),
  );

  route(app, dashboardsEndpoints.teacher, {}, async (req) => teacherDashboard(db, await callerTeacher(req)));

  route(app, dashboardsEndpoints.student, {}, async (req) =>
    studentDashboard(db, await studentInScope(req, req.query.student_id)),
  );

  route(app, dashboardsEndpoints.viewer, {}, async (req) =>
    schoolsDashboard(readDb, await schoolsListed(req), req.query),
  );
}
