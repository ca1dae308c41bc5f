/**
 * Bringing people in: a student or teacher record with its sign-in account (user id = the code)
 * and a one-time password, and for a student the enrolment of the same step. One path for one
 * person (add_student, add_teacher) and for thousands (bulk import): conflicts are looked up in
 * a few set queries, rows go in with multi-row inserts, all in the caller's transaction.
 *
 * One-time passwords are random (12 characters of 55: 69 bits), which no guessing reaches, so they
 * need no key stretching: they are hashed at a token cost (scrypt N=2^6, a third of a millisecond),
 * a 3,000-row import hashes in about a second, and the first sign-in replaces the hash with a
 * strong one (and the owner must choose a new password anyway). A chosen password always gets the
 * full cost.
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { USER_TYPES } from '@/api/permissions';
import { hashPassword, type ScryptParams } from '../auth/passwords';
import type { DbOrTx } from '../db/client';
import { enrolments, students, teachers, users } from '../db/schema';
import { ApiError } from '../errors';

export const ONE_TIME_HASH: ScryptParams = { N: 2 ** 6, r: 8, p: 1 };
const ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ONE_TIME_LENGTH = 12;
/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const CHUNK = 1000;

/** A random one-time password with letters and digits (so it passes the strength rule itself). */
export function oneTimePassword(): string {
  for (;;) {
    let p = '';
    for (let i = 0; i < ONE_TIME_LENGTH; i++) p += ALPHABET[randomInt(ALPHABET.length)];
    if (/\d/.test(p) && /[a-zA-Z]/.test(p)) return p;
  }
}

/** Hashes of one-time passwords, at the cheap cost (they are random and must be changed). */
export const hashOneTime = (passwords: string[]) => Promise.all(passwords.map((p) => hashPassword(p, ONE_TIME_HASH)));

export interface StudentInput {
  studentCode: string;
  firstName: string;
  middleName: string;
  lastName: string;
  mobileNo: string;
  email: string;
  genderId: number | null;
  divisionId: number | null;
  presentAddress: string;
  permanentAddress: string;
  fatherName: string;
  fatherPhoneNumber: string;
  motherName: string;
  motherPhoneNumber: string;
  dob: string | null;
  bloodGroup: string;
  photoId: string;
  shiftId: number;
  classId: number;
  sectionId: number;
  groupId: number | null;
  classRollNo: number;
}

export interface TeacherInput {
  teacherCode: string;
  title: string;
  firstName: string;
  middleName: string;
  lastName: string;
  mobile: string;
  initial: string;
  designation: string;
  department: string;
  mpoStatus: string;
  indexNo: string;
  bloodGroup: string;
  email: string;
  dob: string | null;
  subjectCode: string;
}

/** A conflict found for the input at `index`, naming the request's field. */
export interface Conflict {
  index: number;
  field: string;
  message: string;
}

const lowerIn = (
  column: typeof users.userCode | typeof users.email | typeof students.studentCode | typeof teachers.teacherCode,
  values: string[],
) => inArray(sql`lower(${column})`, [...new Set(values.map((v) => v.toLowerCase()))]);

/** Codes, e-mails and phones already taken by some account (codes and e-mails case-insensitively). */
async function takenAccountKeys(db: DbOrTx, codes: string[], emails: string[], phones: string[]) {
  const [byCode, byEmail, byPhone] = await Promise.all([
    codes.length
      ? db.select({ v: users.userCode }).from(users).where(lowerIn(users.userCode, codes))
      : Promise.resolve([]),
    emails.length ? db.select({ v: users.email }).from(users).where(lowerIn(users.email, emails)) : Promise.resolve([]),
    phones.length
      ? db
          .select({ v: users.phone })
          .from(users)
          .where(inArray(users.phone, [...new Set(phones)]))
      : Promise.resolve([]),
  ]);
  const lower = (rows: { v: string | null }[]) => new Set(rows.map((r) => (r.v ?? '').toLowerCase()));
  return { codes: lower(byCode), emails: lower(byEmail), phones: lower(byPhone) };
}

/** Within the inputs and against the database: codes, e-mails and phones of accounts. */
function accountConflicts(
  keys: { code: string; email: string; phone: string }[],
  taken: Awaited<ReturnType<typeof takenAccountKeys>>,
  fields: { code: string; email: string; phone: string },
): Conflict[] {
  const out: Conflict[] = [];
  const seen = { code: new Map<string, number>(), email: new Map<string, number>(), phone: new Map<string, number>() };
  keys.forEach((k, index) => {
    for (const part of ['code', 'email', 'phone'] as const) {
      const value = k[part].toLowerCase();
      if (!value) continue;
      const field = fields[part];
      const earlier = seen[part].get(value);
      if (taken[`${part}s`].has(value)) out.push({ index, field, message: `${k[part]} is already taken` });
      else if (earlier !== undefined) out.push({ index, field, message: `${k[part]} appears twice in this list` });
      else seen[part].set(value, index);
    }
  });
  return out;
}

export async function studentConflicts(
  db: DbOrTx,
  schoolId: number,
  sessionId: number,
  rows: StudentInput[],
): Promise<Conflict[]> {
  if (!rows.length) return [];
  const taken = await takenAccountKeys(
    db,
    rows.map((r) => r.studentCode),
    rows.map((r) => r.email).filter(Boolean),
    rows.map((r) => r.mobileNo).filter(Boolean),
  );
  // A demo student may sign in with another id than their code: their record's code counts too.
  const records = await db
    .select({ v: students.studentCode })
    .from(students)
    .where(
      and(
        eq(students.schoolId, schoolId),
        lowerIn(
          students.studentCode,
          rows.map((r) => r.studentCode),
        ),
      ),
    );
  for (const r of records) taken.codes.add(r.v.toLowerCase());
  const out = accountConflicts(
    rows.map((r) => ({ code: r.studentCode, email: r.email, phone: r.mobileNo })),
    taken,
    { code: 'student_code', email: 'email', phone: 'mobile_no' },
  );
  const sectionIds = [...new Set(rows.map((r) => r.sectionId))];
  const usedRolls = await db
    .select({ sectionId: enrolments.sectionId, roll: enrolments.classRollNo })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.schoolId, schoolId),
        eq(enrolments.sessionId, sessionId),
        inArray(enrolments.sectionId, sectionIds),
      ),
    );
  const used = new Set(usedRolls.map((r) => `${r.sectionId}:${r.roll}`));
  const seen = new Set<string>();
  rows.forEach((r, index) => {
    const key = `${r.sectionId}:${r.classRollNo}`;
    if (used.has(key))
      out.push({ index, field: 'class_roll_no', message: `roll ${r.classRollNo} is already taken in that section` });
    else if (seen.has(key))
      out.push({ index, field: 'class_roll_no', message: `roll ${r.classRollNo} appears twice for that section` });
    seen.add(key);
  });
  return out;
}

export async function teacherConflicts(db: DbOrTx, schoolId: number, rows: TeacherInput[]): Promise<Conflict[]> {
  if (!rows.length) return [];
  const taken = await takenAccountKeys(
    db,
    rows.map((r) => r.teacherCode),
    rows.map((r) => r.email).filter(Boolean),
    rows.map((r) => r.mobile).filter(Boolean),
  );
  const records = await db
    .select({ v: teachers.teacherCode })
    .from(teachers)
    .where(
      and(
        eq(teachers.schoolId, schoolId),
        lowerIn(
          teachers.teacherCode,
          rows.map((r) => r.teacherCode),
        ),
      ),
    );
  for (const r of records) taken.codes.add(r.v.toLowerCase());
  const out = accountConflicts(
    rows.map((r) => ({ code: r.teacherCode, email: r.email, phone: r.mobile })),
    taken,
    { code: 'teacher_code', email: 'email', phone: 'mobile' },
  );
  const initials = await db
    .select({ v: teachers.initial })
    .from(teachers)
    .where(and(eq(teachers.schoolId, schoolId), inArray(teachers.initial, [...new Set(rows.map((r) => r.initial))])));
  const used = new Set(initials.map((r) => r.v));
  const seen = new Set<string>();
  rows.forEach((r, index) => {
    if (used.has(r.initial))
      out.push({ index, field: 'initial', message: `${r.initial} is already another teacher’s initial` });
    else if (seen.has(r.initial))
      out.push({ index, field: 'initial', message: `${r.initial} appears twice in this list` });
    seen.add(r.initial);
  });
  return out;
}

/** The first conflict as the single-person calls answer it: 409 naming the field. */
export function conflictError(c: Conflict): ApiError {
  return new ApiError(409, 'people.duplicate', `${c.field}: ${c.message}`, { [c.field]: c.message });
}

/** A unique violation that slipped past the checks (a concurrent insert): the field it names. */
export const CONSTRAINT_FIELDS: Record<string, string> = {
  users_user_code_uq: 'user_code',
  users_email_uq: 'email',
  users_phone_uq: 'mobile',
  students_code_uq: 'student_code',
  teachers_code_uq: 'teacher_code',
  teachers_initial_uq: 'initial',
  enrolments_roll_uq: 'class_roll_no',
};

async function chunked<T, R>(rows: T[], run: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await run(rows.slice(i, i + CHUNK))));
  return out;
}

interface AccountSpec {
  userCode: string;
  userType: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Accounts with fresh one-time passwords; answers their ids and passwords in input order. */
async function createAccounts(db: DbOrTx, schoolId: number, specs: AccountSpec[]) {
  const passwords = specs.map(() => oneTimePassword());
  const hashes = await hashOneTime(passwords);
  const ids = await chunked(
    specs.map((s, i) => ({ ...s, i })),
    (chunk) =>
      db
        .insert(users)
        .values(
          chunk.map((s) => ({
            userCode: s.userCode,
            userType: s.userType,
            schoolId,
            firstName: s.firstName.slice(0, 80),
            lastName: s.lastName.slice(0, 80),
            email: s.email || null,
            phone: s.phone || null,
            passwordHash: hashes[s.i],
            mustChangePassword: true,
          })),
        )
        .returning({ id: users.id }),
  );
  return specs.map((_, i) => ({ userId: ids[i].id, password: passwords[i] }));
}

export interface Created {
  id: number;
  userCode: string;
  name: string;
  initialPassword: string;
}

/** Students, their accounts and enrolments in `sessionId`. Run inside a transaction. */
export async function createStudents(
  db: DbOrTx,
  schoolId: number,
  sessionId: number,
  rows: StudentInput[],
): Promise<Created[]> {
  const accounts = await createAccounts(
    db,
    schoolId,
    rows.map((r) => ({
      userCode: r.studentCode,
      userType: USER_TYPES.student,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.mobileNo,
    })),
  );
  const withUser = rows.map((r, i) => ({ ...r, userId: accounts[i].userId }));
  const created = await chunked(withUser, (chunk) =>
    db
      .insert(students)
      .values(
        chunk.map((r) => ({
          userId: r.userId,
          schoolId,
          studentCode: r.studentCode,
          firstName: r.firstName,
          middleName: r.middleName,
          lastName: r.lastName,
          mobileNo: r.mobileNo,
          email: r.email,
          genderId: r.genderId,
          divisionId: r.divisionId,
          presentAddress: r.presentAddress,
          permanentAddress: r.permanentAddress,
          fatherName: r.fatherName,
          fatherPhoneNumber: r.fatherPhoneNumber,
          motherName: r.motherName,
          motherPhoneNumber: r.motherPhoneNumber,
          dob: r.dob,
          bloodGroup: r.bloodGroup,
          photoId: r.photoId,
        })),
      )
      .returning({ id: students.id }),
  );
  await chunked(
    rows.map((r, i) => ({ ...r, studentId: created[i].id })),
    (chunk) =>
      db
        .insert(enrolments)
        .values(
          chunk.map((r) => ({
            schoolId,
            studentId: r.studentId,
            sessionId,
            shiftId: r.shiftId,
            classId: r.classId,
            sectionId: r.sectionId,
            groupId: r.groupId,
            classRollNo: r.classRollNo,
          })),
        )
        .returning({ id: enrolments.id }),
  );
  return rows.map((r, i) => ({
    id: created[i].id,
    userCode: r.studentCode,
    name: [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
    initialPassword: accounts[i].password,
  }));
}

/** Teachers and their accounts. Run inside a transaction. */
export async function createTeachers(db: DbOrTx, schoolId: number, rows: TeacherInput[]): Promise<Created[]> {
  const accounts = await createAccounts(
    db,
    schoolId,
    rows.map((r) => ({
      userCode: r.teacherCode,
      userType: USER_TYPES.teacher,
      firstName: r.firstName,
      lastName: r.lastName,
      email: r.email,
      phone: r.mobile,
    })),
  );
  const created = await chunked(
    rows.map((r, i) => ({ ...r, userId: accounts[i].userId })),
    (chunk) =>
      db
        .insert(teachers)
        .values(
          chunk.map((r) => ({
            userId: r.userId,
            schoolId,
            teacherCode: r.teacherCode,
            title: r.title,
            firstName: r.firstName,
            middleName: r.middleName,
            lastName: r.lastName,
            initial: r.initial,
            mobile: r.mobile,
            email: r.email,
            designation: r.designation,
            department: r.department,
            mpoStatus: r.mpoStatus,
            indexNo: r.indexNo,
            bloodGroup: r.bloodGroup,
            dob: r.dob,
            subjectCode: r.subjectCode,
          })),
        )
        .returning({ id: teachers.id }),
  );
  return rows.map((r, i) => ({
    id: created[i].id,
    userCode: r.teacherCode,
    name: [r.title, r.firstName, r.middleName, r.lastName].filter(Boolean).join(' '),
    initialPassword: accounts[i].password,
  }));
}
