/**
 * Subject registration (spec part 2 §Subject registration and section 7): the school
 * admin lists a class's subjects, registers a section's students for subjects and a 4th subject,
 * reads the two registration lists and deletes from them. The students come from
 * GET /api/student/admin-search (routes/people-admin.ts). The school is always the admin's own:
 * a school_info_id naming another school is refused (403), never silently replaced. The rules and
 * queries live in server/services/subject-registration.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import {
  deleteRegistration,
  registrationPage,
  registrationStudentsPage,
  saveSubjectRegistration,
  subjectsForRegistration,
} from '../services/subject-registration';
import { subjectRegistrationEndpoints } from '@/api/endpoints/subject-registration';
import { route } from './define';

export async function subjectRegistrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(
    app,
    subjectRegistrationEndpoints.searchSubjects,
    {
      schema: {
        description:
          'The subjects of a class (named, or the section’s), for registration: common subjects and, with ' +
          'group_id, that group’s electives (without it, every group’s). `optional` marks those that may be ' +
          'a 4th subject. A class has a few dozen subjects at most: not paged.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return subjectsForRegistration(db, schoolId, req.query);
    },
  );

  route(
    app,
    subjectRegistrationEndpoints.saveSubjectRegistration,
    {
      schema: {
        description:
          'Register the chosen students (studentChecked) of a session (session_id, default the current one) ' +
          'for the chosen subjects (subjectChecked) and at most one 4th subject (forthChecked), all in one ' +
          'transaction. Records are the listed rows (their id counts) or bare ids. Empty id adds, keeping ' +
          'existing registrations (saved twice is harmless); an id of a registration of the school edits: ' +
          'the chosen students’ registrations become exactly the chosen ones. A 4th subject that is also ' +
          'compulsory is 400 naming it; a second, different 4th subject is 409.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return saveSubjectRegistration(db, schoolId, authOf(req).userId, req.body);
    },
  );

  const listSchema = (what: string) => ({
    description:
      `The school's ${what}, newest session first, then class, section, roll and subject; filtered by ` +
      'student, session, class, section and group (0 or absent = all), paged by limit and offset.',
  });

  route(app, subjectRegistrationEndpoints.subjectList, { schema: listSchema('subject registrations') }, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return registrationPage(db, schoolId, false, req.query);
  });

  route(
    app,
    subjectRegistrationEndpoints.subjectListStudents,
    {
      schema: {
        description:
          'Subject Registration Details by student: one row per student (enrolment) with the subjects ' +
          'registered for them (not the 4th subject), in the order of /api/subjectList, paged by student; ' +
          'each subject carries its registration id for DELETE /api/subRegistration/delete.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return registrationStudentsPage(db, schoolId, req.query);
    },
  );

  route(
    app,
    subjectRegistrationEndpoints.forthSubjectList,
    { schema: listSchema('4th-subject registrations') },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return registrationPage(db, schoolId, true, req.query);
    },
  );

  route(
    app,
    subjectRegistrationEndpoints.subRegistrationDelete,
    {
      schema: {
        description: 'Delete one subject registration (not a 4th subject: that is /api/forthSubject/delete).',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      return deleteRegistration(db, schoolId, req.query.id, false);
    },
  );

  route(
    app,
    subjectRegistrationEndpoints.forthSubjectDelete,
    {
      schema: {
        description: 'Delete one 4th-subject registration.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      return deleteRegistration(db, schoolId, req.query.id, true);
    },
  );
}
