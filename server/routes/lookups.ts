/**
 * Reference data and the school's structure: classes, sections, sessions, days, periods, shifts,
 * subjects... The queries are server/services/lookups.ts's; a school's list asks the school check
 * (server/auth/tenant.ts) first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classQuery,
  classRow,
  dayRow,
  divisionRow,
  genderRow,
  groupRow,
  periodQuery,
  periodRow,
  sectionQuery,
  sectionRow,
  sessionRow,
  shiftRow,
  subjectQuery,
  subjectRow,
} from '@/api/schemas/lookups';
import { banglaNames } from '@/api/schemas/names';
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

export async function lookupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/class',
    {
      config: { action: 'lookup.class' },
      schema: {
        querystring: classQuery,
        response: { 200: z.array(classRow) },
      },
    },
    async (req) => classList(db, req.query.school_type_id),
  );

  app.get(
    '/section/all',
    {
      config: { action: 'lookup.section' },
      schema: {
        querystring: sectionQuery,
        response: { 200: z.array(sectionRow) },
      },
    },
    async (req) => sectionList(db, await schoolOf(req, req.query.school_info_id), req.query.class_id),
  );

  app.get(
    '/session',
    { config: { action: 'lookup.session' }, schema: { response: { 200: z.array(sessionRow) } } },
    async () => sessionList(db, app.config.TZ_DEFAULT),
  );

  app.get('/day', { config: { action: 'lookup.day' }, schema: { response: { 200: z.array(dayRow) } } }, async () =>
    dayList(db),
  );

  const periodHandler = async (req: FastifyRequest & { query: { school_info_id?: number; shift_id?: number } }) =>
    periodList(db, await schoolOf(req, req.query.school_info_id), req.query.shift_id);
  const periodSchema = {
    querystring: periodQuery,
    response: { 200: z.array(periodRow) },
  };
  app.get('/period', { config: { action: 'lookup.period' }, schema: periodSchema }, periodHandler);
  app.get('/period/all', { config: { action: 'lookup.period' }, schema: periodSchema }, periodHandler);

  const shiftHandler = async () => shiftList(db);
  const shiftSchema = { response: { 200: z.array(shiftRow) } };
  app.get('/shift', { config: { action: 'lookup.shift' }, schema: shiftSchema }, shiftHandler);
  app.get('/shift/all', { config: { action: 'lookup.shift' }, schema: shiftSchema }, shiftHandler);

  const subjectHandler = async (req: { query: z.output<typeof subjectQuery> }) => subjectList(db, req.query);
  const subjectSchema = { querystring: subjectQuery, response: { 200: z.array(subjectRow) } };
  app.get('/subjects', { config: { action: 'lookup.subject' }, schema: subjectSchema }, subjectHandler);
  app.get('/subject', { config: { action: 'lookup.subject' }, schema: subjectSchema }, subjectHandler);
  app.get('/subject/all', { config: { action: 'lookup.subject' }, schema: subjectSchema }, subjectHandler);

  // The Bangla names of shared names (services/lookups.ts): exam types and fee heads of the schools
  // the caller may see.
  app.get(
    '/names/bn',
    { config: { action: 'lookup.names', cacheable: true }, schema: { response: { 200: banglaNames } } },
    async (req) => banglaNamesOf(db, await schoolsInView(db, req)),
  );

  app.get(
    '/gender',
    { config: { action: 'lookup.gender' }, schema: { response: { 200: z.array(genderRow) } } },
    async () => genderList(db),
  );
  // "division" is the address division (Dhaka, Chattogram...); the spec's groups carry division_name.
  app.get(
    '/division',
    { config: { action: 'lookup.division' }, schema: { response: { 200: z.array(divisionRow) } } },
    async () => divisionList(db),
  );
  app.get(
    '/groups/all',
    { config: { action: 'lookup.group' }, schema: { response: { 200: z.array(groupRow) } } },
    async () => groupList(db),
  );
}
