/**
 * People administration and self-service: the school admin adds students (enrolled in
 * the same step) and teachers one by one or in bulk from CSV, lists and searches them, and hands
 * out one-time passwords; everyone changes their own password; a student edits their own contact.
 * The rules live in services/people-admin.ts (the records made by services/people.ts).
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importReport } from '@/api/schemas/people';
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
} from '../services/people-admin';
import { updateStudentProfile } from '../services/profiles';
import { peopleAdminEndpoints } from '@/api/endpoints/people-admin';
import { route } from './define';

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

  route(
    app,
    peopleAdminEndpoints.addStudent,
    {
      schema: {
        description:
          'Add a student, their sign-in (user id = student_code, a one-time initial_password answered once) and ' +
          'their enrolment in the session (default: the current one). Duplicate codes, e-mails, mobiles or rolls ' +
          'are 409 naming the field.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addStudent(db, schoolId, req.body);
    },
  );

  route(
    app,
    peopleAdminEndpoints.addTeacher,
    {
      schema: {
        description:
          'Add a teacher and their sign-in (user id = teacher_code, a one-time initial_password answered once). ' +
          'Duplicate codes, initials, e-mails or mobiles are 409 naming the field.',
      },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addTeacher(db, schoolId, req.body);
    },
  );

  route(
    app,
    peopleAdminEndpoints.teacherAll,
    {
      schema: {
        description:
          'The school’s teachers, newest first, optionally searched by code, name, initial or mobile (q). A bare ' +
          'list, paged by limit and offset; the total is in the X-Total-Count header.',
      },
    },
    async (req, reply) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { rows, total } = await teacherPage(db, schoolId, req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  route(
    app,
    peopleAdminEndpoints.studentAdminSearch,
    {
      schema: {
        description:
          'The students enrolled in a session (default: the current one), filtered by class, section and group ' +
          '(0 or absent = all), in class, section and roll order. A bare list, paged by limit and offset; the ' +
          'total is in the X-Total-Count header.',
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
  const importRefusal = { 400: importReport.partial().extend({ error: errorBody.shape.error }) };
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

  route(
    app,
    peopleAdminEndpoints.studentImport,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { upload: true },
      schema: {
        description: importDescription('students', 'student_code, first_name, last_name, class, section, roll, dob, …'),
        response: importRefusal,
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

  route(
    app,
    peopleAdminEndpoints.teacherImport,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { upload: true },
      schema: {
        description: importDescription('teachers', 'teacher_code, first_name, last_name, initial, mobile, …'),
        response: importRefusal,
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

  route(
    app,
    peopleAdminEndpoints.updateUser,
    {
      // One's own password is no school record: viewers change theirs too.
      config: { readOnlySafe: true },
      schema: {
        description:
          'Change the signed-in user’s own password (user_code must be theirs: another is 403). The current ' +
          'password is required (wrong: 400 naming current_password); the new one (Pass) must be at least 8 ' +
          'characters, not only digits, not one of the most common passwords and not containing the user id, ' +
          'e-mail or phone (400 naming Pass). A wrong current password counts as a failed sign-in of the account ' +
          '(it slows the account down; 429 with Retry-After while another attempt at it is being checked). Every ' +
          'other session of the account is signed out.',
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

  route(
    app,
    peopleAdminEndpoints.usersResetPassword,
    {
      schema: {
        description:
          'The school admin gives a teacher or student of their school a new one-time password (answered once; ' +
          'it must be changed at the next sign-in) and signs out all of that account’s sessions.',
      },
    },
    async (req) => {
      return resetPassword(db, req.query.user_code, (schoolId) => schoolOf(req, schoolId));
    },
  );

  route(
    app,
    peopleAdminEndpoints.studentProfileUpdate,
    {
      schema: {
        description:
          'A student saves their own profile: the spec’s mobile and e-mail, names, date of birth and blood ' +
          'group (student_code must be theirs: another is 403). Answers "Profile updated".',
      },
    },
    async (req) => {
      return updateStudentProfile(db, authOf(req), req.query.student_code, req.body, app.config.TZ_DEFAULT);
    },
  );
}
