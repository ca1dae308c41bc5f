/**
 * People administration and self-service: the school admin adds students (enrolled in
 * the same step) and teachers one by one or in bulk from CSV, lists and searches them, and hands
 * out one-time passwords; everyone changes their own password; a student edits their own contact.
 * The rules live in services/people-admin.ts (the records made by services/people.ts).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPersonResponse,
  addStudentBody,
  addTeacherBody,
  adminSearchRow,
  importQuery,
  importReport,
  messageResponse,
  profileUpdateBody,
  profileUpdateQuery,
  resetPasswordQuery,
  resetPasswordResponse,
  studentAdminSearchQuery,
  teacherAllQuery,
  teacherListRow,
  updateUserBody,
  updateUserQuery,
} from '@/api/schemas/people';
import { errorBody } from '@/api/schemas/common';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { badRequest, forbidden } from '../errors';
import {
  addStudent,
  addTeacher,
  changeOwnPassword,
  importStudents,
  importTeachers,
  resetPassword,
  studentSearchPage,
  teacherPage,
  updateOwnProfile,
} from '../services/people-admin';

/** A CSV file is bigger than any JSON body: 3,000 rows with addresses fit well under this. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export async function peopleAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // Bulk import reads its file as the request body. Scoped to this plugin.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer' }, (_req, raw: Buffer, done) => {
    try {
      done(null, utf8.decode(raw));
    } catch {
      done(badRequest('file', 'is not UTF-8 text: save it from Excel as “CSV UTF-8”'));
    }
  });

  app.post(
    '/add_student',
    {
      config: { action: 'student.write' },
      schema: {
        description:
          'Add a student, their sign-in (user id = student_code, a one-time initial_password answered once) and ' +
          'their enrolment in the session (default: the current one). Duplicate codes, e-mails, mobiles or rolls ' +
          'are 409 naming the field.',
        body: addStudentBody,
        response: { 200: addPersonResponse },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addStudent(db, schoolId, req.body);
    },
  );

  app.post(
    '/add_teacher',
    {
      config: { action: 'teacher.write' },
      schema: {
        description:
          'Add a teacher and their sign-in (user id = teacher_code, a one-time initial_password answered once). ' +
          'Duplicate codes, initials, e-mails or mobiles are 409 naming the field.',
        body: addTeacherBody,
        response: { 200: addPersonResponse },
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addTeacher(db, schoolId, req.body);
    },
  );

  app.get(
    '/teacher/all',
    {
      config: { action: 'teacher.list' },
      schema: {
        description:
          'The school’s teachers, newest first, optionally searched by code, name, initial or mobile (q). A bare ' +
          'list, paged by limit and offset; the total is in the X-Total-Count header.',
        querystring: teacherAllQuery,
        response: { 200: z.array(teacherListRow) },
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { rows, total } = await teacherPage(db, schoolId, req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/student/admin-search',
    {
      config: { action: 'student.search' },
      schema: {
        description:
          'The students enrolled in a session (default: the current one), filtered by class, section and group ' +
          '(0 or absent = all), in class, section and roll order. A bare list, paged by limit and offset; the ' +
          'total is in the X-Total-Count header.',
        querystring: studentAdminSearchQuery,
        response: { 200: z.array(adminSearchRow) },
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { rows, total } = await studentSearchPage(db, schoolId, req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  const importDescription = (who: string, template: string) =>
    `Import ${who} from a CSV file sent as the body (Content-Type text/csv) or as the field "file" of a ` +
    `multipart form, UTF-8 with or without BOM, with the ` +
    `template's columns (${template}). Every problem is reported by row (the header is row 1) and column, ` +
    'and a file with any problem is refused with 400 and that report, nothing written. With dry_run=true it ' +
    'only checks. Otherwise every row goes in, in one transaction, and the answer lists each new account’s ' +
    'one-time password (shown only this once).';

  // A 400 is either the file's report or an ordinary error (a bad query, no file).
  const importResponses = {
    200: importReport,
    400: importReport.partial().extend({ error: errorBody.shape.error }),
  };
  // Optional in the schema so that the school is checked before the file: the handler requires it.
  // The file as the body (text/csv), or as the field `file` of a multipart form (the uploads plugin
  // keeps it in the upload folder's tmp/ and removes it after the answer).
  const csvBody = z.union([z.string(), z.object({}).strict()]).nullish();
  const fileOf = async (req: FastifyRequest): Promise<string> => {
    if (req.incomingFile) {
      try {
        return utf8.decode(await readFile(req.incomingFile.tmpPath));
      } catch {
        throw badRequest('file', 'is not UTF-8 text: save it from Excel as “CSV UTF-8”');
      }
    }
    if (typeof req.body === 'string') return req.body;
    throw badRequest('file', 'send the CSV file as the body (Content-Type text/csv) or as the form field "file"');
  };

  app.post(
    '/student/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { action: 'student.write', upload: true },
      schema: {
        description: importDescription('students', 'student_code, first_name, last_name, class, section, roll, dob, …'),
        querystring: importQuery,
        body: csvBody,
        response: importResponses,
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { status, body } = await importStudents(db, schoolId, req.query.session_id, authOf(req).userId, {
        file: () => fileOf(req),
        dryRun: req.query.dry_run === 'true',
        log: req.log,
      });
      return reply.code(status).send(body);
    },
  );

  app.post(
    '/teacher/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { action: 'teacher.write', upload: true },
      schema: {
        description: importDescription('teachers', 'teacher_code, first_name, last_name, initial, mobile, …'),
        querystring: importQuery,
        body: csvBody,
        response: importResponses,
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { status, body } = await importTeachers(db, schoolId, {
        file: () => fileOf(req),
        dryRun: req.query.dry_run === 'true',
        log: req.log,
      });
      return reply.code(status).send(body);
    },
  );

  app.post(
    '/update_user',
    {
      // One's own password is no school record: viewers change theirs too.
      config: { action: 'users.password', readOnlySafe: true },
      schema: {
        description:
          'Change the signed-in user’s own password (user_code must be theirs: another is 403). The current ' +
          'password is required (wrong: 400 naming current_password); the new one (Pass) must be at least 8 ' +
          'characters, not only digits, not one of the most common passwords and not containing the user id, ' +
          'e-mail or phone (400 naming Pass). A wrong current password counts as a failed sign-in of the account ' +
          '(it slows the account down; 429 with Retry-After while another attempt at it is being checked). Every ' +
          'other session of the account is signed out.',
        querystring: updateUserQuery,
        body: updateUserBody,
        response: { 200: messageResponse },
      },
      // The current-password check takes the account's turn in the sign-in limiter: give it back.
      onResponse: async (req) => app.loginLimiter.finish(req),
    },
    async (req) => {
      const auth = authOf(req);
      if (req.query.user_code.toLowerCase() !== auth.userCode.toLowerCase()) {
        throw forbidden('You may change only your own password.');
      }
      return changeOwnPassword(db, auth, req.body, app.loginLimiter, { address: req.ip, owner: req });
    },
  );

  app.post(
    '/users/reset_password',
    {
      config: { action: 'users.reset-password' },
      schema: {
        description:
          'The school admin gives a teacher or student of their school a new one-time password (answered once; ' +
          'it must be changed at the next sign-in) and signs out all of that account’s sessions.',
        querystring: resetPasswordQuery,
        response: { 200: resetPasswordResponse },
      },
    },
    async (req) => {
      return resetPassword(db, req.query.user_code, (schoolId) => schoolOf(req, schoolId));
    },
  );

  app.post(
    '/student/profile_update',
    {
      config: { action: 'student.profile-update' },
      schema: {
        description:
          'A student changes their own mobile and e-mail (student_code must be theirs: another is 403). The ' +
          'answer is the spec’s message.',
        querystring: profileUpdateQuery,
        body: profileUpdateBody,
        response: { 200: messageResponse },
      },
    },
    async (req) => {
      return updateOwnProfile(db, authOf(req), req.query.student_code, req.body);
    },
  );
}
