/**
 * Everyone's own profile (docs/DOMAIN.md, "Profiles"): names, mobile, e-mail, date of birth and
 * blood group, and a teacher's designation and department. A teacher's and a student's live on
 * their record, an admin's, super admin's or viewer's on their account; the names, mobile and
 * e-mail are copied to the account too (what sign-in and the header read). A field left out of a
 * save is kept; each save is one transaction with its audit row (security_audit, action
 * `profile.update`, each changed field from and to).
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { normaliseMobile } from '@/api/schemas/people';
import {
  PROFILE_MESSAGES,
  PROFILE_SUCCESS_CODES,
  type accountProfileBody,
  type MyProfile,
  type studentProfileUpdateBody,
  type teacherProfileUpdateBody,
} from '@/api/schemas/profiles';
import { photoUrl } from '@/api/endpoints/profile-photo';
import type { Db, DbOrTx } from '../db/client';
import { pgErrorOf } from '../db/pg-error';
import { schoolAdmins, schools, students, teachers, users } from '../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { recordAudit } from './audit';
import { todayIn } from './school-time';

/** Who saves or reads: the signed-in account (server/auth/guard.ts's AuthContext has these). */
export interface ProfileSelf {
  userId: number;
  userCode: string;
}

type AccountBody = z.output<typeof accountProfileBody>;
type TeacherBody = z.output<typeof teacherProfileUpdateBody>;
type StudentBody = z.output<typeof studentProfileUpdateBody>;

/** The photo's version in its address: enough of its hash to change with it. */
export const photoVersion = (sha256: string | null) => (sha256 ? sha256.slice(0, 16) : null);
const photoOf = (userId: number, sha256: string | null) => {
  const v = photoVersion(sha256);
  return v ? photoUrl(userId, v) : null;
};
const joinName = (...parts: string[]) => parts.filter(Boolean).join(' ');

/**
 * A date of birth must be in the past (before today in Dhaka on the server's clock: a profile has
 * no school's zone of its own) and after 1900; '' clears it.
 */
function checkDob(dob: string | undefined, timeZone: string): string | null | undefined {
  if (dob === undefined) return undefined;
  if (dob === '') return null;
  if (dob >= todayIn(timeZone) || dob < '1900-01-01') throw badRequest('dob', `dob ${PROFILE_MESSAGES.dobFuture}`);
  return dob;
}

const mobileOf = (v: string | undefined) => (v === undefined ? undefined : v ? (normaliseMobile(v) ?? v) : '');

/** The fields of `next` that differ from `before`, as { field: { from, to } }, for the audit row. */
function changes(before: Record<string, unknown>, next: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(next)) {
    if (v !== undefined && before[k] !== v) out[k] = { from: before[k] ?? null, to: v };
  }
  return out;
}

/** Only the fields sent (Drizzle would write `undefined` as no change, but keep the row small). */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A mobile or e-mail another account has is 409 naming the field. */
function duplicateOf(err: unknown): never {
  const pg = pgErrorOf(err);
  if (pg?.code === '23505' && pg.constraint === 'users_phone_uq') {
    throw new ApiError(409, 'people.duplicate', 'mobile: is already another account’s', { mobile: 'is taken' });
  }
  if (pg?.code === '23505' && pg.constraint === 'users_email_uq') {
    throw new ApiError(409, 'people.duplicate', 'email: is already another account’s', { email: 'is taken' });
  }
  throw err;
}

const saved = () => ({ ok: true as const, message: PROFILE_MESSAGES.updated, code: PROFILE_SUCCESS_CODES.updated });

/** The account columns a save copies: names, phone and e-mail. */
function accountCopy(b: { first_name?: string; last_name?: string; mobile?: string; email?: string }) {
  const mobile = mobileOf(b.mobile);
  return defined({
    firstName: b.first_name,
    lastName: b.last_name,
    phone: mobile === undefined ? undefined : mobile || null,
    email: b.email === undefined ? undefined : b.email || null,
  });
}

async function audit(tx: DbOrTx, self: ProfileSelf, schoolId: number | null, changed: Record<string, unknown>) {
  if (!Object.keys(changed).length) return;
  await recordAudit(tx, {
    actorUserId: self.userId,
    action: 'profile.update',
    subjectUserId: self.userId,
    schoolId,
    detail: { changed },
  });
}

/** A school admin's, super admin's or viewer's own profile: their account's columns. */
export async function updateAccountProfile(db: Db, self: ProfileSelf, b: AccountBody, timeZone: string) {
  const dob = checkDob(b.dob, timeZone);
  const [before] = await db.select().from(users).where(eq(users.id, self.userId));
  if (!before) throw notFound('User');
  const set = { ...accountCopy(b), ...defined({ dob, bloodGroup: b.blood_group }) };
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, self.userId));
      await audit(tx, self, before.schoolId, changes(before, set));
    });
  } catch (err) {
    duplicateOf(err);
  }
  return saved();
}

/** A teacher's own profile: their record, and the account's copy. */
export async function updateTeacherProfile(db: Db, self: ProfileSelf, b: TeacherBody, timeZone: string) {
  const dob = checkDob(b.dob, timeZone);
  const [before] = await db.select().from(teachers).where(eq(teachers.userId, self.userId));
  if (!before) throw new ApiError(403, 'no_teacher_record', 'Your account has no teacher record.');
  const set = defined({
    firstName: b.first_name,
    middleName: b.middle_name,
    lastName: b.last_name,
    mobile: mobileOf(b.mobile),
    email: b.email,
    dob,
    bloodGroup: b.blood_group,
    designation: b.designation,
    department: b.department,
  });
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(set).length) {
        await tx.update(teachers).set(set).where(eq(teachers.id, before.id));
        const copy = accountCopy(b);
        if (Object.keys(copy).length) await tx.update(users).set(copy).where(eq(users.id, self.userId));
      }
      await audit(tx, self, before.schoolId, changes(before, set));
    });
  } catch (err) {
    duplicateOf(err);
  }
  return saved();
}

/**
 * A student's own profile (`POST /api/student/profile_update?student_code=`): the code named must
 * be theirs (their student code or user id; another is 403).
 */
export async function updateStudentProfile(
  db: Db,
  self: ProfileSelf,
  studentCode: string,
  b: StudentBody,
  timeZone: string,
) {
  const [before] = await db.select().from(students).where(eq(students.userId, self.userId));
  if (!before) throw notFound('Student');
  const code = studentCode.toLowerCase();
  if (code !== before.studentCode.toLowerCase() && code !== self.userCode.toLowerCase()) {
    throw forbidden('You may edit only your own profile.');
  }
  const dob = checkDob(b.dob, timeZone);
  const set = defined({
    firstName: b.first_name,
    middleName: b.middle_name,
    lastName: b.last_name,
    mobileNo: mobileOf(b.mobile),
    email: b.email,
    dob,
    bloodGroup: b.blood_group,
  });
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(set).length) {
        await tx.update(students).set(set).where(eq(students.id, before.id));
        const copy = accountCopy(b);
        if (Object.keys(copy).length) await tx.update(users).set(copy).where(eq(users.id, self.userId));
      }
      await audit(tx, self, before.schoolId, changes(before, set));
    });
  } catch (err) {
    duplicateOf(err);
  }
  return saved();
}

/** The caller's own profile as the form shows it: their record's fields, else their account's. */
export async function readMyProfile(db: DbOrTx, self: ProfileSelf): Promise<MyProfile> {
  const [account] = await db
    .select({
      id: users.id,
      userCode: users.userCode,
      userType: users.userType,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      email: users.email,
      dob: users.dob,
      bloodGroup: users.bloodGroup,
      photo: users.photoSha256,
      schoolName: schools.schoolName,
      adminCode: schoolAdmins.adminCode,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(schoolAdmins, eq(schoolAdmins.userId, users.id))
    .where(eq(users.id, self.userId));
  if (!account) throw notFound('User');
  const base = {
    user_id: account.id,
    user_type: account.userType,
    user_code: account.userCode,
    school_name: account.schoolName,
    photo_url: photoOf(account.id, account.photo),
  };
  const [teacher] = await db.select().from(teachers).where(eq(teachers.userId, self.userId));
  if (teacher) {
    return {
      ...base,
      code: teacher.teacherCode,
      first_name: teacher.firstName,
      middle_name: teacher.middleName,
      last_name: teacher.lastName,
      full_name: joinName(teacher.firstName, teacher.middleName, teacher.lastName),
      mobile: teacher.mobile,
      email: teacher.email,
      dob: teacher.dob,
      blood_group: teacher.bloodGroup,
      designation: teacher.designation,
      department: teacher.department,
    };
  }
  const [student] = await db.select().from(students).where(eq(students.userId, self.userId));
  if (student) {
    return {
      ...base,
      code: student.studentCode,
      first_name: student.firstName,
      middle_name: student.middleName,
      last_name: student.lastName,
      full_name: joinName(student.firstName, student.middleName, student.lastName),
      mobile: student.mobileNo,
      email: student.email,
      dob: student.dob,
      blood_group: student.bloodGroup,
      designation: '',
      department: '',
    };
  }
  return {
    ...base,
    code: account.adminCode ?? account.userCode,
    first_name: account.firstName,
    middle_name: '',
    last_name: account.lastName,
    full_name: joinName(account.firstName, account.lastName),
    mobile: account.phone ?? '',
    email: account.email ?? '',
    dob: account.dob,
    blood_group: account.bloodGroup,
    designation: '',
    department: '',
  };
}
