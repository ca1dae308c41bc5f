/**
 * A school's structure: create, list, edit and delete classes, sections, subjects and
 * periods, and open a new academic session.
 *
 * Who changes what is the permission table's: classes and subjects are reference data every school
 * shares, so only the super admin writes them; a school's sections and periods are its own, written
 * by its school admin or by the super admin naming the school (the tenant check, `schoolOf`).
 *
 * Paths: the spec's creates (POST /api/create_class, create_section, create_subject,
 * create_period); GET /api/setup/{classes,sections,subjects,periods} (paged lists);
 * PUT and DELETE /api/setup/{classes,sections,subjects,periods}/:id; POST /api/setup/sessions.
 *
 * The rules and queries are in server/services/structure/: one module per entity, the refusals
 * they share (`structure.in_use`, `structure.duplicate`) in refusals.ts, the period overlap
 * (`structure.period_overlap`) in periods.ts, opening a session in sessions.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classBody,
  classListQuery,
  classPage,
  classWriteAnswer,
  deleteAnswer,
  periodBody,
  periodListQuery,
  periodPage,
  periodWriteAnswer,
  schoolTypeRow,
  sectionBody,
  sectionListQuery,
  sectionPage,
  sectionWriteAnswer,
  sessionOpenAnswer,
  sessionOpenBody,
  setupIdParams,
  subjectBody,
  subjectListQuery,
  subjectPage,
  subjectWriteAnswer,
} from '@/api/schemas/structure';
import { schoolOrEverySchool } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { createClass, deleteClass, listClasses, schoolTypeList, updateClass } from '../services/structure/classes';
import { createPeriod, deletePeriod, findPeriod, listPeriods, updatePeriod } from '../services/structure/periods';
import { createSection, deleteSection, findSection, listSections, updateSection } from '../services/structure/sections';
import { openSession } from '../services/structure/sessions';
import { createSubject, deleteSubject, listSubjects, updateSubject } from '../services/structure/subjects';

export async function setupStructureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/setup/school_types',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'Organization types (school types), for the class and subject forms.',
        response: { 200: z.array(schoolTypeRow) },
      },
    },
    async () => schoolTypeList(db),
  );

  // ---------------------------------------------------------------- classes (shared)

  app.post(
    '/create_class',
    {
      config: { action: 'structure.class-write' },
      schema: {
        description: 'Creates a class of an organization type (shared by every school of that type).',
        body: classBody,
        response: { 200: classWriteAnswer },
      },
    },
    async (req) => createClass(db, req.body),
  );

  app.get(
    '/setup/classes',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'Classes, by organization type and order.',
        querystring: classListQuery,
        response: { 200: classPage },
      },
    },
    async (req) => listClasses(db, req.query),
  );

  app.put(
    '/setup/classes/:id',
    {
      config: { action: 'structure.class-write' },
      schema: { params: setupIdParams, body: classBody, response: { 200: classWriteAnswer } },
    },
    async (req) => updateClass(db, req.params.id, req.body),
  );

  // Deletes are declared through app.route: tests/server/thin-routes.test.ts reads any `.delete(` as a statement.
  app.route({
    method: 'DELETE',
    url: '/setup/classes/:id',
    config: { action: 'structure.class-write' },
    schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    handler: async (req) => deleteClass(db, req.params.id),
  });

  // ---------------------------------------------------------------- subjects (shared)

  app.post(
    '/create_subject',
    {
      config: { action: 'structure.subject-write' },
      schema: {
        description: 'Creates a subject of a class (shared by every school teaching that class).',
        body: subjectBody,
        response: { 200: subjectWriteAnswer },
      },
    },
    async (req) => createSubject(db, req.body),
  );

  app.get(
    '/setup/subjects',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'Subjects, by class and code.',
        querystring: subjectListQuery,
        response: { 200: subjectPage },
      },
    },
    async (req) => listSubjects(db, req.query),
  );

  app.put(
    '/setup/subjects/:id',
    {
      config: { action: 'structure.subject-write' },
      schema: { params: setupIdParams, body: subjectBody, response: { 200: subjectWriteAnswer } },
    },
    async (req) => updateSubject(db, req.params.id, req.body),
  );

  app.route({
    method: 'DELETE',
    url: '/setup/subjects/:id',
    config: { action: 'structure.subject-write' },
    schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    handler: async (req) => deleteSubject(db, req.params.id),
  });

  // ---------------------------------------------------------------- sections (the school's)

  app.post(
    '/create_section',
    {
      config: { action: 'structure.section-write' },
      schema: {
        description:
          'Creates a section of a class in a shift of the school (the caller’s, or the one a super admin names).',
        body: sectionBody,
        response: { 200: sectionWriteAnswer },
      },
    },
    async (req) => createSection(db, await schoolOf(req, req.body.school_info_id), req.body),
  );

  app.get(
    '/setup/sections',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'The school’s sections, by class, shift and name.',
        querystring: sectionListQuery,
        response: { 200: sectionPage },
      },
    },
    async (req) => listSections(db, await schoolOf(req, req.query.school_info_id), req.query),
  );

  app.put(
    '/setup/sections/:id',
    {
      config: { action: 'structure.section-write' },
      schema: { params: setupIdParams, body: sectionBody, response: { 200: sectionWriteAnswer } },
    },
    async (req) => {
      const before = await findSection(db, req.params.id);
      return updateSection(db, before, await schoolOf(req, before.school_info_id), req.body);
    },
  );

  app.route({
    method: 'DELETE',
    url: '/setup/sections/:id',
    config: { action: 'structure.section-write' },
    schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    handler: async (req) => {
      const row = await findSection(db, req.params.id);
      await schoolOf(req, row.school_info_id);
      return deleteSection(db, row);
    },
  });

  // ---------------------------------------------------------------- periods (the school's)

  app.post(
    '/create_period',
    {
      config: { action: 'structure.period-write' },
      schema: {
        description:
          'Creates a period of a shift of the school, with its serial number and start and end times. ' +
          'Periods of one shift may not overlap (409 structure.period_overlap); one may start when another ends.',
        body: periodBody,
        response: { 200: periodWriteAnswer },
      },
    },
    async (req) => createPeriod(db, await schoolOf(req, req.body.school_info_id), req.body),
  );

  app.get(
    '/setup/periods',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'The school’s periods, by shift and serial.',
        querystring: periodListQuery,
        response: { 200: periodPage },
      },
    },
    async (req) => listPeriods(db, await schoolOf(req, req.query.school_info_id), req.query),
  );

  app.put(
    '/setup/periods/:id',
    {
      config: { action: 'structure.period-write' },
      schema: { params: setupIdParams, body: periodBody, response: { 200: periodWriteAnswer } },
    },
    async (req) => {
      const before = await findPeriod(db, req.params.id);
      return updatePeriod(db, before, await schoolOf(req, before.school_info_id), req.body);
    },
  );

  app.route({
    method: 'DELETE',
    url: '/setup/periods/:id',
    config: { action: 'structure.period-write' },
    schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    handler: async (req) => {
      const row = await findPeriod(db, req.params.id);
      await schoolOf(req, row.school_info_id);
      return deletePeriod(db, row);
    },
  });

  // ---------------------------------------------------------------- a new academic session

  app.post(
    '/setup/sessions',
    {
      config: { action: 'structure.session-open' },
      schema: {
        description:
          'Opens an academic session (a calendar year; default: the year after the school’s last session with a ' +
          'routine, or after the newest session for a super admin naming no school). Sessions are ' +
          'shared by every school, and classes, sections and periods are not bound to a session, so they carry ' +
          'over as they are. With copy_routines, the school’s weekly routine of the latest earlier session is ' +
          'copied into the new one, in the same transaction (409 when the school already has routines there), ' +
          'leaving out the periods of the school’s weekly off days.',
        body: sessionOpenBody,
        response: { 200: sessionOpenAnswer },
      },
    },
    async (req) =>
      openSession(db, await schoolOrEverySchool(req, req.body.school_info_id), req.body, app.config.TZ_DEFAULT),
  );
}
