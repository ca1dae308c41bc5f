/**
 * The signed-in user's own account: the sign-in (the account an id names, the password and second
 * factor, the limiter's turn), the profile and the language. The caller is always the account
 * itself (the session's user), so the profile's user type picks its statement here: this is the
 * caller's own record, not row access (docs/ARCHITECTURE.md, "A request's path").
 */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { DEFAULT_SCHOOL_TIME_ZONE, type userProfile } from '@/api/schemas/auth';
import { USER_TYPES } from '@/api/permissions';
import { photoUrl } from '@/api/endpoints/profile-photo';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import type { LoginLimiter } from '../auth/rate-limit';
import { createSession, type AuthContext } from '../auth/sessions';
import { checkSecondFactor, twoFactorSetupRequired } from '../auth/two-factor';
import { rowsOf } from '../db/rows';
import type { Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import {
  academicSessions,
  classes,
  enrolments,
  schoolAdmins,
  schools,
  sections,
  students,
  teachers,
  users,
} from '../db/schema';
import { forbidden } from '../errors';
import { studentNameOf, teacherNameOf } from './names';
import { normalisePhone } from './phone';
import { schoolClock, sessionIdForDate } from './school-time';

/** What a sign-in asks. */
export interface SignInAsk {
  /** A user code, e-mail or phone (a guardian's user id is their phone, typed in any format). */
  id: string;
  password: string;
  otp?: string;
  /** The caller's address, for the limiter's per-address bound. */
  ip: string;
  /** The request, which owns the limiter's turn until the answer is sent (`finish`). */
  owner: object;
  userAgent?: string;
  ttlHours: number;
}

/** How a sign-in ended: a wrong id or password, a second factor asked for or wrong, or a session. */
export type SignInResult =
  | { kind: 'wrong' }
  | { kind: 'inactive' }
  | { kind: 'otp_required' }
  | { kind: 'otp_invalid' }
  | {
      kind: 'signed_in';
      token: string;
      expiresAt: Date;
      userType: number;
      userCode: string;
      mustChangePassword: boolean;
      twoFactorSetupRequired: boolean;
    };

/** Whether the account is a student's or teacher's who left the school (docs/DOMAIN.md, Records). */
async function hasLeftSchool(db: Db, userId: number): Promise<boolean> {
  const rows = rowsOf<{ left: number }>(
    await db.execute(sql`select 1 as left from students where user_id = ${userId} and left_on is not null
                         union all
                         select 1 from teachers where user_id = ${userId} and left_on is not null`),
  );
  return rows.length > 0;
}

/**
 * Sign in: the account the id names, the password and the second factor, each failure counted by
 * the limiter (server/auth/rate-limit.ts), and a session. From an address past its bound a wrong
 * password is the limiter's 429 (thrown); the right one signs in.
 */
export async function signIn(db: Db, limiter: LoginLimiter, ask: SignInAsk): Promise<SignInResult> {
  const id = ask.id.trim();
  const phone = normalisePhone(id);
  const [user] = await db
    .select({
      id: users.id,
      userCode: users.userCode,
      userType: users.userType,
      passwordHash: users.passwordHash,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
      totpSecret: users.totpSecret,
      totpLastStep: users.totpLastStep,
      twoFactorSetupRequired,
    })
    .from(users)
    .where(
      or(
        sql`lower(${users.userCode}) = lower(${id})`,
        sql`lower(${users.email}) = lower(${id})`,
        phone ? eq(users.phone, phone) : sql`false`,
        // A guardian's user id is their phone, typed in any format.
        phone ? eq(users.userCode, phone) : sql`false`,
      ),
    )
    // A code that is the id itself wins over a phone on another account (a student's account
    // often holds a parent's number).
    .orderBy(sql`(lower(${users.userCode}) = lower(${id}) or ${users.userCode} = ${phone ?? ''}) desc`)
    .limit(1);
  // An account's code, e-mail and phone share one budget; an unknown id is counted by its text,
  // so it slows down exactly like a real account (no hint which ids exist).
  const accountKey = user ? `user:${user.id}` : `id:${id.toLowerCase()}`;
  // Waits the account's delay and turn; 429 with Retry-After when a newer attempt took its place.
  const attempt = await limiter.begin(accountKey, ask.ip, ask.owner);
  // Always spend the hashing time, so unknown ids cannot be told apart from wrong passwords.
  const stored = user?.passwordHash ?? (await dummyPasswordHash());
  const ok = await verifyPassword(ask.password, stored);
  const weak = !!user && needsRehash(stored);
  // A weak (seeded) hash checks fast: a failure spends a strong hash's time too.
  if (!ok && weak) await verifyPassword(ask.password, await dummyPasswordHash());
  if (user && ok && user.status === 'disabled' && (await hasLeftSchool(db, user.id))) {
    // The right password of a student or teacher who left the school (docs/DOMAIN.md, Records):
    // said plainly, since whoever typed it knows the account already. Any other disabled account
    // is refused like a wrong password.
    await limiter.succeeded(attempt);
    return { kind: 'inactive' };
  }
  if (!user || !ok || user.status !== 'active') {
    await limiter.failed(attempt);
    // From an address past its bound a wrong password is a 429 (the right one signs in).
    if (attempt.addressLimited) throw attempt.addressLimited;
    return { kind: 'wrong' };
  }
  if (user.totpSecret) {
    // The password was right; the second factor decides. Asking for it is no failure, a wrong
    // code is one (it slows the account down like a wrong password).
    const otp = ask.otp?.trim();
    if (!otp) return { kind: 'otp_required' };
    const second = { id: user.id, totpSecret: user.totpSecret, totpLastStep: user.totpLastStep };
    if (!(await checkSecondFactor(db, second, otp))) {
      await limiter.failed(attempt);
      return { kind: 'otp_invalid' };
    }
  }
  await limiter.succeeded(attempt);
  if (weak) {
    // Upgrade to today's parameters now that the password is known; unless it changed meanwhile.
    const strong = await hashPassword(ask.password);
    await db
      .update(users)
      .set({ passwordHash: strong })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, stored)));
  }
  const session = await createSession(db, user.id, ask.ttlHours, ask.userAgent);
  return {
    kind: 'signed_in',
    token: session.token,
    expiresAt: session.expiresAt,
    userType: user.userType,
    userCode: user.userCode,
    mustChangePassword: user.mustChangePassword,
    twoFactorSetupRequired: user.twoFactorSetupRequired,
  };
}

/**
 * GET /api/users/user_id: the signed-in user's profile. A user_code or user_type naming anyone
 * else is refused (403), not redirected.
 */
export async function ownProfile(db: Db, auth: AuthContext, ask: { user_code?: string; user_type?: number }) {
  if (ask.user_code && ask.user_code.toLowerCase() !== auth.userCode.toLowerCase()) throw forbidden();
  if (ask.user_type && ask.user_type !== auth.userType) throw forbidden();
  return { ...(await loadProfile(db, auth)), two_factor_setup_required: auth.twoFactorSetupRequired === true };
}

/** The account's own language (a viewer's too: it is no school record). */
export async function saveLanguage(db: Db, userId: number, language: 'bn' | 'en') {
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

const accountFields = {
  id: users.id,
  userCode: users.userCode,
  userType: users.userType,
  firstName: users.firstName,
  lastName: users.lastName,
  schoolId: users.schoolId,
  schoolName: schools.schoolName,
  schoolType: schools.schoolTypeId,
  timeZone: schools.timeZone,
  weeklyOffDays: schools.weeklyOffDays,
  language: users.language,
  schoolLanguage: schools.language,
  mustChangePassword: users.mustChangePassword,
  photoSha256: users.photoSha256,
};

interface AccountRow {
  id: number;
  userCode: string;
  userType: number;
  firstName: string;
  lastName: string;
  schoolId: number | null;
  schoolName: string | null;
  schoolType: number | null;
  timeZone: string | null;
  weeklyOffDays: number[] | null;
  language: string | null;
  schoolLanguage: string | null;
  mustChangePassword: boolean;
  photoSha256: string | null;
}

const placeholder = (name: string) => sql.placeholder(name);

/** The profile of one user type, account and record in one prepared statement. */
const profileStatements = preparedFor((db) => {
  const account = <T extends SelectedFields>(extra: T) =>
    db
      .select({ ...accountFields, ...extra })
      .from(users)
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .$dynamic();
  const byUser = eq(users.id, placeholder('user'));
  /** A student's enrolment: in the session given, or (none given) the latest. */
  const enrolment = (inSession: boolean) =>
    db
      .select({
        classId: enrolments.classId,
        className: classes.className,
        sectionId: enrolments.sectionId,
        sectionName: sections.sectionDefaultName,
        roll: enrolments.classRollNo,
        sessionId: enrolments.sessionId,
      })
      .from(enrolments)
      .innerJoin(classes, eq(classes.id, enrolments.classId))
      .innerJoin(sections, eq(sections.id, enrolments.sectionId))
      .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
      .where(
        and(
          eq(enrolments.studentId, students.id),
          inSession ? eq(enrolments.sessionId, placeholder('session')) : sql`true`,
        ),
      )
      .orderBy(desc(academicSessions.sessionYear))
      .limit(1)
      .as('e');
  const student = (inSession: boolean) => {
    const e = enrolment(inSession);
    return account({
      studentId: students.id,
      studentFirstName: students.firstName,
      studentMiddleName: students.middleName,
      studentLastName: students.lastName,
      studentCode: students.studentCode,
      classId: e.classId,
      className: e.className,
      sectionId: e.sectionId,
      sectionName: e.sectionName,
      roll: e.roll,
      sessionId: e.sessionId,
    })
      .leftJoin(students, eq(students.userId, users.id))
      .leftJoinLateral(e, sql`true`)
      .where(byUser)
      .prepare(inSession ? 'profile_student' : 'profile_student_latest');
  };
  return {
    other: account({}).where(byUser).prepare('profile_account'),
    admin: account({ adminId: schoolAdmins.id, adminCode: schoolAdmins.adminCode })
      .leftJoin(schoolAdmins, eq(schoolAdmins.userId, users.id))
      .where(byUser)
      .prepare('profile_admin'),
    teacher: account({
      teacherId: teachers.id,
      title: teachers.title,
      teacherFirstName: teachers.firstName,
      teacherMiddleName: teachers.middleName,
      teacherLastName: teachers.lastName,
      teacherCode: teachers.teacherCode,
      initial: teachers.initial,
    })
      .leftJoin(teachers, eq(teachers.userId, users.id))
      .where(byUser)
      .prepare('profile_teacher'),
    student: student(true),
    studentLatest: student(false),
  };
});

/**
 * The signed-in user's profile in one round trip: the user type (from the session) picks the
 * statement; a student's current session comes from the school's clock (cached).
 */
export async function loadProfile(db: Db, auth: AuthContext): Promise<z.infer<typeof userProfile>> {
  const statements = profileStatements(db);
  const user = auth.userId;
  const baseOf = (u: AccountRow) => ({
    id: u.id,
    user_id: u.id,
    user_code: u.userCode,
    user_type: u.userType,
    first_name: u.firstName,
    last_name: u.lastName,
    full_name: `${u.firstName} ${u.lastName}`.trim(),
    school_id: u.schoolId,
    school_info_id: u.schoolId,
    school_type: u.schoolType,
    school_name: u.schoolName,
    // The client's "today" and attendance times are the school's (users without a school: the default).
    time_zone: u.timeZone ?? DEFAULT_SCHOOL_TIME_ZONE,
    // The days the school is closed every week: screens say so instead of offering a roll to take.
    weekly_off_days: u.weeklyOffDays ?? [],
    // The user's own choice, else the school's, else English (users without a school).
    language: asLanguage(u.language) ?? asLanguage(u.schoolLanguage) ?? 'en',
    school_language: asLanguage(u.schoolLanguage) ?? 'en',
    must_change_password: u.mustChangePassword,
    // The header's avatar (docs/DOMAIN.md, "Profiles"): the address changes with the photo.
    photo_url: u.photoSha256 ? photoUrl(u.id, u.photoSha256.slice(0, 16)) : null,
    admin_code: null,
    teacher_code: null,
    student_code: null,
    initial: null,
    class: null,
    class_name: null,
    section_id: null,
    section_default_name: null,
    class_roll_no: null,
    session_id: null,
  });
  if (auth.userType === USER_TYPES.schoolAdmin) {
    const [u] = await statements.admin.execute({ user });
    const base = baseOf(u);
    // Assigned onto the fresh base, not spread: see docs/ARCHITECTURE.md, "Conventions".
    return u.adminId != null && u.adminCode != null
      ? Object.assign(base, { id: u.adminId, admin_code: u.adminCode })
      : base;
  }
  if (auth.userType === USER_TYPES.teacher) {
    const [u] = await statements.teacher.execute({ user });
    const base = baseOf(u);
    if (u.teacherId == null) return base;
    const t = {
      title: u.title ?? '',
      firstName: u.teacherFirstName ?? '',
      middleName: u.teacherMiddleName ?? '',
      lastName: u.teacherLastName ?? '',
    };
    return Object.assign(base, {
      id: u.teacherId,
      first_name: t.firstName,
      last_name: t.lastName,
      full_name: teacherNameOf(t),
      teacher_code: u.teacherCode ?? '',
      initial: u.initial ?? '',
    });
  }
  if (auth.userType === USER_TYPES.student) {
    // A student's school is their account's (a foreign key keeps the two equal).
    const sessionId =
      auth.schoolId == null ? null : await sessionIdForDate(db, (await schoolClock(db, auth.schoolId)).today);
    const [u] = sessionId
      ? await statements.student.execute({ user, session: sessionId })
      : await statements.studentLatest.execute({ user });
    const base = baseOf(u);
    if (u.studentId == null) return base;
    const s = {
      firstName: u.studentFirstName ?? '',
      middleName: u.studentMiddleName ?? '',
      lastName: u.studentLastName ?? '',
    };
    return Object.assign(base, {
      id: u.studentId,
      first_name: s.firstName,
      last_name: s.lastName,
      full_name: studentNameOf(s),
      student_code: u.studentCode ?? '',
      class: u.classId ?? null,
      class_name: u.className ?? null,
      section_id: u.sectionId ?? null,
      section_default_name: u.sectionName ?? null,
      class_roll_no: u.roll ?? null,
      session_id: u.sessionId ?? null,
    });
  }
  const [u] = await statements.other.execute({ user });
  return baseOf(u);
}

const asLanguage = (value: string | null): 'en' | 'bn' | null => (value === 'en' || value === 'bn' ? value : null);
