/**
 * Reference data and the school's structure: classes, sections, sessions, days, periods, shifts,
 * subjects... The queries are server/services/lookups.ts's; a school's list asks the school check
 * (server/auth/tenant.ts) first.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolOf, schoolsInView } from '../auth/tenant';
import {
  banglaNamesOf,
  classList,
  dayList,
  divisionList,
  genderList,
  groupList,
  periodList,
  sectionList,
  sessionList,
  shiftList,
  subjectList,
} from '../services/lookups';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { route } from './define';

export async function lookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(app, lookupsEndpoints.class, {}, async (req) => classList(db, req.query.school_type_id));

  route(app, lookupsEndpoints.sectionAll, {}, async (req) =>
    sectionList(db, await schoolOf(req, req.query.school_info_id), req.query.class_id),
  );

  route(app, lookupsEndpoints.session, {}, async () => sessionList(db, app.config.TZ_DEFAULT));

  route(app, lookupsEndpoints.day, {}, async () => dayList(db));

  // Each of the old portal's spellings of one list is served alike (src/api/endpoints/lookups.ts).
  for (const endpoint of [lookupsEndpoints.period, lookupsEndpoints.periodAll]) {
    route(app, endpoint, {}, async (req) =>
      periodList(db, await schoolOf(req, req.query.school_info_id), req.query.shift_id),
    );
  }
  for (const endpoint of [lookupsEndpoints.shift, lookupsEndpoints.shiftAll]) {
    route(app, endpoint, {}, async () => shiftList(db));
  }
  for (const endpoint of [
    lookupsEndpoints.subjects,
    lookupsEndpoints.subject,
    lookupsEndpoints.subjectAll,
    lookupsEndpoints.subjectType,
  ]) {
    route(app, endpoint, {}, async (req) => subjectList(db, req.query));
  }

  // The Bangla names of shared names (services/lookups.ts): exam types and fee heads of the schools
  // the caller may see.
  route(app, lookupsEndpoints.namesBn, { config: { cacheable: true } }, async (req) =>
    banglaNamesOf(db, await schoolsInView(db, req)),
  );

  route(app, lookupsEndpoints.gender, {}, async () => genderList(db));
  // "division" is the address division (Dhaka, Chattogram...); the spec's groups carry division_name.
  route(app, lookupsEndpoints.division, {}, async () => divisionList(db));
  route(app, lookupsEndpoints.groupsAll, {}, async () => groupList(db));
}
