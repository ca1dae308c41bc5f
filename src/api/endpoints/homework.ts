/** The homework endpoints, served by server/routes/homework.ts. */
import { get, post, urlOf } from '@/api/endpoints/define';
import {
  homeworkCreateBody,
  homeworkDeleteResponse,
  homeworkFileParams,
  homeworkFileQuery,
  homeworkFilterQuery,
  homeworkIdQuery,
  homeworkPage as homeworkPageSchema,
  homeworkSubmitBody,
  homeworkSubmitResponse,
  homeworkWriteResponse,
  studentHomeworkOneQuery,
  studentHomeworkPage as studentHomeworkPageSchema,
  studentHomeworkQuery,
  studentHomeworkRow,
  submitListPage,
  submitListQuery,
  teacherHomeworkQuery,
  teacherOptionsQuery,
  teacherOptionsResponse,
} from '@/api/schemas/homework';

export const homeworkEndpoints = {
  teacherOptions: get('/homework/teacher/options', 'homework.teacher-options', {
    query: teacherOptionsQuery,
    response: teacherOptionsResponse,
  }),
  teacher: post('/homework/teacher', 'homework.create', { body: homeworkCreateBody, response: homeworkWriteResponse }),
  delete: post('/homework/delete', 'homework.delete', { query: homeworkIdQuery, response: homeworkDeleteResponse }),
  teacherIndividual: get('/homework/teacher/individual', 'homework.teacher-list', {
    query: teacherHomeworkQuery,
    response: homeworkPageSchema,
  }),
  teacherSubmitlist: get('/homework/teacher/submitlist', 'homework.submit-list', {
    query: submitListQuery,
    response: submitListPage,
  }),
  student: get('/homework/student', 'homework.student', {
    query: studentHomeworkQuery,
    response: studentHomeworkPageSchema,
  }),
  studentId: get('/homework/student/id', 'homework.student', {
    query: studentHomeworkOneQuery,
    response: studentHomeworkRow,
  }),
  submit: post('/homework/submit', 'homework.submit', { body: homeworkSubmitBody, response: homeworkSubmitResponse }),
  allFilter: get('/homework/all/filter', 'homework.filter', {
    query: homeworkFilterQuery,
    response: homeworkPageSchema,
  }),
  file: get('/homework/file/:id', 'homework.file', { query: homeworkFileQuery, params: homeworkFileParams }),
  submissionFile: get('/homework/submission/file/:id', 'homework.file', { params: homeworkFileParams }),
};

/**
 * An attachment's URL as the answers carry it (file_url). A guardian names the child they read it
 * for: the server checks the link and the child's section.
 */
export const homeworkFileUrl = (homeworkId: number, studentId?: number) =>
  urlOf(homeworkEndpoints.file, { id: homeworkId }) + (studentId ? `?student_id=${studentId}` : '');
export const submissionFileUrl = (submissionId: number) =>
  urlOf(homeworkEndpoints.submissionFile, { id: submissionId });
