/** Sign-in, sign-out and the signed-in user's own profile. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import {
  DEFAULT_SCHOOL_TIME_ZONE,
  languageBody,
  languageResponse,
  loginBody,
  loginFailure,
  loginResponse,
  userProfile,
  userQuery,
} from '@/api/schemas/auth';
import { okBody } from '@/api/schemas/common';
import { USER_TYPES } from '@/api/permissions';
import { authOf, clearSessionCookie, setSessionCookie } from '../auth/guard';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { createSession, revokeSession, type AuthContext } from '../auth/sessions';
import { checkSecondFactor, twoFactorSetupRequired } from '../auth/two-factor';
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
import { errorBodyOf, forbidden } from '../errors';
import { normalisePhone } from '../services/phone';
import { schoolClock, sessionIdForDate } from '../services/school-time';

const WRONG = 'Wrong user id or password.';
const OTP_NEEDED = 'Enter the 6-digit code from your authenticator app, or a recovery code.';
const OTP_WRONG = 'That code is not right, or was used already. Enter the current code.';

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/login',
    {
      config: { public: true },
      schema: { body: loginBody, response: { 200: loginResponse, 401: loginFailure } },
      // Whatever happened, the attempt gives up the account's turn (server/auth/rate-limit.ts).
      onResponse: async (req) => app.loginLimiter.finish(req),
    },
    async (req, reply) => {
      const id = req.body.user_code.trim();
      const password = req.body.password;
      const phone = normalisePhone(id);
      const [user] = await app.db
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
      const attempt = await app.loginLimiter.begin(accountKey, req.ip, req);
      // Always spend the hashing time, so unknown ids cannot be told apart from wrong passwords.
      const stored = user?.passwordHash ?? (await dummyPasswordHash());
      const ok = await verifyPassword(password, stored);
      const weak = !!user && needsRehash(stored);
      // A weak (seeded) hash checks fast: a failure spends a strong hash's time too.
      if (!ok && weak) await verifyPassword(password, await dummyPasswordHash());
      if (!user || !ok || user.status !== 'active') {
        await app.loginLimiter.failed(attempt);
        // From an address past its bound a wrong password is a 429 (the right one signs in).
        if (attempt.addressLimited) throw attempt.addressLimited;
        return reply.code(401).send({ errorMsg: WRONG, ...errorBodyOf('invalid_credentials', WRONG) });
      }
      if (user.totpSecret) {
        // The password was right; the second factor decides. Asking for it is no failure, a wrong
        // code is one (it slows the account down like a wrong password).
        const otp = req.body.otp?.trim();
        if (!otp) {
          return reply.code(401).send({
            errorMsg: OTP_NEEDED,
            ...errorBodyOf('otp_required', OTP_NEEDED),
            otp_required: true,
          });
        }
        const second = { id: user.id, totpSecret: user.totpSecret, totpLastStep: user.totpLastStep };
        if (!(await checkSecondFactor(app.db, second, otp))) {
          await app.loginLimiter.failed(attempt);
          return reply.code(401).send({
            errorMsg: OTP_WRONG,
            ...errorBodyOf('otp_invalid', OTP_WRONG),
            otp_required: true,
          });
        }
      }
      await app.loginLimiter.succeeded(attempt);
      if (weak) {
        // Upgrade to today's parameters now that the password is known; unless it changed meanwhile.
        const strong = await hashPassword(password);
        await app.db
          .update(users)
          .set({ passwordHash: strong })
          .where(and(eq(users.id, user.id), eq(users.passwordHash, stored)));
      }
      const session = await createSession(app.db, user.id, app.config.SESSION_TTL_HOURS, req.headers['user-agent']);
      // The app keeps its session in this HttpOnly cookie (server/auth/guard.ts) and ignores the
      // token in the answer; API clients send the token as a bearer instead. The answer carries no
      // more than the sign-in itself already had: whoever reads it also saw the password typed.
      setSessionCookie(req, reply, session.token, session.expiresAt);
      return {
        user_type_id: user.userType,
        accessToken: session.token,
        user_code: user.userCode,
        expires_at: session.expiresAt.toISOString(),
        must_change_password: user.mustChangePassword,
        two_factor_setup_required: user.twoFactorSetupRequired,
      };
    },
  );

  app.post(
    '/users/logout',
    { config: { action: 'users.logout' }, schema: { response: { 200: okBody } } },
    async (req, reply) => {
      await revokeSession(app.db, authOf(req).sessionId);
      clearSessionCookie(req, reply);
      return { ok: true as const, message: 'Signed out.' };
    },
  );

  app.get(
    '/users/user_id',
    {
      config: { action: 'users.me', cacheable: true },
      schema: { querystring: userQuery, response: { 200: userProfile } },
    },
    async (req) => {
      const auth = authOf(req);
      // The profile is always the signed-in user's; asking for someone else's is refused, not redirected.
      if (req.query.user_code && req.query.user_code.toLowerCase() !== auth.userCode.toLowerCase()) throw forbidden();
      if (req.query.user_type && req.query.user_type !== auth.userType) throw forbidden();
      return { ...(await loadProfile(app.db, auth)), two_factor_setup_required: auth.twoFactorSetupRequired === true };
    },
  );

  app.put(
    '/users/language',
    {
      // Viewers are read-only for school records; their own language is not one.
      config: { action: 'users.language', readOnlySafe: true },
      schema: { body: languageBody, response: { 200: languageResponse } },
    },
    async (req) => {
      const auth = authOf(req);
      await app.db.update(users).set({ language: req.body.language }).where(eq(users.id, auth.userId));
      return {
        ok: true as const,
        message: 'Language saved.',
        code: 'shell.language_saved',
        language: req.body.language,
      };
    },
  );
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
    return u.adminId != null && u.adminCode != null ? { ...base, id: u.adminId, admin_code: u.adminCode } : base;
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
    return {
      ...base,
      id: u.teacherId,
      first_name: t.firstName,
      last_name: t.lastName,
      full_name: teacherFullName(t),
      teacher_code: u.teacherCode ?? '',
      initial: u.initial ?? '',
    };
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
    return {
      ...base,
      id: u.studentId,
      first_name: s.firstName,
      last_name: s.lastName,
      full_name: studentFullName(s),
      student_code: u.studentCode ?? '',
      class: u.classId ?? null,
      class_name: u.className ?? null,
      section_id: u.sectionId ?? null,
      section_default_name: u.sectionName ?? null,
      class_roll_no: u.roll ?? null,
      session_id: u.sessionId ?? null,
    };
  }
  const [u] = await statements.other.execute({ user });
  return baseOf(u);
}

const asLanguage = (value: string | null): 'en' | 'bn' | null => (value === 'en' || value === 'bn' ? value : null);

const joinName = (...parts: string[]) => parts.filter(Boolean).join(' ');
export const teacherFullName = (t: { title: string; firstName: string; middleName: string; lastName: string }) =>
  joinName(t.title, t.firstName, t.middleName, t.lastName);
export const studentFullName = (s: { firstName: string; middleName: string; lastName: string }) =>
  joinName(s.firstName, s.middleName, s.lastName);
