/** Records (docs/DOMAIN.md, Records), served by server/routes/people-records.ts. */
import { get, post } from '@/api/endpoints/define';
import {
  certificateQuery,
  deactivateStudentBody,
  deactivateTeacherBody,
  reactivateStudentBody,
  reactivateTeacherBody,
  recordMessage,
  studentRecord,
  studentRecordQuery,
  teacherRecord,
  teacherRecordQuery,
  updateResponse,
  updateStudentBody,
  updateTeacherBody,
} from '@/api/schemas/people-records';

export const peopleRecordsEndpoints = {
  studentRecord: get('/student/record', 'people.update', { query: studentRecordQuery, response: studentRecord }),
  teacherRecord: get('/teacher/record', 'people.update', { query: teacherRecordQuery, response: teacherRecord }),
  studentUpdate: post('/student/update', 'people.update', {
    query: studentRecordQuery,
    body: updateStudentBody,
    response: updateResponse,
  }),
  teacherUpdate: post('/teacher/update', 'people.update', {
    query: teacherRecordQuery,
    body: updateTeacherBody,
    response: updateResponse,
  }),
  studentDeactivate: post('/student/deactivate', 'people.deactivate', {
    body: deactivateStudentBody,
    response: recordMessage,
  }),
  teacherDeactivate: post('/teacher/deactivate', 'people.deactivate', {
    body: deactivateTeacherBody,
    response: recordMessage,
  }),
  studentReactivate: post('/student/reactivate', 'people.deactivate', {
    body: reactivateStudentBody,
    response: recordMessage,
  }),
  teacherReactivate: post('/teacher/reactivate', 'people.deactivate', {
    body: reactivateTeacherBody,
    response: recordMessage,
  }),
  transferCertificate: get('/student/transfer_certificate', 'people.certificate', { query: certificateQuery }),
  testimonial: get('/student/testimonial', 'people.certificate', { query: certificateQuery }),
};
