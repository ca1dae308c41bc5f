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
import { z } from 'zod';
import {
  examInfoBody,
  examInfoCreated,
  examInfoPage,
  examInfoQuery,
  examMarkBody,
  examMarkSaved,
  examNameCreateBody,
  examNameParams,
  examNameQuery,
  examNameRenameBody,
  examNameRow,
  gradesheet,
  gradesheetQuery,
  markAuditQuery,
  markAuditPage,
  markIdParams,
  markSheetQuery,
  markSheetRow,
  okMessage,
  publicationBody,
  publicationQuery,
  publicationSaved,
  publicationState,
  studentMarkQuery,
  studentMarkSheet,
} from '@/api/schemas/exams';
import { authOf } from '../auth/guard';
import { examInScope, narrowedToTeacher, resultsStudentInScope } from '../auth/scope';
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

export async function examRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- exam types

  app.get(
    '/exam_name',
    {
      config: { action: 'exam.types' },
      schema: { querystring: examNameQuery, response: { 200: z.array(examNameRow) } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return examTypesOf(db, schoolId);
    },
  );

  app.post(
    '/exam_name',
    {
      config: { action: 'exam.types-write' },
      schema: { body: examNameCreateBody, response: { 200: examNameRow } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return addExamType(db, schoolId, req.body);
    },
  );

  app.put(
    '/exam_name/:id',
    {
      config: { action: 'exam.types-write' },
      schema: { params: examNameParams, body: examNameRenameBody, response: { 200: examNameRow } },
    },
    async (req) => {
      await schoolOf(req, await examTypeSchool(db, req.params.id));
      return renameExamType(db, req.params.id, req.body);
    },
  );

  // ---------------------------------------------------------------- exam setup

  app.post(
    '/exam_info',
    {
      config: { action: 'exam.create' },
      schema: { body: examInfoBody, response: { 200: examInfoCreated } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.body.school_info_id);
      return createExams(db, schoolId, authOf(req).userId, req.body);
    },
  );

  app.get(
    '/exam_info',
    {
      config: { action: 'exam.list' },
      schema: { querystring: examInfoQuery, response: { 200: examInfoPage } },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      // A teacher's list is what they may enter marks for: what they teach (routines), or exams naming them.
      const me = await narrowedToTeacher(req);
      return examListPage(db, schoolId, q, me?.id ?? null);
    },
  );

  // ---------------------------------------------------------------- mark entry

  app.get(
    '/student_mark',
    {
      config: { action: 'exam.mark-sheet-entry' },
      schema: { querystring: studentMarkQuery, response: { 200: studentMarkSheet } },
    },
    async (req) => {
      const q = req.query;
      let examId = q.exam_info_id;
      if (!examId) {
        requireExamFilters(q);
        examId = await examIdByFilters(db, await schoolOf(req, q.school_info_id), q);
      }
      return markEntrySheet(db, await examInScope(req, examId));
    },
  );

  app.post(
    '/exam_mark',
    {
      config: { action: 'exam.mark-entry' },
      schema: { body: examMarkBody, response: { 200: examMarkSaved } },
    },
    async (req) => {
      const exam = await examInScope(req, req.body.exam_info_id);
      return enterMarks(db, exam, authOf(req).userId, req.body);
    },
  );

  app.delete(
    '/exam_marks/:id',
    {
      config: { action: 'exam.mark-delete' },
      schema: { params: markIdParams, response: { 200: okMessage } },
    },
    async (req) => {
      const mark = await markById(db, req.params.id);
      const exam = await examInScope(req, mark.examId);
      return deleteMark(db, exam, mark, authOf(req).userId);
    },
  );

  app.get(
    '/exam_mark/audit',
    {
      config: { action: 'exam.mark-audit' },
      schema: { querystring: markAuditQuery, response: { 200: markAuditPage } },
    },
    async (req) => {
      const exam = await examOrNotFound(db, req.query.exam_info_id);
      await schoolOf(req, exam.school_id);
      return auditPage(db, exam, req.query);
    },
  );

  // ---------------------------------------------------------------- publication

  app.get(
    '/exam/publication',
    {
      config: { action: 'exam.publication' },
      schema: { querystring: publicationQuery, response: { 200: publicationState } },
    },
    async (req) => {
      const schoolId = await schoolOf(req, req.query.school_info_id);
      return publicationAnswer(db, schoolId, req.query.session_id);
    },
  );

  const publish = (action: 'publish' | 'unlock') => async (req: FastifyRequest) => {
    const b = req.body as z.infer<typeof publicationBody>;
    const schoolId = await schoolOf(req, b.school_info_id);
    return setPublication(db, schoolId, authOf(req).userId, b.session_id, action);
  };

  app.post(
    '/exam/publish',
    {
      config: { action: 'exam.publish' },
      schema: { body: publicationBody, response: { 200: publicationSaved } },
    },
    publish('publish'),
  );
  app.post(
    '/exam/unlock',
    {
      config: { action: 'exam.publish' },
      schema: { body: publicationBody, response: { 200: publicationSaved } },
    },
    publish('unlock'),
  );

  // ---------------------------------------------------------------- mark sheet and grade sheet

  const marksOfStudent = async (req: FastifyRequest) => {
    const q = req.query as z.infer<typeof markSheetQuery>;
    return studentMarks(db, await resultsStudentInScope(req, q), q);
  };

  app.get(
    '/mark',
    {
      config: { action: 'exam.marksheet', cacheable: true },
      schema: { querystring: markSheetQuery, response: { 200: z.array(markSheetRow) } },
    },
    marksOfStudent,
  );
  app.get(
    '/exam_mark',
    {
      config: { action: 'exam.marksheet' },
      schema: { querystring: markSheetQuery, response: { 200: z.array(markSheetRow) } },
    },
    marksOfStudent,
  );

  app.get(
    '/gradesheet',
    {
      config: { action: 'exam.gradesheet', cacheable: true },
      schema: { querystring: gradesheetQuery, response: { 200: gradesheet } },
    },
    async (req) => {
      const who = await resultsStudentInScope(req, req.query);
      return studentGradesheet(db, app.hotCache, who, req.query.session_id);
    },
  );
}
