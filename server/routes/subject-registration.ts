/**
 * Subject registration (spec part 2 §Subject registration and section 7): the school
 * admin lists a class's subjects, registers a section's students for subjects and a 4th subject,
 * reads the two registration lists and deletes from them. The students come from
 * GET /api/student/admin-search (routes/people-admin.ts). The school is always the admin's own:
 * a school_info_id naming another school is refused (403), never silently replaced.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  registrationDeleteQuery,
  registrationDeleteResponse,
  registrationListQuery,
  registrationPage as registrationPageSchema,
  registrationStudentPage as registrationStudentPageSchema,
  registrationStudentQuery,
  registrationSubjectRow,
  saveSubjectRegistrationBody,
  saveSubjectRegistrationResponse,
  searchSubjectsQuery,
  SUBJECT_REGISTRATION_MESSAGES as MESSAGES,
  SUBJECT_REGISTRATION_SUCCESS_CODES as SUCCESS,
} from '@/api/schemas/subject-registration';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { academicSessions, sections, studentGroups, subjectRegistrations, subjects } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import {
  registrationById,
  registrationPage,
  registrationStudentsPage,
  saveRegistrations,
} from '../services/subject-registration';

export async function subjectRegistrationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The session named, or the school's current one. */
  const sessionFor = async (schoolId: number, requested?: number) => {
    if (requested) {
      const [s] = await db
        .select({ id: academicSessions.id })
        .from(academicSessions)
        .where(eq(academicSessions.id, requested));
      if (!s) throw badRequest('session_id', 'is not a session');
      return requested;
    }
    const { today } = await schoolClock(db, schoolId);
    const id = await sessionIdForDate(db, today);
    if (!id) throw badRequest('session_id', 'There is no session for this year: choose one.');
    return id;
  };

  /** A registration of the caller's school and kind: another school's is 403, none (or the other kind) 404. */
  const ownRegistration = async (schoolId: number, id: number, fourth: boolean) => {
    const row = await registrationById(db, id);
    if (!row || row.fourth !== fourth) throw notFound(fourth ? '4th subject registration' : 'Subject registration');
    if (row.schoolId !== schoolId) throw forbidden('That registration is not in your school.');
    return row;
  };

  app.get(
    '/search/subjects',
    {
      config: { action: 'subject-registration.subjects' },
      schema: {
        description:
          'The subjects of a class (named, or the section’s), for registration: common subjects and, with ' +
          'group_id, that group’s electives (without it, every group’s). `optional` marks those that may be ' +
          'a 4th subject. A class has a few dozen subjects at most: not paged.',
        querystring: searchSubjectsQuery,
        response: { 200: z.array(registrationSubjectRow) },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      let classId = q.class_id;
      if (q.section_id) {
        const [section] = await db
          .select({ schoolId: sections.schoolId, classId: sections.classId })
          .from(sections)
          .where(eq(sections.id, q.section_id));
        if (!section) throw notFound('Section');
        if (section.schoolId !== schoolId) throw forbidden('That section is not in this school.');
        if (classId && classId !== section.classId) throw badRequest('section_id', 'is not a section of that class');
        classId = section.classId;
      }
      if (!classId) throw badRequest('class_id', 'Choose a class or a section.');
      if (q.session_id) await sessionFor(schoolId, q.session_id);
      const where: SQL[] = [eq(subjects.classId, classId)];
      if (q.group_id) where.push(or(isNull(subjects.groupId), eq(subjects.groupId, q.group_id))!);
      return db
        .select({
          id: subjects.id,
          subject_name: subjects.subjectName,
          subject_code: subjects.subjectCode,
          class_id: subjects.classId,
          group_id: subjects.groupId,
          division_name: studentGroups.name,
          optional: subjects.optional,
        })
        .from(subjects)
        .leftJoin(studentGroups, eq(studentGroups.id, subjects.groupId))
        .where(and(...where))
        .orderBy(asc(subjects.optional), asc(subjects.subjectCode));
    },
  );

  app.post(
    '/save/subjectRegistration',
    {
      config: { action: 'subject-registration.write' },
      schema: {
        description:
          'Register the chosen students (studentChecked) of a session (session_id, default the current one) ' +
          'for the chosen subjects (subjectChecked) and at most one 4th subject (forthChecked), all in one ' +
          'transaction. Records are the listed rows (their id counts) or bare ids. Empty id adds, keeping ' +
          'existing registrations (saved twice is harmless); an id of a registration of the school edits: ' +
          'the chosen students’ registrations become exactly the chosen ones. A 4th subject that is also ' +
          'compulsory is 400 naming it; a second, different 4th subject is 409.',
        body: saveSubjectRegistrationBody,
        response: { 200: saveSubjectRegistrationResponse },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const sessionId = await sessionFor(schoolId, b.session_id);
      if (b.id) {
        const row = await registrationById(db, b.id);
        if (!row) throw notFound('Subject registration');
        if (row.schoolId !== schoolId) throw forbidden('That registration is not in your school.');
      }
      const result = await saveRegistrations(db, {
        schoolId,
        sessionId,
        userId: authOf(req).userId,
        studentIds: b.studentChecked,
        subjectIds: b.subjectChecked,
        fourthIds: b.forthChecked,
        replace: !!b.id,
      });
      const kind = b.id ? 'updated' : 'saved';
      return { ok: true as const, message: MESSAGES[kind], code: SUCCESS[kind], ...result };
    },
  );

  const listSchema = (what: string) => ({
    description:
      `The school's ${what}, newest session first, then class, section, roll and subject; filtered by ` +
      'student, session, class, section and group (0 or absent = all), paged by limit and offset.',
    querystring: registrationListQuery,
    response: { 200: registrationPageSchema },
  });

  app.get(
    '/subjectList',
    { config: { action: 'subject-registration.list' }, schema: listSchema('subject registrations') },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return registrationPage(db, schoolId, false, req.query);
    },
  );

  app.get(
    '/subjectList/students',
    {
      config: { action: 'subject-registration.list' },
      schema: {
        description:
          'Subject Registration Details by student: one row per student (enrolment) with the subjects ' +
          'registered for them (not the 4th subject), in the order of /api/subjectList, paged by student; ' +
          'each subject carries its registration id for DELETE /api/subRegistration/delete.',
        querystring: registrationStudentQuery,
        response: { 200: registrationStudentPageSchema },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return registrationStudentsPage(db, schoolId, req.query);
    },
  );

  app.get(
    '/forthSubjectList',
    { config: { action: 'subject-registration.list' }, schema: listSchema('4th-subject registrations') },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return registrationPage(db, schoolId, true, req.query);
    },
  );

  app.delete(
    '/subRegistration/delete',
    {
      config: { action: 'subject-registration.delete' },
      schema: {
        description: 'Delete one subject registration (not a 4th subject: that is /api/forthSubject/delete).',
        querystring: registrationDeleteQuery,
        response: { 200: registrationDeleteResponse },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      const row = await ownRegistration(schoolId, req.query.id, false);
      await db.delete(subjectRegistrations).where(eq(subjectRegistrations.id, row.id));
      return { ok: true as const, message: MESSAGES.deleted, code: SUCCESS.deleted };
    },
  );

  app.delete(
    '/forthSubject/delete',
    {
      config: { action: 'subject-registration.delete' },
      schema: {
        description: 'Delete one 4th-subject registration.',
        querystring: registrationDeleteQuery,
        response: { 200: registrationDeleteResponse },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      const row = await ownRegistration(schoolId, req.query.id, true);
      await db.delete(subjectRegistrations).where(eq(subjectRegistrations.id, row.id));
      return { ok: true as const, message: MESSAGES.fourthDeleted, code: SUCCESS.fourthDeleted };
    },
  );
}
