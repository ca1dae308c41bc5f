/**
 * The subject activities' endpoints (the old portal's activities, set and answered like homework),
 * served by server/routes/subject-activities.ts. The clubs and sports are activities.ts's.
 */
import { get, post, urlOf } from '@/api/endpoints/define';
import {
  activityAnswerPage,
  extraCurriculumMarkBody,
  extraCurriculumMarkResponse,
  studentSubjectActivityOneQuery,
  studentSubjectActivityPage,
  studentSubjectActivityQuery,
  studentSubjectActivityRow,
  subjectActivityCreateBody,
  subjectActivityFileParams,
  subjectActivityFileQuery,
  subjectActivityPage,
  subjectActivitySubmitBody,
  subjectActivitySubmitListQuery,
  subjectActivityWriteResponse,
  teacherSubjectActivityQuery,
} from '@/api/schemas/subject-activities';

export const subjectActivitiesEndpoints = {
  teacher: post('/activities/teacher', 'subject-activity.create', {
    body: subjectActivityCreateBody,
    response: subjectActivityWriteResponse,
  }),
  teacherIndividual: get('/activities/teacher/individual', 'subject-activity.teacher-list', {
    query: teacherSubjectActivityQuery,
    response: subjectActivityPage,
  }),
  teacherSubmitlist: get('/activities/teacher/submitlist', 'subject-activity.submit-list', {
    query: subjectActivitySubmitListQuery,
    response: activityAnswerPage,
  }),
  mark: post('/teacher_extra_curriculum_marks', 'subject-activity.mark', {
    body: extraCurriculumMarkBody,
    response: extraCurriculumMarkResponse,
  }),
  student: get('/activities/student', 'subject-activity.student', {
    query: studentSubjectActivityQuery,
    response: studentSubjectActivityPage,
  }),
  studentId: get('/activities/student/id', 'subject-activity.student', {
    query: studentSubjectActivityOneQuery,
    response: studentSubjectActivityRow,
  }),
  submit: post('/activities/submit', 'subject-activity.submit', {
    body: subjectActivitySubmitBody,
    response: subjectActivityWriteResponse,
  }),
  file: get('/activities/file/:id', 'subject-activity.file', {
    query: subjectActivityFileQuery,
    params: subjectActivityFileParams,
  }),
  submissionFile: get('/activities/submission/file/:id', 'subject-activity.file', {
    params: subjectActivityFileParams,
  }),
};

/** An activity's attachment as the answers carry it; a guardian's names the child read for. */
export const subjectActivityFileUrl = (activityId: number, studentId?: number) =>
  urlOf(subjectActivitiesEndpoints.file, { id: activityId }) + (studentId ? `?student_id=${studentId}` : '');
export const activityAnswerFileUrl = (submissionId: number) =>
  urlOf(subjectActivitiesEndpoints.submissionFile, { id: submissionId });
