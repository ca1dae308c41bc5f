/**
 * Subject activities (docs/DOMAIN.md, "Exams and grades"; server/services/subject-activities.ts):
 * the old portal's activities, set by a teacher for a subject of a section they teach, answered by
 * its students with text and a file, marked by the teacher; the marks are the subject's Extra
 * Curriculum on the grade sheet. Shaped as homework's routes (routes/homework.ts): files come as
 * multipart/form-data and leave only through the two download routes here, which check who asks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { callerTeacher, childOfLinks, studentInScope, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { forbidden } from '../errors';
import { RateLimited } from '../services/create-budget';
import {
  activityAnswerRecord,
  activityFileOf,
  activityWithAnswers,
  answerFileOf,
  checkActivityFor,
  createSubjectActivity,
  markAnswer,
  notOwnActivity,
  studentActivityList,
  studentActivityOne,
  subjectActivityRecord,
  submitActivityAnswer,
  teacherActivityPage,
  type SubjectActivityRecord,
} from '../services/subject-activities';
import { sendStoredFile, uploadDirOf } from '../storage/files';
import { subjectActivitiesEndpoints as E } from '@/api/endpoints/subject-activities';
import { route } from './define';

/** The calling teacher (server/auth/scope.ts); a teacher_id in the request must be their own. */
async function ownTeacher(req: FastifyRequest, requested?: number) {
  const me = await callerTeacher(req);
  if (requested && requested !== me.id) throw forbidden('You can act only as yourself.');
  return me;
}

/**
 * May the caller read this activity (and its attachment)? Its teacher, its school's admin and
 * viewers (server/auth/scope.ts), and the students it is for: a student, or a guardian for the
 * child named (`studentId`).
 */
async function mayReadActivity(req: FastifyRequest, act: SubjectActivityRecord, studentId?: number) {
  await teacherRowInScope(req, act.schoolId, (me) => me.id === act.teacherId, notOwnActivity);
  const student = await studentOfCaller(req, studentId);
  if (student) await checkActivityFor(req.server.db, act, student.id);
}

export async function subjectActivityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const uploadDir = uploadDirOf(app.config);

  route(app, E.teacher, { config: { upload: true } }, async (req, reply) => {
    const me = await ownTeacher(req, req.body.teacher_id);
    const schoolId = await schoolOf(req, req.body.school_info_id ?? undefined);
    return createSubjectActivity(db, uploadDir, schoolId, me.id, req.body, req.incomingFile).catch((err: unknown) => {
      if (err instanceof RateLimited) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    });
  });

  route(app, E.teacherIndividual, {}, async (req) => {
    const me = await ownTeacher(req, req.query.teacher_id);
    return teacherActivityPage(db, me.id, req.query);
  });

  route(app, E.teacherSubmitlist, {}, async (req) => {
    const act = await subjectActivityRecord(db, req.query.home_work_id);
    await mayReadActivity(req, act);
    return activityWithAnswers(db, act, req.query);
  });

  route(app, E.mark, {}, async (req) => {
    const found = await activityAnswerRecord(db, req.body.submission_id);
    // Only the activity's own teacher marks (another teacher of the school: 403 not_own).
    await teacherRowInScope(req, found.act.schoolId, (me) => me.id === found.act.teacherId, notOwnActivity);
    const me = await callerTeacher(req);
    return markAnswer(db, me.id, found, req.body);
  });

  route(app, E.student, {}, async (req) => {
    // A student's own, a guardian's linked child's (student_id): server/auth/scope.ts.
    const me = await studentInScope(req, req.query.student_id);
    return studentActivityList(db, me, req.query, childOfLinks(req, me.id));
  });

  route(app, E.studentId, {}, async (req) => {
    const act = await subjectActivityRecord(db, req.query.homework_id);
    await mayReadActivity(req, act, req.query.student_id);
    const me = await studentInScope(req, req.query.student_id);
    return studentActivityOne(db, act.id, me.id, childOfLinks(req, me.id));
  });

  route(app, E.submit, { config: { upload: true } }, async (req) => {
    const me = await studentInScope(req, req.body.student_id);
    const act = await subjectActivityRecord(db, req.body.homework_id);
    await mayReadActivity(req, act);
    return submitActivityAnswer(
      db,
      { uploadDir, quotaMb: app.config.UPLOAD_QUOTA_MB, log: req.log },
      act,
      me.id,
      req.body.answer,
      req.incomingFile,
    );
  });

  route(app, E.file, {}, async (req, reply) => {
    const act = await subjectActivityRecord(db, req.params.id);
    await mayReadActivity(req, act, req.query.student_id);
    return sendStoredFile(reply, uploadDir, activityFileOf(act));
  });

  route(app, E.submissionFile, {}, async (req, reply) => {
    const { sub, act } = await activityAnswerRecord(db, req.params.id);
    // The activity's teacher, the school's admin and viewers; of the students only the one who
    // sent it, or a guardian linked to them: server/auth/scope.ts.
    await teacherRowInScope(req, sub.schoolId, (me) => me.id === act.teacherId, notOwnActivity);
    await studentOfCaller(req, sub.studentId);
    return sendStoredFile(reply, uploadDir, answerFileOf(sub));
  });
}
