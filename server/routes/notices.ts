/**
 * Notices (spec part 1: teacher, school admin, student and viewer notice screens; calls in
 * section 7). Teachers manage their own notices, addressed only within the sections they teach;
 * the school admin every notice of the school; students read the notices addressed to them;
 * viewers browse a linked school's notices. Who reaches which notice is server/auth/scope.ts's to
 * say; the rules and queries are server/services/notice-writing.ts and notice-lists.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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
import { noticesEndpoints } from '@/api/endpoints/notices';
import { route } from './define';

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

  route(
    app,
    noticesEndpoints.creator,
    {
      config: { cacheable: true },
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

  route(app, noticesEndpoints.edit, {}, async (req) => {
    const n = await manageableNotice(req, req.query.id);
    return noticeForEditor(db, n.id, authOf(req).userId);
  });

  route(app, noticesEndpoints.create, {}, async (req, reply) => {
    const body = req.body;
    const schoolId = await schoolOf(req, body.school_info_id ?? undefined);
    const existing = body.id ? await manageableNotice(req, body.id) : null;
    return writeNotice(db, schoolId, existing, authOf(req), reachOf(req), body).catch((err: unknown) => {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    });
  });

  route(app, noticesEndpoints.audience, {}, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return noticeAudience(db, schoolId, authOf(req).userId, reachOf(req), req.query);
  });

  route(
    app,
    noticesEndpoints.reach,
    {
      schema: {
        description:
          'Whom the caller’s notices may address: a school admin the whole school; a teacher the sections they ' +
          'teach, per session (their routine). POST /api/notice refuses anything wider with 403.',
      },
    },
    async (req) => {
      await schoolOf(req, req.query.school_info_id);
      const taught = await callerReach(req);
      return taught ? { whole_school: false, sections: taught } : { whole_school: true, sections: [] };
    },
  );

  route(app, noticesEndpoints.delete, {}, async (req) => {
    const n = await manageableNotice(req, req.query.id);
    return deleteNotice(db, n.id);
  });

  route(
    app,
    noticesEndpoints.school,
    {
      config: { cacheable: true },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return schoolNotices(db, schoolId, authOf(req).userId, req.query);
    },
  );

  route(
    app,
    noticesEndpoints.student,
    {
      config: { cacheable: true },
    },
    async (req) => {
      const me = await noticeReader(req, req.query.student_id);
      return studentNotices(db, me, req.query);
    },
  );

  route(app, noticesEndpoints.read, {}, async (req) => {
    const me = await noticeReader(req);
    return markNoticeRead(db, req.query.id, me, (schoolId) => schoolOf(req, schoolId));
  });
}
