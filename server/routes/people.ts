/**
 * Teachers and students: profiles and lists, always within a school the caller may see; which
 * students and sections of it a caller reaches is server/auth/scope.ts's to say; the reads are
 * server/services/people-lists.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { SECTION_STUDENTS_PAGE, STUDENT_LIST_PAGE } from '@/api/schemas/people';
import { reachesStudent, sectionInScope, sectionsInReach, studentInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import {
  sectionStudentsPage,
  studentCard,
  studentsOfSchoolPage,
  teacherCard,
  teachersOfSchool,
} from '../services/people-lists';
import { peopleEndpoints } from '@/api/endpoints/people';
import { route } from './define';

export async function peopleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(app, peopleEndpoints.teacherProfile, {}, async (req) => {
    return teacherCard(db, req.query.teacher_id, (schoolId) => schoolOf(req, schoolId));
  });

  route(
    app,
    peopleEndpoints.studentProfile,
    {
      schema: {
        description:
          'One student’s card (a list of one). A student reads only their own; a school admin or viewer any of ' +
          'the school’s; a teacher any of the school’s, with mobile_no and email empty unless the student is in a ' +
          'section they teach this session.',
      },
    },
    async (req) => {
      // A student's own record; for staff, a student of a school they may see.
      const { id: studentId } = await studentInScope(req, req.query.student_id);
      // A teacher sees any pupil's card of the school (name, class, roll), but the mobile and
      // e-mail only of the pupils they teach this session: the rest answer them empty.
      return studentCard(db, studentId, (id, sessionId) => reachesStudent(req, id, sessionId));
    },
  );

  route(app, peopleEndpoints.teacherFilter, {}, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return teachersOfSchool(db, schoolId);
  });

  route(
    app,
    peopleEndpoints.studentSection,
    {
      schema: {
        description:
          'The students enrolled in a class and section (0 = ALL) in roll order, with a phone to reach their ' +
          'guardian. A teacher sees only the sections they teach (a routine row of theirs in the session): ' +
          'naming another section is 403, ALL means all of their sections. A school admin or viewer sees any ' +
          `section of the school. A bare list, paged by limit (default ${SECTION_STUDENTS_PAGE.defaultLimit}, ` +
          `at most ${SECTION_STUDENTS_PAGE.maxLimit}) and offset; the total is in the X-Total-Count header.`,
      },
    },
    async (req, reply) => {
      // Guardians' phones are for the people who teach the class, not for every teacher: a teacher
      // names only a section they teach in the session (server/auth/scope.ts).
      const schoolId = req.query.section_id
        ? (
            await sectionInScope(req, req.query.section_id, {
              schoolInfoId: req.query.school_info_id,
              sessionId: req.query.session_id,
            })
          ).schoolId
        : await schoolOf(req, req.query.school_info_id);
      // ALL sections: a teacher's are those they teach.
      const page = await sectionStudentsPage(db, schoolId, req.query, (sessionId) => sectionsInReach(req, sessionId));
      reply.header('x-total-count', String(page.total));
      return page.rows;
    },
  );

  route(
    app,
    peopleEndpoints.studentAll,
    {
      schema: {
        description:
          'The school’s students, newest first, each with where they are placed (class, section and roll of ' +
          'their latest enrolment). Searched by q: a student code, any part of a name or mobile number, or a roll number ' +
          '(Latin or Bangla digits); class_id and section_id keep the students placed there. A bare list, ' +
          `paged by limit (default ${STUDENT_LIST_PAGE.defaultLimit}, at most ${STUDENT_LIST_PAGE.maxLimit}) ` +
          'and offset; the total is in the X-Total-Count header.',
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const page = await studentsOfSchoolPage(db, schoolId, req.query);
      reply.header('x-total-count', String(page.total));
      return page.rows;
    },
  );
}
