/**
 * Subject activity calls (docs/DOMAIN.md, "Exams and grades": the old portal's activities, set and
 * answered like homework), typed with ./schemas/subject-activities, and the query factories the
 * screens read with. The two writes with a file go through ./upload (progress); they and the mark
 * are the subject activity machines' actors, and a success invalidates `subjectActivityKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { postForm, type UploadOptions } from '@/api/upload';
import {
  subjectActivityWriteResponse,
  type ExtraCurriculumMarkInput,
  type SubjectActivityCreateInput,
  type SubjectActivitySubmitInput,
} from '@/api/schemas/subject-activities';
import { subjectActivitiesEndpoints as E } from '@/api/endpoints/subject-activities';

export interface PageParams {
  limit?: number;
  offset?: number;
}

export const subjectActivityKeys = {
  all: ['subject-activities'] as const,
  teacher: (p: PageParams) => ['subject-activities', 'teacher', p] as const,
  answers: (id: number, p: PageParams) => ['subject-activities', 'answers', id, p] as const,
  student: (p: PageParams & { student_id?: number }) => ['subject-activities', 'student', p] as const,
  studentOne: (id: number, studentId?: number) =>
    ['subject-activities', 'student', 'one', id, studentId ?? 'own'] as const,
};

export const teacherActivitiesQuery = (p: PageParams) =>
  queryOptions({
    queryKey: subjectActivityKeys.teacher(p),
    queryFn: () => request(E.teacherIndividual, { query: { ...p } }),
    placeholderData: keepPreviousData,
  });

export const activityAnswersQuery = (id: number, p: PageParams) =>
  queryOptions({
    queryKey: subjectActivityKeys.answers(id, p),
    queryFn: () => request(E.teacherSubmitlist, { query: { home_work_id: id, ...p } }),
    placeholderData: keepPreviousData,
  });

/** `student_id`: a guardian's child; a student sends none and gets their own. */
export const studentActivitiesQuery = (p: PageParams & { student_id?: number }) =>
  queryOptions({
    queryKey: subjectActivityKeys.student(p),
    queryFn: () => request(E.student, { query: { ...p } }),
    placeholderData: keepPreviousData,
  });

export const studentActivityOneQuery = (id: number, studentId?: number) =>
  queryOptions({
    queryKey: subjectActivityKeys.studentOne(id, studentId),
    queryFn: () => request(E.studentId, { query: { homework_id: id, student_id: studentId } }),
  });

/** POST /api/activities/teacher: the form's fields, and the attachment when there is one. */
export function createSubjectActivity(body: SubjectActivityCreateInput, file: File | null, opts: UploadOptions = {}) {
  return postForm(urlOf(E.teacher), subjectActivityWriteResponse, { ...body }, file, opts);
}

/** POST /api/activities/submit: a student's answer text and file (either may be empty, not both). */
export function submitActivityAnswer(body: SubjectActivitySubmitInput, file: File | null, opts: UploadOptions = {}) {
  return postForm(urlOf(E.submit), subjectActivityWriteResponse, { ...body }, file, opts);
}

/** POST /api/teacher_extra_curriculum_marks: one answer's mark and feedback. */
export function markActivityAnswer(body: ExtraCurriculumMarkInput, idempotencyKey?: string) {
  return request(E.mark, { body, idempotencyKey });
}
