/**
 * People administration and self-service: the school admin adds students (enrolled in
 * the same step) and teachers one by one or in bulk from CSV, lists and searches them, and hands
 * out one-time passwords; everyone changes their own password; a student edits their own contact.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  addPersonResponse,
  addStudentBody,
  addTeacherBody,
  adminSearchRow,
  importQuery,
  importReport,
  normaliseMobile,
  PEOPLE_MESSAGES,
  PEOPLE_SUCCESS_CODES,
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
import { USER_TYPES } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { passwordRefusal } from '../auth/password-policy';
import { revokeOtherSessions } from '../auth/sessions';
import { schoolOf } from '../auth/tenant';
import { guardiansFromImport } from '../services/guardians';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  sections,
  studentGroups,
  students,
  teachers,
  users,
} from '../db/schema';
import { ApiError, badRequest, errorBodyOf, forbidden, notFound } from '../errors';
import { checkStudentImport, checkTeacherImport } from '../services/import';
import {
  conflictError,
  CONSTRAINT_FIELDS,
  createStudents,
  createTeachers,
  hashOneTime,
  oneTimePassword,
  studentConflicts,
  teacherConflicts,
} from '../services/people';
import { pgErrorOf } from '../services/routines';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import { studentFullName, teacherFullName } from './users';

/** A CSV file is bigger than any JSON body: 3,000 rows with addresses fit well under this. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const phoneOrEmpty = (v: string) => (v ? (normaliseMobile(v) ?? v) : '');

/** A unique violation from a concurrent write, as the 409 the checks would have given. */
function asConflict(err: unknown): never {
  const pg = pgErrorOf(err);
  const field = pg?.code === '23505' && pg.constraint ? CONSTRAINT_FIELDS[pg.constraint] : undefined;
  if (field) throw new ApiError(409, 'people.duplicate', `${field}: is already taken`, { [field]: 'is already taken' });
  throw err;
}

const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

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

  /** The session to enrol into: the one named, or the school's current one. */
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
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const sessionId = await sessionFor(schoolId, b.session_id);
      const [section] = await db
        .select({ id: sections.id, classId: sections.classId, shiftId: sections.shiftId })
        .from(sections)
        .where(and(eq(sections.id, b.section_id), eq(sections.schoolId, schoolId)));
      if (!section) throw badRequest('section_id', 'is not a section of this school');
      if (section.classId !== b.class_id) throw badRequest('section_id', 'is not a section of that class');
      if (b.shift_id && b.shift_id !== section.shiftId) throw badRequest('shift_id', 'is not the section’s shift');
      if (b.group_id) {
        const [g] = await db
          .select({ id: studentGroups.id })
          .from(studentGroups)
          .where(eq(studentGroups.id, b.group_id));
        if (!g) throw badRequest('group_id', 'is not a group');
      }
      const input = {
        studentCode: b.student_code,
        firstName: b.first_name,
        middleName: b.middle_name,
        lastName: b.last_name,
        mobileNo: phoneOrEmpty(b.mobile_no),
        email: b.email,
        genderId: b.gender_id ?? null,
        divisionId: b.division_id ?? null,
        presentAddress: b.present_address,
        permanentAddress: b.permanent_address,
        fatherName: b.father_name,
        fatherPhoneNumber: phoneOrEmpty(b.father_phone_number),
        motherName: b.mother_name,
        motherPhoneNumber: phoneOrEmpty(b.mother_phone_number),
        dob: b.dob || null,
        bloodGroup: b.blood_group,
        photoId: b.photo_id,
        shiftId: section.shiftId,
        classId: section.classId,
        sectionId: section.id,
        groupId: b.group_id ?? null,
        classRollNo: b.class_roll_no,
      };
      const [conflict] = await studentConflicts(db, schoolId, sessionId, [input]);
      if (conflict) throw conflictError(conflict);
      const [created] = await db
        .transaction((tx) => createStudents(tx, schoolId, sessionId, [input]))
        .catch(asConflict);
      return {
        ok: true as const,
        message: PEOPLE_MESSAGES.studentAdded,
        code: PEOPLE_SUCCESS_CODES.studentAdded,
        id: created.id,
        user_code: created.userCode,
        initial_password: created.initialPassword,
      };
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
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      const input = {
        teacherCode: b.teacher_code,
        title: b.title,
        firstName: b.first_name,
        middleName: b.middle_name,
        lastName: b.last_name,
        mobile: phoneOrEmpty(b.mobile),
        initial: b.initial,
        designation: b.designation,
        department: b.department,
        mpoStatus: b.mpo_status,
        indexNo: b.index_no,
        bloodGroup: b.blood_group,
        email: b.email,
        dob: b.dob || null,
        subjectCode: b.subject_code,
      };
      const [conflict] = await teacherConflicts(db, schoolId, [input]);
      if (conflict) throw conflictError(conflict);
      const [created] = await db.transaction((tx) => createTeachers(tx, schoolId, [input])).catch(asConflict);
      return {
        ok: true as const,
        message: PEOPLE_MESSAGES.teacherAdded,
        code: PEOPLE_SUCCESS_CODES.teacherAdded,
        id: created.id,
        user_code: created.userCode,
        initial_password: created.initialPassword,
      };
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
      const where: SQL[] = [eq(teachers.schoolId, schoolId)];
      if (req.query.q) {
        const like = likeOf(req.query.q);
        where.push(
          or(
            ilike(teachers.teacherCode, like),
            ilike(teachers.firstName, like),
            ilike(teachers.lastName, like),
            ilike(teachers.initial, like),
            ilike(teachers.mobile, like),
          )!,
        );
      }
      const rows = await db
        .select({ t: teachers, total: sql<number>`(count(*) over ())::int` })
        .from(teachers)
        .where(and(...where))
        .orderBy(desc(teachers.id))
        .limit(req.query.limit)
        .offset(req.query.offset);
      let total = rows[0]?.total ?? 0;
      if (!rows.length && req.query.offset) {
        [{ total }] = await db
          .select({ total: sql<number>`count(*)::int` })
          .from(teachers)
          .where(and(...where));
      }
      reply.header('x-total-count', String(total));
      return rows.map(({ t }) => ({
        id: t.id,
        initial: t.initial,
        full_name: teacherFullName(t),
        teacher_code: t.teacherCode,
        mobile: t.mobile,
        designation: t.designation,
        email: t.email,
      }));
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
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const sessionId = await sessionFor(schoolId, q.session_id);
      const where: SQL[] = [eq(enrolments.schoolId, schoolId), eq(enrolments.sessionId, sessionId)];
      if (q.class_id) where.push(eq(enrolments.classId, q.class_id));
      if (q.section_id) where.push(eq(enrolments.sectionId, q.section_id));
      if (q.group_id) where.push(eq(enrolments.groupId, q.group_id));
      const rows = await db
        .select({
          s: students,
          e: enrolments,
          className: classes.className,
          sectionName: sections.sectionDefaultName,
          groupName: studentGroups.name,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(enrolments)
        .innerJoin(students, eq(students.id, enrolments.studentId))
        .innerJoin(classes, eq(classes.id, enrolments.classId))
        .innerJoin(sections, eq(sections.id, enrolments.sectionId))
        .leftJoin(studentGroups, eq(studentGroups.id, enrolments.groupId))
        .where(and(...where))
        .orderBy(classes.sortOrder, sections.sectionDefaultName, enrolments.classRollNo, enrolments.id)
        .limit(q.limit)
        .offset(q.offset);
      reply.header('x-total-count', String(rows[0]?.total ?? 0));
      return rows.map(({ s, e, className, sectionName, groupName }) => ({
        id: s.id,
        student_id: s.id,
        student_code: s.studentCode,
        full_name: studentFullName(s),
        mobile_no: s.mobileNo || s.fatherPhoneNumber || s.motherPhoneNumber,
        class_roll_no: e.classRollNo,
        class_id: e.classId,
        class_name: className,
        section_id: e.sectionId,
        section_default_name: sectionName,
        group_id: e.groupId,
        division_name: groupName,
      }));
    },
  );

  const importDescription = (who: string, template: string) =>
    `Import ${who} from a CSV file sent as the body (Content-Type text/csv) or as the field "file" of a ` +
    `multipart form, UTF-8 with or without BOM, with the ` +
    `template's columns (${template}). Every problem is reported by row (the header is row 1) and column, ` +
    'and a file with any problem is refused with 400 and that report, nothing written. With dry_run=true it ' +
    'only checks. Otherwise every row goes in, in one transaction, and the answer lists each new account’s ' +
    'one-time password (shown only this once).';

  const runImport = async <T>(
    req: FastifyRequest,
    dryRun: boolean,
    check: () => Promise<{ rows: number; errors: z.infer<typeof importReport>['errors']; inputs: T[] }>,
    create: (
      tx: DbOrTx,
      inputs: T[],
    ) => Promise<{ userCode: string; name: string; initialPassword: string; guardian?: boolean }[]>,
  ) => {
    const checked = await check();
    if (checked.errors.length) {
      return {
        status: 400 as const,
        body: {
          ok: false,
          dry_run: dryRun,
          rows: checked.rows,
          errors: checked.errors,
          message: PEOPLE_MESSAGES.importRefused,
          accounts: [],
          ...errorBodyOf('people.import_refused', PEOPLE_MESSAGES.importRefused),
        },
      };
    }
    if (dryRun) {
      return {
        status: 200 as const,
        body: {
          ok: true,
          dry_run: true,
          rows: checked.rows,
          errors: [],
          message: PEOPLE_MESSAGES.importChecked,
          accounts: [],
        },
      };
    }
    const created = await db.transaction((tx) => create(tx, checked.inputs)).catch(asConflict);
    req.log.info({ rows: created.length }, 'people imported');
    return {
      status: 200 as const,
      body: {
        ok: true,
        dry_run: false,
        rows: checked.rows,
        errors: [],
        message: `${PEOPLE_MESSAGES.imported} ${created.length}`,
        accounts: created.map((c) => ({
          user_code: c.userCode,
          name: c.name,
          initial_password: c.initialPassword,
          ...(c.guardian ? { guardian: true } : {}),
        })),
      },
    };
  };

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
      const sessionId = await sessionFor(schoolId, req.query.session_id);
      const file = await fileOf(req);
      const { status, body } = await runImport(
        req,
        req.query.dry_run === 'true',
        () => checkStudentImport(db, schoolId, sessionId, file),
        async (tx, inputs) => {
          const created = await createStudents(tx, schoolId, sessionId, inputs);
          // Father and mother phones create or match guardians, linked to the student.
          const parents = await guardiansFromImport(
            tx,
            schoolId,
            { userId: authOf(req).userId },
            created.map((c, i) => ({ ...inputs[i], id: c.id, name: c.name })),
          );
          return [...created, ...parents];
        },
      );
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
      const file = await fileOf(req);
      const { status, body } = await runImport(
        req,
        req.query.dry_run === 'true',
        () => checkTeacherImport(db, schoolId, file),
        (tx, inputs) => createTeachers(tx, schoolId, inputs),
      );
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
      const [user] = await db
        .select({ hash: users.passwordHash, userCode: users.userCode, email: users.email, phone: users.phone })
        .from(users)
        .where(eq(users.id, auth.userId));
      if (!user) throw notFound('User');
      const refusal = passwordRefusal(req.body.Pass, user);
      if (refusal) throw badRequest('Pass', refusal);
      // The current password is guessed like a sign-in: same budget, same delay, one check at a time.
      const attempt = await app.loginLimiter.begin(`user:${auth.userId}`, req.ip, req);
      if (!(await verifyPassword(req.body.current_password, user.hash))) {
        await app.loginLimiter.failed(attempt);
        throw badRequest('current_password', PEOPLE_MESSAGES.wrongPassword);
      }
      await app.loginLimiter.succeeded(attempt);
      if (req.body.Pass === req.body.current_password) {
        throw badRequest('Pass', 'must differ from the current password');
      }
      const hash = await hashPassword(req.body.Pass);
      await db.update(users).set({ passwordHash: hash, mustChangePassword: false }).where(eq(users.id, auth.userId));
      await revokeOtherSessions(db, auth.userId, auth.sessionId);
      return {
        ok: true as const,
        message: PEOPLE_MESSAGES.passwordChanged,
        code: PEOPLE_SUCCESS_CODES.passwordChanged,
      };
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
      const [user] = await db
        .select({ id: users.id, userCode: users.userCode, userType: users.userType, schoolId: users.schoolId })
        .from(users)
        .where(sql`lower(${users.userCode}) = lower(${req.query.user_code})`);
      if (!user || user.schoolId == null) throw notFound('User');
      await schoolOf(req, user.schoolId);
      if (user.userType !== USER_TYPES.student && user.userType !== USER_TYPES.teacher) {
        throw forbidden('Only a teacher’s or a student’s password can be reset here.');
      }
      const password = oneTimePassword();
      const [hash] = await hashOneTime([password]);
      await db.update(users).set({ passwordHash: hash, mustChangePassword: true }).where(eq(users.id, user.id));
      await revokeOtherSessions(db, user.id, null);
      return {
        ok: true as const,
        message: PEOPLE_MESSAGES.passwordReset,
        code: PEOPLE_SUCCESS_CODES.passwordReset,
        user_code: user.userCode,
        initial_password: password,
      };
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
      const auth = authOf(req);
      const [s] = await db
        .select({ id: students.id, code: students.studentCode })
        .from(students)
        .where(eq(students.userId, auth.userId));
      if (!s) throw notFound('Student');
      const code = req.query.student_code.toLowerCase();
      if (code !== s.code.toLowerCase() && code !== auth.userCode.toLowerCase()) {
        throw forbidden('You may edit only your own profile.');
      }
      const mobile = phoneOrEmpty(req.body.mobile);
      try {
        await db.transaction(async (tx) => {
          await tx.update(students).set({ mobileNo: mobile, email: req.body.email }).where(eq(students.id, s.id));
          await tx
            .update(users)
            .set({ phone: mobile || null, email: req.body.email || null })
            .where(eq(users.id, auth.userId));
        });
      } catch (err) {
        const pg = pgErrorOf(err);
        if (pg?.code === '23505' && pg.constraint === 'users_phone_uq') {
          throw new ApiError(409, 'people.duplicate', 'mobile: is already another account’s', { mobile: 'is taken' });
        }
        if (pg?.code === '23505' && pg.constraint === 'users_email_uq') {
          throw new ApiError(409, 'people.duplicate', 'email: is already another account’s', { email: 'is taken' });
        }
        throw err;
      }
      return { ok: true as const, message: PEOPLE_MESSAGES.profileSaved, code: PEOPLE_SUCCESS_CODES.profileSaved };
    },
  );
}
