/**
 * A school's structure: create, list, edit and delete classes, sections, subjects and
 * periods, and open a new academic session.
 *
 * Who changes what is the permission table's: classes and subjects are reference data every school
 * shares, so only the super admin writes them; a school's sections and periods are its own, written
 * by its school admin or by the super admin naming the school (the tenant check, `schoolOf`).
 *
 * Paths (src/api/endpoints/setup-structure.ts): the spec's creates (POST /api/create_class,
 * create_section, create_subject, create_period); GET /api/setup/{classes,sections,subjects,periods}
 * (paged lists); PUT and DELETE /api/setup/{classes,sections,subjects,periods}/:id; POST
 * /api/setup/sessions.
 *
 * The rules and queries are in server/services/structure/: one module per entity, the refusals
 * they share (`structure.in_use`, `structure.duplicate`) in refusals.ts, the period overlap
 * (`structure.period_overlap`) in periods.ts, opening a session in sessions.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schoolOrEverySchool } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { createClass, deleteClass, listClasses, schoolTypeList, updateClass } from '../services/structure/classes';
import { createPeriod, deletePeriod, findPeriod, listPeriods, updatePeriod } from '../services/structure/periods';
import { createSection, deleteSection, findSection, listSections, updateSection } from '../services/structure/sections';
import { openSession } from '../services/structure/sessions';
import { createSubject, deleteSubject, listSubjects, updateSubject } from '../services/structure/subjects';
import { setupStructureEndpoints } from '@/api/endpoints/setup-structure';
import { route } from './define';

export async function setupStructureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    setupStructureEndpoints.setupSchoolTypes,
    { schema: { description: 'Organization types (school types), for the class and subject forms.' } },
    async () => schoolTypeList(db),
  );

  // ---------------------------------------------------------------- classes (shared)

  route(
    app,
    setupStructureEndpoints.createClass,
    { schema: { description: 'Creates a class of an organization type (shared by every school of that type).' } },
    async (req) => createClass(db, req.body),
  );

  route(
    app,
    setupStructureEndpoints.setupClasses,
    { schema: { description: 'Classes, by organization type and order.' } },
    async (req) => listClasses(db, req.query),
  );

  route(app, setupStructureEndpoints.putSetupClasses, {}, async (req) => updateClass(db, req.params.id, req.body));

  route(app, setupStructureEndpoints.deleteSetupClasses, {}, async (req) => deleteClass(db, req.params.id));

  // ---------------------------------------------------------------- subjects (shared)

  route(
    app,
    setupStructureEndpoints.createSubject,
    { schema: { description: 'Creates a subject of a class (shared by every school teaching that class).' } },
    async (req) => createSubject(db, req.body),
  );

  route(
    app,
    setupStructureEndpoints.setupSubjects,
    { schema: { description: 'Subjects, by class and code.' } },
    async (req) => listSubjects(db, req.query),
  );

  route(app, setupStructureEndpoints.putSetupSubjects, {}, async (req) => updateSubject(db, req.params.id, req.body));

  route(app, setupStructureEndpoints.deleteSetupSubjects, {}, async (req) => deleteSubject(db, req.params.id));

  // ---------------------------------------------------------------- sections (the school's)

  route(
    app,
    setupStructureEndpoints.createSection,
    {
      schema: {
        description:
          'Creates a section of a class in a shift of the school (the caller’s, or the one a super admin names).',
      },
    },
    async (req) => createSection(db, await schoolOf(req, req.body.school_info_id), req.body),
  );

  route(
    app,
    setupStructureEndpoints.setupSections,
    { schema: { description: 'The school’s sections, by class, shift and name.' } },
    async (req) => listSections(db, await schoolOf(req, req.query.school_info_id), req.query),
  );

  route(app, setupStructureEndpoints.putSetupSections, {}, async (req) => {
    const before = await findSection(db, req.params.id);
    return updateSection(db, before, await schoolOf(req, before.school_info_id), req.body);
  });

  route(app, setupStructureEndpoints.deleteSetupSections, {}, async (req) => {
    const row = await findSection(db, req.params.id);
    await schoolOf(req, row.school_info_id);
    return deleteSection(db, row);
  });

  // ---------------------------------------------------------------- periods (the school's)

  route(
    app,
    setupStructureEndpoints.createPeriod,
    {
      schema: {
        description:
          'Creates a period of a shift of the school, with its serial number and start and end times. ' +
          'Periods of one shift may not overlap (409 structure.period_overlap); one may start when another ends.',
      },
    },
    async (req) => createPeriod(db, await schoolOf(req, req.body.school_info_id), req.body),
  );

  route(
    app,
    setupStructureEndpoints.setupPeriods,
    { schema: { description: 'The school’s periods, by shift and serial.' } },
    async (req) => listPeriods(db, await schoolOf(req, req.query.school_info_id), req.query),
  );

  route(app, setupStructureEndpoints.putSetupPeriods, {}, async (req) => {
    const before = await findPeriod(db, req.params.id);
    return updatePeriod(db, before, await schoolOf(req, before.school_info_id), req.body);
  });

  route(app, setupStructureEndpoints.deleteSetupPeriods, {}, async (req) => {
    const row = await findPeriod(db, req.params.id);
    await schoolOf(req, row.school_info_id);
    return deletePeriod(db, row);
  });

  // ---------------------------------------------------------------- a new academic session

  route(
    app,
    setupStructureEndpoints.setupSessions,
    {
      schema: {
        description:
          'Opens an academic session (a calendar year; default: the year after the school’s last session with a ' +
          'routine, or after the newest session for a super admin naming no school). Sessions are ' +
          'shared by every school, and classes, sections and periods are not bound to a session, so they carry ' +
          'over as they are. With copy_routines, the school’s weekly routine of the latest earlier session is ' +
          'copied into the new one, in the same transaction (409 when the school already has routines there), ' +
          'leaving out the periods of the school’s weekly off days.',
      },
    },
    async (req) =>
      openSession(db, await schoolOrEverySchool(req, req.body.school_info_id), req.body, app.config.TZ_DEFAULT),
  );
}
