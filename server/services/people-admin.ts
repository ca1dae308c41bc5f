/**
 * People administration and self-service, as routes/people-admin.ts asks: adding a student (with
 * their enrolment) or a teacher one by one or from a CSV file (services/import.ts checks it, all
 * rows go in in one transaction or none), the teacher and student lists, one-time passwords, a
 * user's own password change (guessed like a sign-in, server/auth/rate-limit.ts) and a student's
 * own contact details. Creating the records is services/people.ts's.
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { USER_TYPES } from '@/api/permissions';
import {
  normaliseMobile,
  PEOPLE_MESSAGES,
  PEOPLE_SUCCESS_CODES,
  type addStudentBody,
  type addTeacherBody,
  type importReport,
  type studentAdminSearchQuery,
  type teacherAllQuery,
  type updateUserBody,
} from '@/api/schemas/people';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { passwordRefusal } from '../auth/password-policy';
import type { LoginLimiter } from '../auth/rate-limit';
import { revokeOtherSessions } from '../auth/sessions';
import type { Db, DbOrTx } from '../db/client';
import { classes, enrolments, sections, studentGroups, students, teachers, users } from '../db/schema';
import { ApiError, badRequest, errorBodyOf, forbidden, notFound } from '../errors';
import { guardiansFromImport } from './guardians';
import { checkStudentImport, checkTeacherImport } from './import';
import { studentNameOf, teacherNameOf } from './names';
import {
  conflictError,
  CONSTRAINT_FIELDS,
  createStudents,
  createTeachers,
  hashOneTime,
  oneTimePassword,
  studentConflicts,
  teacherConflicts,
} from './people';
import { pgErrorOf } from '../db/pg-error';
import { onTheBooks } from './leaving';
import { schoolClock, sessionNamedOrCurrent } from './school-time';

const phoneOrEmpty = (v: string) => (v ? (normaliseMobile(v) ?? v) : '');

/** A unique violation from a concurrent write, as the 409 the checks would have given. */
function asConflict(err: unknown): never {
  const pg = pgErrorOf(err);
  const field = pg?.code === '23505' && pg.constraint ? CONSTRAINT_FIELDS[pg.constraint] : undefined;
  if (field) throw new ApiError(409, 'people.duplicate', `${field}: is already taken`, { [field]: 'is already taken' });
  throw err;
}

const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- one by one

/**
 * Adds a student, their sign-in and their enrolment in the session (default: the current one).
 * The section must be the school's and the class's; duplicates are 409 naming the field.
 */
export async function addStudent(db: Db, schoolId: number, b: z.output<typeof addStudentBody>) {
  const sessionId = await sessionNamedOrCurrent(db, schoolId, b.session_id);
  const [section] = await db
    .select({ id: sections.id, classId: sections.classId, shiftId: sections.shiftId })
    .from(sections)
    .where(and(eq(sections.id, b.section_id), eq(sections.schoolId, schoolId)));
  if (!section) throw badRequest('section_id', 'is not a section of this school');
  if (section.classId !== b.class_id) throw badRequest('section_id', 'is not a section of that class');
  if (b.shift_id && b.shift_id !== section.shiftId) throw badRequest('shift_id', 'is not the section’s shift');
  if (b.group_id) {
    const [g] = await db.select({ id: studentGroups.id }).from(studentGroups).where(eq(studentGroups.id, b.group_id));
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
  const [created] = await db.transaction((tx) => createStudents(tx, schoolId, sessionId, [input])).catch(asConflict);
  return {
    ok: true as const,
    message: PEOPLE_MESSAGES.studentAdded,
    code: PEOPLE_SUCCESS_CODES.studentAdded,
    id: created.id,
    user_code: created.userCode,
    initial_password: created.initialPassword,
  };
}

/** Adds a teacher and their sign-in; duplicates are 409 naming the field. */
export async function addTeacher(db: Db, schoolId: number, b: z.output<typeof addTeacherBody>) {
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
}

// ---------------------------------------------------------------- lists

/** A page of the school's teachers, newest first, optionally searched; with the total. */
export async function teacherPage(db: DbOrTx, schoolId: number, q: z.output<typeof teacherAllQuery>) {
  const where: SQL[] = [eq(teachers.schoolId, schoolId)];
  // docs/DOMAIN.md, Records: the list is of the active unless the admin asks for everyone.
  if (q.include_inactive !== 'true') where.push(onTheBooks(teachers.leftOn, (await schoolClock(db, schoolId)).today));
  if (q.q) {
    const like = likeOf(q.q);
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
    .limit(q.limit)
    .offset(q.offset);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.offset) {
    [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(teachers)
      .where(and(...where));
  }
  return {
    total,
    rows: rows.map(({ t }) => ({
      id: t.id,
      initial: t.initial,
      full_name: teacherNameOf(t),
      teacher_code: t.teacherCode,
      mobile: t.mobile,
      designation: t.designation,
      email: t.email,
      left_on: t.leftOn,
    })),
  };
}

/**
 * A page of the students enrolled in a session (default: the current one), filtered by class,
 * section and group, in class, section and roll order; with the total.
 */
export async function studentSearchPage(db: DbOrTx, schoolId: number, q: z.output<typeof studentAdminSearchQuery>) {
  const sessionId = await sessionNamedOrCurrent(db, schoolId, q.session_id);
  const where: SQL[] = [
    eq(enrolments.schoolId, schoolId),
    eq(enrolments.sessionId, sessionId),
    // docs/DOMAIN.md, Records: a student who left is on no list of the school's students.
    onTheBooks(students.leftOn, (await schoolClock(db, schoolId)).today),
  ];
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
  return {
    total: rows[0]?.total ?? 0,
    rows: rows.map(({ s, e, className, sectionName, groupName }) => ({
      id: s.id,
      student_id: s.id,
      student_code: s.studentCode,
      full_name: studentNameOf(s),
      mobile_no: s.mobileNo || s.fatherPhoneNumber || s.motherPhoneNumber,
      class_roll_no: e.classRollNo,
      class_id: e.classId,
      class_name: className,
      section_id: e.sectionId,
      section_default_name: sectionName,
      group_id: e.groupId,
      division_name: groupName,
    })),
  };
}

// ---------------------------------------------------------------- CSV import

/** An import's answer: 400 with the file's report, or 200 (checked only, or every row in). */
export interface ImportAnswer {
  status: 200 | 400;
  body: z.infer<typeof importReport> & { error?: { code: string; message: string } };
}

/** What an import is told besides the school: the file (read when its turn comes), dry run, who, where to log. */
export interface ImportAsk {
  file: () => Promise<string>;
  dryRun: boolean;
  log: FastifyBaseLogger;
}

async function runImport<T>(
  db: Db,
  ask: ImportAsk,
  check: (file: string) => Promise<{ rows: number; errors: z.infer<typeof importReport>['errors']; inputs: T[] }>,
  create: (
    tx: DbOrTx,
    inputs: T[],
  ) => Promise<{ userCode: string; name: string; initialPassword: string; guardian?: boolean }[]>,
): Promise<ImportAnswer> {
  const checked = await check(await ask.file());
  if (checked.errors.length) {
    return {
      status: 400,
      body: {
        ok: false,
        dry_run: ask.dryRun,
        rows: checked.rows,
        errors: checked.errors,
        message: PEOPLE_MESSAGES.importRefused,
        accounts: [],
        ...errorBodyOf('people.import_refused', PEOPLE_MESSAGES.importRefused),
      },
    };
  }
  if (ask.dryRun) {
    return {
      status: 200,
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
  ask.log.info({ rows: created.length }, 'people imported');
  return {
    status: 200,
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
}

/**
 * Imports students into a session (default: the current one), enrolled, with their father's and
 * mother's phones creating or matching guardians linked to them (services/guardians.ts).
 */
export async function importStudents(
  db: Db,
  schoolId: number,
  requestedSession: number | undefined,
  userId: number,
  ask: ImportAsk,
): Promise<ImportAnswer> {
  const sessionId = await sessionNamedOrCurrent(db, schoolId, requestedSession);
  return runImport(
    db,
    ask,
    (file) => checkStudentImport(db, schoolId, sessionId, file),
    async (tx, inputs) => {
      const created = await createStudents(tx, schoolId, sessionId, inputs);
      const parents = await guardiansFromImport(
        tx,
        schoolId,
        { userId },
        created.map((c, i) => ({ ...inputs[i], id: c.id, name: c.name })),
      );
      return [...created, ...parents];
    },
  );
}

/** Imports teachers. */
export async function importTeachers(db: Db, schoolId: number, ask: ImportAsk): Promise<ImportAnswer> {
  return runImport(
    db,
    ask,
    (file) => checkTeacherImport(db, schoolId, file),
    (tx, inputs) => createTeachers(tx, schoolId, inputs),
  );
}

// ---------------------------------------------------------------- passwords and profile

/** The signed-in account a self-service write is about. */
export interface Self {
  userId: number;
  userCode: string;
  sessionId: number;
}

/**
 * A user's own password change. The new one must pass the password policy (400 naming Pass); the
 * current one is guessed like a sign-in (`attempt`: the account's turn in the login limiter, same
 * budget and delay; wrong: 400 naming current_password). Every other session is signed out.
 */
export async function changeOwnPassword(
  db: DbOrTx,
  self: Self,
  b: z.output<typeof updateUserBody>,
  limiter: LoginLimiter,
  attempt: { address: string; owner: object },
) {
  const [user] = await db
    .select({ hash: users.passwordHash, userCode: users.userCode, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, self.userId));
  if (!user) throw notFound('User');
  const refusal = passwordRefusal(b.Pass, user);
  if (refusal) throw badRequest('Pass', refusal);
  // The current password is guessed like a sign-in: same budget, same delay, one check at a time.
  const turn = await limiter.begin(`user:${self.userId}`, attempt.address, attempt.owner);
  if (!(await verifyPassword(b.current_password, user.hash))) {
    await limiter.failed(turn);
    throw badRequest('current_password', PEOPLE_MESSAGES.wrongPassword);
  }
  await limiter.succeeded(turn);
  if (b.Pass === b.current_password) {
    throw badRequest('Pass', 'must differ from the current password');
  }
  const hash = await hashPassword(b.Pass);
  await db.update(users).set({ passwordHash: hash, mustChangePassword: false }).where(eq(users.id, self.userId));
  await revokeOtherSessions(db, self.userId, self.sessionId);
  return {
    ok: true as const,
    message: PEOPLE_MESSAGES.passwordChanged,
    code: PEOPLE_SUCCESS_CODES.passwordChanged,
  };
}

/**
 * A new one-time password for a teacher's or student's account (named by user code, any case),
 * which must be changed at the next sign-in; every session of the account is signed out. An
 * unknown code or an account of no school is 404; `schoolCheck` is the caller's school check
 * (server/auth/tenant.ts) on the account's school; any other kind of account is 403.
 */
export async function resetPassword(db: DbOrTx, userCode: string, schoolCheck: (schoolId: number) => Promise<unknown>) {
  const [user] = await db
    .select({ id: users.id, userCode: users.userCode, userType: users.userType, schoolId: users.schoolId })
    .from(users)
    .where(sql`lower(${users.userCode}) = lower(${userCode})`);
  if (!user || user.schoolId == null) throw notFound('User');
  await schoolCheck(user.schoolId);
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
}
