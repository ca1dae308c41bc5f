/**
 * Exams, marks, mark sheets and grade sheets (spec part 2 §Exams, marks, grade sheet).
 * The school admin sets up exams and publishes (locks) a session's results; teachers enter the
 * marks of what they teach (routines, or the exam naming them), the admin any of the school's;
 * students read their own mark and grade sheets once published; teachers their sections', the
 * admin the school's, viewers a linked school's.
 *
 * Paths added beyond the spec (it shows none for these duties): POST /api/exam_name (add a type),
 * PUT /api/exam_name/{id} (rename),
 * GET /api/exam_mark/audit, GET /api/exam/publication, POST /api/exam/publish, POST /api/exam/unlock,
 * GET /api/exam_mark serves the spec's per-exam mark sheet read alongside GET /api/mark.
 *
 * The rules live in the services: setting exams up and publishing in services/exam-setup.ts, mark
 * entry in services/exam-marks.ts (saving in services/exams.ts), the sheets in
 * services/exam-results.ts; whose exams and results a caller reaches in server/auth/scope.ts
 * (`examInScope`, `resultsStudentInScope`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { markSheetQuery, publicationBody } from '@/api/schemas/exams';
import { authOf } from '../auth/guard';
import { examInScope, narrowedToTeacher, resultsStudentInScope, sectionInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { examListPage } from '../services/exams';
import {
  addExamType,
  createExams,
  examTypesOf,
  examTypeSchool,
  publicationState as publicationAnswer,
  renameExamType,
  setPublication,
} from '../services/exam-setup';
import {
  deleteMark,
  enterMarks,
  examIdByFilters,
  examOrNotFound,
  markAuditPage as auditPage,
  markById,
  markEntrySheet,
  requireExamFilters,
} from '../services/exam-marks';
import { studentGradesheet, studentMarks } from '../services/exam-results';
import { sectionMarkList } from '../services/spec-calls';
import { examsEndpoints } from '@/api/endpoints/exams';
import { route } from './define';

export async function examRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- exam types

  route(app, examsEndpoints.examName, {}, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return examTypesOf(db, schoolId);
  });

  route(app, examsEndpoints.postExamName, {}, async (req) => {
    const schoolId = await schoolOf(req, req.body.school_info_id);
    return addExamType(db, schoolId, req.body);
  });

  route(app, examsEndpoints.putExamName, {}, async (req) => {
    await schoolOf(req, await examTypeSchool(db, req.params.id));
    return renameExamType(db, req.params.id, req.body);
  });

  // ---------------------------------------------------------------- exam setup

  route(app, examsEndpoints.postExamInfo, {}, async (req) => {
    const schoolId = await schoolOf(req, req.body.school_info_id);
    return createExams(db, schoolId, authOf(req).userId, req.body);
  });

  route(app, examsEndpoints.examInfo, {}, async (req) => {
    const q = req.query;
    const schoolId = await schoolOf(req, q.school_info_id);
    // A teacher's list is what they may enter marks for: what they teach (routines), or exams naming them.
    const me = await narrowedToTeacher(req);
    return examListPage(db, schoolId, q, me?.id ?? null);
  });

  // ---------------------------------------------------------------- mark entry

  route(app, examsEndpoints.studentMark, {}, async (req) => {
    const q = req.query;
    let examId = q.exam_info_id;
    // The spec's call names only the session, class, section and school: the section's list.
    if (!examId && !q.exam_name_id && !q.subject_id && q.session_id && q.section_id) {
      const section = await sectionInScope(req, q.section_id, {
        schoolInfoId: q.school_info_id,
        sessionId: q.session_id,
        reach: 'results',
      });
      const me = await narrowedToTeacher(req);
      return sectionMarkList(db, section, q.session_id, me?.id ?? null);
    }
    if (!examId) {
      requireExamFilters(q);
      examId = await examIdByFilters(db, await schoolOf(req, q.school_info_id), q);
    }
    return markEntrySheet(db, await examInScope(req, examId));
  });

  route(app, examsEndpoints.postExamMark, {}, async (req) => {
    const exam = await examInScope(req, req.body.exam_info_id);
    return enterMarks(db, exam, authOf(req).userId, req.body);
  });

  route(app, examsEndpoints.examMarks, {}, async (req) => {
    const mark = await markById(db, req.params.id);
    const exam = await examInScope(req, mark.examId);
    return deleteMark(db, exam, mark, authOf(req).userId);
  });

  route(app, examsEndpoints.examMarkAudit, {}, async (req) => {
    const exam = await examOrNotFound(db, req.query.exam_info_id);
    await schoolOf(req, exam.school_id);
    return auditPage(db, exam, req.query);
  });

  // ---------------------------------------------------------------- publication

  route(app, examsEndpoints.examPublication, {}, async (req) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    return publicationAnswer(db, schoolId, req.query.session_id);
  });

  const publish = (action: 'publish' | 'unlock') => async (req: FastifyRequest) => {
    const b = req.body as z.infer<typeof publicationBody>;
    const schoolId = await schoolOf(req, b.school_info_id);
    return setPublication(db, schoolId, authOf(req).userId, b.session_id, action);
  };

  route(app, examsEndpoints.examPublish, {}, publish('publish'));
  route(app, examsEndpoints.examUnlock, {}, publish('unlock'));

  // ---------------------------------------------------------------- mark sheet and grade sheet

  const marksOfStudent = async (req: FastifyRequest) => {
    const q = req.query as z.infer<typeof markSheetQuery>;
    return studentMarks(db, await resultsStudentInScope(req, q), q);
  };

  route(
    app,
    examsEndpoints.mark,
    {
      config: { cacheable: true },
    },
    marksOfStudent,
  );
  route(app, examsEndpoints.examMark, {}, marksOfStudent);

  route(
    app,
    examsEndpoints.gradesheet,
    {
      config: { cacheable: true },
    },
    async (req) => {
      const who = await resultsStudentInScope(req, req.query);
      return studentGradesheet(db, app.hotCache, who, req.query.session_id);
    },
  );
}
