/**
 * Notices (spec part 1: teacher, school admin, student and viewer notice screens; calls in
 * section 7). Teachers manage their own notices, addressed only within the sections they teach;
 * the school admin every notice of the school; students read the notices addressed to them;
 * viewers browse a linked school's notices.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  creatorNoticePage,
  NOTICE_FIELD_MESSAGES,
  NOTICE_MESSAGES,
  NOTICE_SUCCESS_CODES,
  NOTICE_TYPES,
  noticeAudienceQuery,
  noticeAudienceResponse,
  noticeCreatorQuery,
  noticeDeleteResponse,
  noticeIdQuery,
  noticeReachQuery,
  noticeReachResponse,
  noticeReadResponse,
  noticeSchoolQuery,
  noticeStudentQuery,
  schoolNoticePage,
  schoolNoticeRow,
  noticeWriteBody,
  noticeWriteResponse,
  studentNoticePage,
} from '@/api/schemas/notices';
import { USER_TYPES } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { studentOfUser, teacherOfUser } from '../cache/members';
import { schoolOf } from '../auth/tenant';
import { callerReach, sectionsInReach, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { teachesSection } from '../auth/reach';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  noticeReads,
  notices,
  schoolAdmins,
  schools,
  sections,
} from '../db/schema';
import { ApiError, badRequest, notFound, type FieldErrors } from '../errors';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import {
  audienceSize,
  preparedNoticePage,
  RateLimited,
  saveNotice,
  selectNotices,
  toCountedRow,
  toSchoolRow,
  toStudentRow,
  visibleToStudent,
} from '../services/notices';

const placeholder = (name: string) => sql.placeholder(name);

/** The caller's own profile id, as /api/users/user_id answers it (teacher id or admin id). */
async function ownProfileId(db: DbOrTx, userId: number, userType: number): Promise<number | null> {
  if (userType === USER_TYPES.teacher) return (await teacherOfUser(db, userId))?.id ?? null;
  if (userType === USER_TYPES.schoolAdmin) {
    const [a] = await db.select({ id: schoolAdmins.id }).from(schoolAdmins).where(eq(schoolAdmins.userId, userId));
    return a?.id ?? null;
  }
  return null;
}

/**
 * A notice the caller may change: it must exist (404), be of the caller's school (403), and for
 * a teacher be their own (403). The school admin may change any notice of the school
 * (server/auth/scope.ts).
 */
async function manageableNotice(db: DbOrTx, req: FastifyRequest, noticeId: number) {
  const [n] = await db
    .select({ id: notices.id, schoolId: notices.schoolId, creatorUserId: notices.creatorUserId, type: notices.type })
    .from(notices)
    .where(eq(notices.id, noticeId));
  if (!n) throw notFound('Notice');
  await teacherRowInScope(
    req,
    n.schoolId,
    () => n.creatorUserId === authOf(req).userId,
    () => new ApiError(403, 'notices.not_own', 'That is another teacher’s notice.'),
  );
  return n;
}

/** The signed-in student's record; a student_id in the request must be their own. */
async function ownStudent(db: DbOrTx, req: FastifyRequest, requested?: number) {
  const auth = authOf(req);
  // A guardian reads a linked child's notices (server/auth/scope.ts).
  if (auth.userType === USER_TYPES.guardian) return (await studentOfCaller(req, requested))!;
  const me = await studentOfUser(db, auth.userId);
  if (!me) throw new ApiError(403, 'notices.no_student_record', 'Your account has no student record.');
  if (requested && requested !== me.id) {
    throw new ApiError(403, 'notices.other_student', 'Those are another student’s notices.');
  }
  return me;
}

/**
 * Session, class and section of a notice must exist and fit together and the school: the class
 * of the school's type, the section of the school and of that class. All problems at once.
 */
async function checkTargets(
  db: DbOrTx,
  schoolId: number,
  body: { session_id: number; class_id: number; section_id: number },
) {
  const fields: FieldErrors = {};
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.id, body.session_id));
  if (!session) fields.session_id = NOTICE_FIELD_MESSAGES.noSuchSession;
  if (body.class_id) {
    const [cls] = await db
      .select({ id: classes.id })
      .from(classes)
      .innerJoin(schools, eq(schools.schoolTypeId, classes.schoolTypeId))
      .where(and(eq(classes.id, body.class_id), eq(schools.id, schoolId)));
    if (!cls) fields.class_id = NOTICE_FIELD_MESSAGES.noSuchClass;
  }
  if (body.section_id) {
    const [sec] = await db
      .select({ id: sections.id, classId: sections.classId })
      .from(sections)
      .where(and(eq(sections.id, body.section_id), eq(sections.schoolId, schoolId)));
    if (!sec) fields.section_id = NOTICE_FIELD_MESSAGES.noSuchSection;
    else if (!body.class_id) fields.section_id = NOTICE_FIELD_MESSAGES.sectionNeedsClass;
    else if (sec.classId !== body.class_id) fields.section_id = NOTICE_FIELD_MESSAGES.sectionNotInClass;
  }
  const entries = Object.entries(fields);
  if (entries.length) {
    throw new ApiError(400, 'invalid_input', entries.map(([f, m]) => `${f}: ${m}`).join(' '), fields);
  }
}

/**
 * A teacher's notice reaches only their reach (auth/reach.ts: the sections they teach in the
 * notice's session). Chosen students must each be in such a section; without them, the class and
 * section must name sections all taught: a section they teach, a class all of whose sections they
 * teach, or (all classes) the whole school. Anything wider is 403 naming the field to change.
 * School admins address their whole school (checkTargets already holds them to it).
 */
async function checkTeacherReach(
  db: DbOrTx,
  req: FastifyRequest,
  schoolId: number,
  target: { session_id: number; class_id: number; section_id: number; students: number[] },
) {
  // School admins: the school (checkTargets); a teacher: the sections they teach (server/auth/scope.ts).
  const taught = sectionsInReach(req, target.session_id);
  if (!taught) return;
  const refuse = (field: string, message: string) =>
    new ApiError(403, 'notices.beyond_reach', `${field}: ${message}`, { [field]: message });
  if (target.students.length) {
    const outside = await db
      .select({ id: enrolments.studentId })
      .from(enrolments)
      .where(
        and(
          eq(enrolments.schoolId, schoolId),
          eq(enrolments.sessionId, target.session_id),
          inArray(enrolments.studentId, target.students),
          notInArray(enrolments.sectionId, taught),
        ),
      )
      .limit(1);
    if (outside.length) throw refuse('students', NOTICE_FIELD_MESSAGES.notYourStudents);
    return;
  }
  if (target.section_id) {
    if (!(await teachesSection(db, authOf(req).userId, target.section_id, target.session_id)))
      throw refuse('section_id', NOTICE_FIELD_MESSAGES.notYourSection);
    return;
  }
  // A class, or the whole school: every section of it must be one they teach.
  const [untaught] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.schoolId, schoolId),
        target.class_id ? eq(sections.classId, target.class_id) : undefined,
        notInArray(sections.id, taught),
      ),
    )
    .limit(1);
  if (untaught)
    throw target.class_id
      ? refuse('section_id', NOTICE_FIELD_MESSAGES.notAllSections)
      : refuse('class_id', NOTICE_FIELD_MESSAGES.notWholeSchool);
}

export async function noticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/notice/creator',
    {
      config: { action: 'notice.creator', cacheable: true },
      schema: { querystring: noticeCreatorQuery, response: { 200: creatorNoticePage } },
    },
    async (req) => {
      const auth = authOf(req);
      const schoolId = await schoolOf(req);
      // uid is the old client's copy of the caller's id: never trusted, refused if it names someone else.
      if (req.query.uid && req.query.uid !== (await ownProfileId(db, auth.userId, auth.userType))) {
        throw new ApiError(403, 'notices.own_list_only', 'You can list only your own notices.');
      }
      return preparedNoticePage(
        db,
        'notices_by_creator',
        () => ({
          opts: { counts: true },
          where: and(eq(notices.schoolId, placeholder('school')), eq(notices.creatorUserId, placeholder('user')))!,
        }),
        { school: schoolId, user: auth.userId },
        req.query,
        toCountedRow,
      );
    },
  );

  app.get(
    '/notice/edit',
    {
      config: { action: 'notice.edit' },
      schema: { querystring: noticeIdQuery, response: { 200: z.array(schoolNoticeRow) } },
    },
    async (req) => {
      const n = await manageableNotice(db, req, req.query.id);
      const rows = await selectNotices(db, { counts: { author: authOf(req).userId } }).where(eq(notices.id, n.id));
      return rows.map(toSchoolRow);
    },
  );

  app.post(
    '/notice',
    {
      config: { action: 'notice.write' },
      schema: { body: noticeWriteBody, response: { 200: noticeWriteResponse } },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const body = req.body;
      const schoolId = await schoolOf(req, body.school_info_id ?? undefined);
      const existing = body.id ? await manageableNotice(db, req, body.id) : null;
      await checkTargets(db, schoolId, body);
      await checkTeacherReach(db, req, schoolId, body);
      try {
        const id = await saveNotice(db, existing, {
          schoolId,
          userId: auth.userId,
          // The type follows the author's role, whatever the client sent.
          type: auth.userType === USER_TYPES.teacher ? NOTICE_TYPES.teacher : NOTICE_TYPES.school,
          sessionId: body.session_id,
          classId: body.class_id || null,
          sectionId: body.section_id || null,
          headline: body.headline,
          description: body.description,
          publishingDate: body.date,
          students: body.students,
        });
        const done = existing ? 'updated' : 'created';
        return { ok: true as const, id, message: NOTICE_MESSAGES[done], code: NOTICE_SUCCESS_CODES[done] };
      } catch (err) {
        if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.get(
    '/notice/audience',
    {
      // Asked by the editor before publishing: whoever may write a notice may count its audience.
      config: { action: 'notice.write' },
      schema: { querystring: noticeAudienceQuery, response: { 200: noticeAudienceResponse } },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      let sessionId = q.session_id;
      if (!sessionId) {
        const { today } = await schoolClock(db, schoolId);
        sessionId = (await sessionIdForDate(db, today)) ?? undefined;
        if (!sessionId) throw badRequest('session_id', NOTICE_FIELD_MESSAGES.sessionRequired);
      }
      const targets = { session_id: sessionId, class_id: q.class_id, section_id: q.section_id };
      await checkTargets(db, schoolId, targets);
      await checkTeacherReach(db, req, schoolId, { ...targets, students: q.student_ids });
      const students = await audienceSize(db, {
        schoolId,
        sessionId,
        classId: q.class_id || null,
        sectionId: q.section_id || null,
        students: q.student_ids,
      });
      return { students };
    },
  );

  app.get(
    '/notice/reach',
    {
      // Asked by the editor: whoever may write a notice may know whom it may address.
      config: { action: 'notice.write' },
      schema: {
        description:
          'Whom the caller’s notices may address: a school admin the whole school; a teacher the sections they ' +
          'teach, per session (their routine). POST /api/notice refuses anything wider with 403.',
        querystring: noticeReachQuery,
        response: { 200: noticeReachResponse },
      },
    },
    async (req) => {
      await schoolOf(req, req.query.school_info_id);
      const taught = await callerReach(req);
      return taught ? { whole_school: false, sections: taught } : { whole_school: true, sections: [] };
    },
  );

  app.post(
    '/notice/delete',
    {
      config: { action: 'notice.delete' },
      schema: { querystring: noticeIdQuery, response: { 200: noticeDeleteResponse } },
    },
    async (req) => {
      const n = await manageableNotice(db, req, req.query.id);
      const gone = await db.delete(notices).where(eq(notices.id, n.id)).returning({ id: notices.id });
      if (!gone.length) throw notFound('Notice');
      return { ok: true as const, message: NOTICE_MESSAGES.deleted, code: NOTICE_SUCCESS_CODES.deleted };
    },
  );

  app.get(
    '/notice/school',
    {
      config: { action: 'notice.school', cacheable: true },
      schema: { querystring: noticeSchoolQuery, response: { 200: schoolNoticePage } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      const { type } = req.query;
      return preparedNoticePage(
        db,
        type ? 'notices_of_school_by_type' : 'notices_of_school',
        () => {
          const where: SQL[] = [eq(notices.schoolId, placeholder('school'))];
          if (type) where.push(eq(notices.type, placeholder('type')));
          // "Read by N of M" is for the notice's author only: the admin sees it on their own notices.
          return { opts: { counts: { author: placeholder('author') } }, where: and(...where)! };
        },
        { school: schoolId, type, author: authOf(req).userId },
        req.query,
        toSchoolRow,
      );
    },
  );

  app.get(
    '/notice/student',
    {
      config: { action: 'notice.student', cacheable: true },
      schema: { querystring: noticeStudentQuery, response: { 200: studentNoticePage } },
    },
    async (req) => {
      const me = await ownStudent(db, req, req.query.student_id);
      const { type, start_date: start, end_date: end } = req.query;
      if (start && end && start > end) throw badRequest('end_date', NOTICE_FIELD_MESSAGES.endBeforeStart);
      const { today } = await schoolClock(db, me.schoolId);
      // One prepared statement per set of filters present.
      const name = `notices_for_student${type ? '_type' : ''}${start ? '_from' : ''}${end ? '_to' : ''}`;
      return preparedNoticePage(
        db,
        name,
        () => {
          const student = placeholder('student');
          const where: SQL[] = [visibleToStudent(student, placeholder('school'), placeholder('today'))];
          if (type) where.push(eq(notices.type, placeholder('type')));
          if (start) where.push(gte(notices.publishingDate, placeholder('start')));
          if (end) where.push(lte(notices.publishingDate, placeholder('end')));
          return { opts: { reader: student }, where: and(...where)! };
        },
        { student: me.id, school: me.schoolId, today, type, start, end },
        req.query,
        (r) => toStudentRow(r, me.id),
      );
    },
  );

  app.post(
    '/notice/read',
    {
      config: { action: 'notice.read' },
      schema: { querystring: noticeIdQuery, response: { 200: noticeReadResponse } },
    },
    async (req) => {
      const me = await ownStudent(db, req);
      const [n] = await db.select({ schoolId: notices.schoolId }).from(notices).where(eq(notices.id, req.query.id));
      if (!n) throw notFound('Notice');
      await schoolOf(req, n.schoolId);
      const { today } = await schoolClock(db, me.schoolId);
      const [visible] = await db
        .select({ id: notices.id })
        .from(notices)
        .where(and(eq(notices.id, req.query.id), visibleToStudent(me.id, me.schoolId, today)));
      if (!visible) throw notFound('Notice');
      await db.insert(noticeReads).values({ noticeId: visible.id, studentId: me.id }).onConflictDoNothing();
      return { ok: true as const, id: visible.id, read: true as const };
    },
  );
}
