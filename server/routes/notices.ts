/**
 * Notices (spec part 1: teacher, school admin, student and viewer notice screens; calls in
 * section 7). Teachers manage their own notices, addressed only within the sections they teach;
 * the school admin every notice of the school; students read the notices addressed to them;
 * viewers browse a linked school's notices. Who reaches which notice is server/auth/scope.ts's to
 * say; the rules and queries are server/services/notice-writing.ts and notice-lists.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creatorNoticePage,
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
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { callerProfileId, callerReach, noticeReader, sectionsInReach, teacherRowInScope } from '../auth/scope';
import { ApiError } from '../errors';
import {
  creatorNotices,
  markNoticeRead,
  noticeForEditor,
  schoolNotices,
  studentNotices,
} from '../services/notice-lists';
import { RateLimited } from '../services/notices';
import { deleteNotice, noticeAudience, noticeRecord, writeNotice, type NoticeReach } from '../services/notice-writing';

/**
 * A notice the caller may change: it must exist (404), be of the caller's school (403), and for
 * a teacher be their own (403). The school admin may change any notice of the school
 * (server/auth/scope.ts).
 */
async function manageableNotice(req: FastifyRequest, noticeId: number) {
  const n = await noticeRecord(req.server.db, noticeId);
  await teacherRowInScope(
    req,
    n.schoolId,
    () => n.creatorUserId === authOf(req).userId,
    () => new ApiError(403, 'notices.not_own', 'That is another teacher’s notice.'),
  );
  return n;
}

/** The sections the caller's notices stop at in a session: a teacher's taught ones, null for the school's. */
const reachOf =
  (req: FastifyRequest): NoticeReach =>
  (sessionId) =>
    sectionsInReach(req, sessionId);

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
      const schoolId = await schoolOf(req);
      // uid is the old client's copy of the caller's id: never trusted, refused if it names someone else.
      if (req.query.uid && req.query.uid !== (await callerProfileId(req))) {
        throw new ApiError(403, 'notices.own_list_only', 'You can list only your own notices.');
      }
      return creatorNotices(db, schoolId, authOf(req).userId, req.query);
    },
  );

  app.get(
    '/notice/edit',
    {
      config: { action: 'notice.edit' },
      schema: { querystring: noticeIdQuery, response: { 200: z.array(schoolNoticeRow) } },
    },
    async (req) => {
      const n = await manageableNotice(req, req.query.id);
      return noticeForEditor(db, n.id, authOf(req).userId);
    },
  );

  app.post(
    '/notice',
    {
      config: { action: 'notice.write' },
      schema: { body: noticeWriteBody, response: { 200: noticeWriteResponse } },
    },
    async (req, reply) => {
      const body = req.body;
      const schoolId = await schoolOf(req, body.school_info_id ?? undefined);
      const existing = body.id ? await manageableNotice(req, body.id) : null;
      return writeNotice(db, schoolId, existing, authOf(req), reachOf(req), body).catch((err: unknown) => {
        if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      });
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
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return noticeAudience(db, schoolId, authOf(req).userId, reachOf(req), req.query);
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
      const n = await manageableNotice(req, req.query.id);
      return deleteNotice(db, n.id);
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
      return schoolNotices(db, schoolId, authOf(req).userId, req.query);
    },
  );

  app.get(
    '/notice/student',
    {
      config: { action: 'notice.student', cacheable: true },
      schema: { querystring: noticeStudentQuery, response: { 200: studentNoticePage } },
    },
    async (req) => {
      const me = await noticeReader(req, req.query.student_id);
      return studentNotices(db, me, req.query);
    },
  );

  app.post(
    '/notice/read',
    {
      config: { action: 'notice.read' },
      schema: { querystring: noticeIdQuery, response: { 200: noticeReadResponse } },
    },
    async (req) => {
      const me = await noticeReader(req);
      return markNoticeRead(db, req.query.id, me, (schoolId) => schoolOf(req, schoolId));
    },
  );
}
