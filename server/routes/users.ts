/** Sign-in, sign-out and the signed-in user's own profile. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
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
import { authOf } from '../auth/guard';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { AddressLimited } from '../auth/rate-limit';
import { createSession, revokeSession } from '../auth/sessions';
import type { DbOrTx } from '../db/client';
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
import { forbidden, tooMany } from '../errors';
import { normalisePhone } from '../services/phone';
import { schoolClock, sessionIdForDate } from '../services/school-time';

const WRONG = 'Wrong user id or password.';

export async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/users/login',
    {
      config: { public: true },
      schema: { body: loginBody, response: { 200: loginResponse, 401: loginFailure } },
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
        })
        .from(users)
        .where(
          or(
            sql`lower(${users.userCode}) = lower(${id})`,
            sql`lower(${users.email}) = lower(${id})`,
            phone ? eq(users.phone, phone) : sql`false`,
          ),
        )
        .limit(1);
      // An account's code, e-mail and phone share one budget; an unknown id is counted by its text,
      // so it slows down exactly like a real account (no hint which ids exist).
      const accountKey = user ? `user:${user.id}` : `id:${id.toLowerCase()}`;
      let attempt;
      try {
        attempt = await app.loginLimiter.begin(accountKey, req.ip);
      } catch (err) {
        if (!(err instanceof AddressLimited)) throw err;
        reply.header('retry-after', String(err.retryAfter));
        throw tooMany(`Too many failed sign-ins. Try again in ${Math.ceil(err.retryAfter / 60)} minute(s).`);
      }
      // Always spend the hashing time, so unknown ids cannot be told apart from wrong passwords.
      const stored = user?.passwordHash ?? (await dummyPasswordHash());
      const ok = await verifyPassword(password, stored);
      const weak = !!user && needsRehash(stored);
      // A weak (seeded) hash checks fast: a failure spends a strong hash's time too.
      if (!ok && weak) await verifyPassword(password, await dummyPasswordHash());
      if (!user || !ok || user.status !== 'active') {
        await app.loginLimiter.failed(attempt);
        return reply.code(401).send({ errorMsg: WRONG, error: { code: 'invalid_credentials', message: WRONG } });
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
      return {
        user_type_id: user.userType,
        accessToken: session.token,
        user_code: user.userCode,
        expires_at: session.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/users/logout',
    { config: { action: 'users.logout' }, schema: { response: { 200: okBody } } },
    async (req) => {
      await revokeSession(app.db, authOf(req).sessionId);
      return { ok: true as const, message: 'Signed out.' };
    },
  );

  app.get(
    '/users/user_id',
    { config: { action: 'users.me' }, schema: { querystring: userQuery, response: { 200: userProfile } } },
    async (req) => {
      const auth = authOf(req);
      // The profile is always the signed-in user's; asking for someone else's is refused, not redirected.
      if (req.query.user_code && req.query.user_code.toLowerCase() !== auth.userCode.toLowerCase()) throw forbidden();
      if (req.query.user_type && req.query.user_type !== auth.userType) throw forbidden();
      return loadProfile(app.db, auth.userId);
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

export async function loadProfile(db: DbOrTx, userId: number): Promise<z.infer<typeof userProfile>> {
  const [u] = await db
    .select({
      id: users.id,
      userCode: users.userCode,
      userType: users.userType,
      firstName: users.firstName,
      lastName: users.lastName,
      schoolId: users.schoolId,
      schoolName: schools.schoolName,
      schoolType: schools.schoolTypeId,
      timeZone: schools.timeZone,
      language: users.language,
      schoolLanguage: schools.language,
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .where(eq(users.id, userId));
  const base = {
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
    // The user's own choice, else the school's, else English (users without a school).
    language: asLanguage(u.language) ?? asLanguage(u.schoolLanguage) ?? 'en',
    school_language: asLanguage(u.schoolLanguage) ?? 'en',
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
  };
  if (u.userType === 4) {
    const [a] = await db.select().from(schoolAdmins).where(eq(schoolAdmins.userId, u.id));
    return a ? { ...base, id: a.id, admin_code: a.adminCode } : base;
  }
  if (u.userType === 2) {
    const [t] = await db.select().from(teachers).where(eq(teachers.userId, u.id));
    if (!t) return base;
    return {
      ...base,
      id: t.id,
      first_name: t.firstName,
      last_name: t.lastName,
      full_name: teacherFullName(t),
      teacher_code: t.teacherCode,
      initial: t.initial,
    };
  }
  if (u.userType === 1) {
    const [s] = await db.select().from(students).where(eq(students.userId, u.id));
    if (!s) return base;
    const { today } = await schoolClock(db, s.schoolId);
    const sessionId = await sessionIdForDate(db, today);
    const [e] = await db
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
      .where(and(eq(enrolments.studentId, s.id), sessionId ? eq(enrolments.sessionId, sessionId) : sql`true`))
      .orderBy(desc(academicSessions.sessionYear))
      .limit(1);
    return {
      ...base,
      id: s.id,
      first_name: s.firstName,
      last_name: s.lastName,
      full_name: studentFullName(s),
      student_code: s.studentCode,
      class: e?.classId ?? null,
      class_name: e?.className ?? null,
      section_id: e?.sectionId ?? null,
      section_default_name: e?.sectionName ?? null,
      class_roll_no: e?.roll ?? null,
      session_id: e?.sessionId ?? null,
    };
  }
  return base;
}

const asLanguage = (value: string | null): 'en' | 'bn' | null => (value === 'en' || value === 'bn' ? value : null);

const joinName = (...parts: string[]) => parts.filter(Boolean).join(' ');
export const teacherFullName = (t: { title: string; firstName: string; middleName: string; lastName: string }) =>
  joinName(t.title, t.firstName, t.middleName, t.lastName);
export const studentFullName = (s: { firstName: string; middleName: string; lastName: string }) =>
  joinName(s.firstName, s.middleName, s.lastName);
