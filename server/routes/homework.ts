/**
 * Homework (spec part 2 §Homework and section 7). Teachers set homework for the sections
 * and subjects they teach (the routines table says which) and see who submitted; students list
 * their section's homework and submit a file; the school admin and viewers filter a school's
 * homework and read the submissions. Files come as multipart/form-data (storage/uploads-plugin.ts)
 * and leave only through the two download routes here, which check who asks. The rules and queries
 * live in server/services/homework.ts (reading, submitting) and homework-setting.ts (a teacher's
 * setting and deleting); who reaches which homework in server/auth/scope.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { callerTeacher, childOfLinks, studentInScope, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { ApiError, forbidden } from '../errors';
import { RateLimited } from '../services/create-budget';
import {
  checkHomeworkFor,
  homeworkFileOf,
  homeworkRecord,
  homeworkWithSubmissions,
  schoolHomeworkPage,
  studentHomeworkList,
  studentHomeworkOne,
  submissionRecord,
  submitHomework,
  teacherHomeworkPage,
  type HomeworkRecord,
} from '../services/homework';
import { createHomework, deleteHomework, teacherOptions } from '../services/homework-setting';
import { sendStoredFile, uploadDirOf } from '../storage/files';
import { homeworkEndpoints } from '@/api/endpoints/homework';
import { route } from './define';

export { HOMEWORK_CREATES_PER_HOUR } from '../services/homework-setting';

/** The calling teacher (server/auth/scope.ts); a teacher_id in the request must be their own. */
async function ownTeacher(req: FastifyRequest, requested?: number) {
  const me = await callerTeacher(req);
  if (requested && requested !== me.id) throw forbidden('You can act only as yourself.');
  return me;
}

const notOwn = () => new ApiError(403, 'homework.not_own', 'That is another teacher’s homework.');

/**
 * May the caller read this homework (and its attachment)? Its teacher, its school's admin and
 * viewers (server/auth/scope.ts), and the students it is for: a student, or a guardian for the
 * child named (`studentId`).
 */
async function mayReadHomework(req: FastifyRequest, hw: HomeworkRecord, studentId?: number) {
  await teacherRowInScope(req, hw.schoolId, (me) => me.id === hw.teacherId, notOwn);
  const student = await studentOfCaller(req, studentId);
  if (student) await checkHomeworkFor(req.server.db, hw, student.id);
}

export async function homeworkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const uploadDir = uploadDirOf(app.config);

  route(app, homeworkEndpoints.teacherOptions, {}, async (req) => {
    return teacherOptions(db, await ownTeacher(req));
  });

  route(
    app,
    homeworkEndpoints.teacher,
    {
      config: { upload: true },
    },
    async (req, reply) => {
      const me = await ownTeacher(req, req.body.teacher_id);
      const schoolId = await schoolOf(req, req.body.school_info_id ?? undefined);
      return createHomework(db, uploadDir, schoolId, me.id, req.body, req.incomingFile).catch((err: unknown) => {
        if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      });
    },
  );

  route(app, homeworkEndpoints.delete, {}, async (req) => {
    const hw = await homeworkRecord(db, req.query.id);
    await teacherRowInScope(req, hw.schoolId, (me) => me.id === hw.teacherId, notOwn);
    return deleteHomework(db, uploadDir, req.log, hw);
  });

  route(app, homeworkEndpoints.teacherIndividual, {}, async (req) => {
    const me = await ownTeacher(req, req.query.teacher_id);
    return teacherHomeworkPage(db, me.id, req.query);
  });

  route(app, homeworkEndpoints.teacherSubmitlist, {}, async (req) => {
    const hw = await homeworkRecord(db, req.query.home_work_id);
    await mayReadHomework(req, hw);
    return homeworkWithSubmissions(db, hw, req.query);
  });

  route(app, homeworkEndpoints.student, {}, async (req) => {
    // A student's own, a guardian's linked child's (student_id): server/auth/scope.ts.
    const me = await studentInScope(req, req.query.student_id);
    return studentHomeworkList(db, me, req.query, childOfLinks(req, me.id));
  });

  route(app, homeworkEndpoints.studentId, {}, async (req) => {
    const hw = await homeworkRecord(db, req.query.homework_id);
    await mayReadHomework(req, hw, req.query.student_id);
    const me = await studentInScope(req, req.query.student_id);
    return studentHomeworkOne(db, hw.id, me.id, childOfLinks(req, me.id));
  });

  route(
    app,
    homeworkEndpoints.submit,
    {
      config: { upload: true },
    },
    async (req) => {
      const me = await studentInScope(req, req.body.student_id);
      const hw = await homeworkRecord(db, req.body.homework_id);
      await mayReadHomework(req, hw);
      return submitHomework(
        db,
        { uploadDir, quotaMb: app.config.UPLOAD_QUOTA_MB, log: req.log },
        hw,
        me.id,
        req.incomingFile,
      );
    },
  );

  route(app, homeworkEndpoints.allFilter, {}, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return schoolHomeworkPage(db, schoolId, req.query);
  });

  route(app, homeworkEndpoints.file, {}, async (req, reply) => {
    const hw = await homeworkRecord(db, req.params.id);
    // A guardian names the child (student_id): linked to them, and the homework set for the child.
    await mayReadHomework(req, hw, req.query.student_id);
    return sendStoredFile(reply, uploadDir, homeworkFileOf(hw));
  });

  route(app, homeworkEndpoints.submissionFile, {}, async (req, reply) => {
    const { sub, hw, file } = await submissionRecord(db, req.params.id);
    // The homework's teacher, the school's admin and viewers; of the students, only the one who
    // sent it (never a classmate) or a guardian linked to them: server/auth/scope.ts.
    await teacherRowInScope(req, sub.schoolId, (me) => me.id === hw.teacherId, notOwn);
    await studentOfCaller(req, sub.studentId);
    return sendStoredFile(reply, uploadDir, file);
  });
}
