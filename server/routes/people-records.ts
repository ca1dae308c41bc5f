/**
 * Records (docs/DOMAIN.md, Records): the school admin edits a student or teacher, marks them as
 * left and back, and prints a student's transfer certificate or testimonial. Which person a call
 * may name is server/auth/scope.ts's (another school's is refused there); the rules are
 * services/people-records.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { peopleRecordsEndpoints } from '@/api/endpoints/people-records';
import { authOf } from '../auth/guard';
import { studentInScope, teacherInScope } from '../auth/scope';
import {
  certificateFile,
  deactivatePerson,
  reactivatePerson,
  studentRecordOf,
  teacherRecordOf,
  updateStudent,
  updateTeacher,
} from '../services/people-records';
import { sendPdf } from '../storage/files';
import { route } from './define';

export async function peopleRecordsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const actorOf = (schoolId: number, req: Parameters<typeof authOf>[0]) => ({ userId: authOf(req).userId, schoolId });

  route(
    app,
    peopleRecordsEndpoints.studentRecord,
    {
      schema: {
        description:
          'A student’s record as the edit form starts from it, with their leaving and their dated section and roll changes.',
      },
    },
    async (req) => {
      const s = await studentInScope(req, req.query.student_id);
      return studentRecordOf(db, s.id);
    },
  );

  route(
    app,
    peopleRecordsEndpoints.teacherRecord,
    { schema: { description: 'A teacher’s record as the edit form starts from it, with their leaving.' } },
    async (req) => {
      const t = await teacherInScope(req, req.query.teacher_id);
      return teacherRecordOf(db, t.id);
    },
  );

  route(
    app,
    peopleRecordsEndpoints.studentUpdate,
    {
      schema: {
        description:
          'Edit a student with the add payload’s fields. A new section, class or roll in the current session is an ' +
          'enrolment change dated effective_date (default: the school’s today; never after it), kept in the ' +
          'history. A section of another school or class is 400 naming section_id; a roll taken in the section, ' +
          'or a code, e-mail or mobile of another account, is 409 naming the field. Audited with the fields ' +
          'before and after.',
      },
    },
    async (req) => {
      const s = await studentInScope(req, req.query.student_id);
      return updateStudent(db, actorOf(s.schoolId, req), s.id, req.body);
    },
  );

  route(
    app,
    peopleRecordsEndpoints.teacherUpdate,
    {
      schema: {
        description:
          'Edit a teacher with the add payload’s fields. A code, initial, e-mail or mobile of another teacher or ' +
          'account is 409 naming the field. Audited with the fields before and after.',
      },
    },
    async (req) => {
      const t = await teacherInScope(req, req.query.teacher_id);
      return updateTeacher(db, actorOf(t.schoolId, req), t.id, req.body);
    },
  );

  const leaveDescription = (who: string, lists: string) =>
    `Mark a ${who} as left from date (not after the school’s today) with a reason (transfer, dropout, ` +
    `completed, other) and a note. From that date they are ${lists}; their account cannot sign in and its ` +
    'sessions end now. Their history (attendance, marks, payments) is kept. Already left: 409. Audited.';

  route(
    app,
    peopleRecordsEndpoints.studentDeactivate,
    {
      schema: {
        description: leaveDescription('student', 'on no attendance roll and left out of the default student lists'),
      },
    },
    async (req) => {
      const s = await studentInScope(req, req.body.student_id);
      return deactivatePerson(db, actorOf(s.schoolId, req), 'student', s.id, req.body);
    },
  );

  route(
    app,
    peopleRecordsEndpoints.teacherDeactivate,
    {
      schema: {
        description: leaveDescription('teacher', 'flagged in the routine and left out of the default teacher list'),
      },
    },
    async (req) => {
      const t = await teacherInScope(req, req.body.teacher_id);
      return deactivatePerson(db, actorOf(t.schoolId, req), 'teacher', t.id, req.body);
    },
  );

  route(
    app,
    peopleRecordsEndpoints.studentReactivate,
    { schema: { description: 'Undo a student’s leaving: back on the rolls and lists, the account enabled. Audited.' } },
    async (req) => {
      const s = await studentInScope(req, req.body.student_id);
      return reactivatePerson(db, actorOf(s.schoolId, req), 'student', s.id);
    },
  );

  route(
    app,
    peopleRecordsEndpoints.teacherReactivate,
    {
      schema: { description: 'Undo a teacher’s leaving: back in the routine and lists, the account enabled. Audited.' },
    },
    async (req) => {
      const t = await teacherInScope(req, req.body.teacher_id);
      return reactivatePerson(db, actorOf(t.schoolId, req), 'teacher', t.id);
    },
  );

  const certificateDescription = (what: string) =>
    `A student’s ${what} as a PDF (A4), in English or Bangla (lang), numbered from the school’s own sequence; ` +
    'issued again, it keeps its number.';

  route(
    app,
    peopleRecordsEndpoints.transferCertificate,
    {
      schema: {
        description: `${certificateDescription('transfer certificate')} Only for a student who has left (409 before).`,
      },
    },
    async (req, reply) => {
      const s = await studentInScope(req, req.query.student_id);
      return sendPdf(reply, await certificateFile(db, actorOf(s.schoolId, req), s.id, 'tc', req.query.lang));
    },
  );

  route(
    app,
    peopleRecordsEndpoints.testimonial,
    { schema: { description: certificateDescription('testimonial') } },
    async (req, reply) => {
      const s = await studentInScope(req, req.query.student_id);
      return sendPdf(reply, await certificateFile(db, actorOf(s.schoolId, req), s.id, 'testimonial', req.query.lang));
    },
  );
}
