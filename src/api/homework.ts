/**
 * Homework calls (spec part 2 §Homework, section 7), typed with ./schemas/homework, and the query
 * factories the screens read with. The two writes with a file go through ./upload (progress);
 * they are the homework machines' actors, and a success invalidates `homeworkKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { request } from '@/api/client';
import { urlOf } from '@/api/endpoints/define';
import { postForm, type UploadOptions } from '@/api/upload';
import { fetchSections } from '@/api/lookups';

import {
  homeworkSubmitResponse,
  homeworkWriteResponse,
  type HomeworkCreateInput,
  type HomeworkFilter,
  type HomeworkSubmitInput,
} from '@/api/schemas/homework';
import { homeworkEndpoints } from '@/api/endpoints/homework';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { peopleEndpoints } from '@/api/endpoints/people';

export interface PageParams {
  limit?: number;
  offset?: number;
}

export const homeworkKeys = {
  all: ['homework'] as const,
  options: () => ['homework', 'options'] as const,
  teacher: (p: PageParams) => ['homework', 'teacher', p] as const,
  submitList: (id: number, p: PageParams) => ['homework', 'submitlist', id, p] as const,
  student: (p: PageParams & { student_id?: number }) => ['homework', 'student', p] as const,
  pending: (studentId?: number) => ['homework', 'student', 'pending', studentId ?? 'own'] as const,
  studentOne: (id: number) => ['homework', 'student', 'one', id] as const,
  filter: (q: HomeworkFilter) => ['homework', 'filter', q] as const,
};

export const teacherOptionsQuery = () =>
  queryOptions({
    queryKey: homeworkKeys.options(),
    queryFn: () => request(homeworkEndpoints.teacherOptions),
  });

export const teacherHomeworkQuery = (p: PageParams) =>
  queryOptions({
    queryKey: homeworkKeys.teacher(p),
    queryFn: () => request(homeworkEndpoints.teacherIndividual, { query: { ...p } }),
    placeholderData: keepPreviousData,
  });

export const submitListQuery = (id: number, p: PageParams) =>
  queryOptions({
    queryKey: homeworkKeys.submitList(id, p),
    queryFn: () => request(homeworkEndpoints.teacherSubmitlist, { query: { home_work_id: id, ...p } }),
    placeholderData: keepPreviousData,
  });

/** `student_id`: a guardian's child; a student sends none and gets their own. */
export const studentHomeworkQuery = (p: PageParams & { student_id?: number }) =>
  queryOptions({
    queryKey: homeworkKeys.student(p),
    queryFn: () => request(homeworkEndpoints.student, { query: { ...p } }),
    placeholderData: keepPreviousData,
  });

/** What the student has still to do: unanswered, soonest last date first (the home screen's card). */
export const PENDING_ON_HOME = 5;
export const pendingHomeworkQuery = (studentId?: number) =>
  queryOptions({
    queryKey: homeworkKeys.pending(studentId),
    queryFn: () =>
      request(homeworkEndpoints.student, {
        query: { pending: '1', limit: PENDING_ON_HOME, offset: 0, student_id: studentId },
      }),
  });

export const studentHomeworkOneQuery = (id: number) =>
  queryOptions({
    queryKey: homeworkKeys.studentOne(id),
    queryFn: () => request(homeworkEndpoints.studentId, { query: { homework_id: id } }),
  });

export const homeworkFilterQuery = (q: HomeworkFilter) =>
  queryOptions({
    queryKey: homeworkKeys.filter(q),
    queryFn: () => request(homeworkEndpoints.allFilter, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

/** POST /api/homework/teacher: the form's fields, and the attachment when there is one. */
export function createHomework(body: HomeworkCreateInput, file: File | null, opts: UploadOptions = {}) {
  return postForm(urlOf(homeworkEndpoints.teacher), homeworkWriteResponse, { ...body }, file, opts);
}

/** POST /api/homework/submit: a student's file for a homework. */
export function submitHomework(body: HomeworkSubmitInput, file: File, opts: UploadOptions = {}) {
  return postForm(urlOf(homeworkEndpoints.submit), homeworkSubmitResponse, { ...body }, file, opts);
}

export function deleteHomework(id: number) {
  return request(homeworkEndpoints.delete, { query: { id } });
}

// ---------------------------------------------------------------- the filter's choices

/** A school's sections (each names its class): the filter's classes and sections. */
export const filterSectionsQuery = (schoolInfoId: number | undefined) =>
  queryOptions({
    queryKey: ['homework', 'choices', 'sections', schoolInfoId ?? 0] as const,
    queryFn: () => fetchSections({ school_info_id: schoolInfoId }),
    staleTime: 5 * 60_000,
  });

export const filterSubjectsQuery = (classId: number) =>
  queryOptions({
    queryKey: ['homework', 'choices', 'subjects', classId] as const,
    queryFn: () => request(lookupsEndpoints.subject, { query: { class_id: classId } }),
    staleTime: 5 * 60_000,
  });

export const filterTeachersQuery = (schoolInfoId: number | undefined) =>
  queryOptions({
    queryKey: ['homework', 'choices', 'teachers', schoolInfoId ?? 0] as const,
    queryFn: () => request(peopleEndpoints.teacherFilter, { query: { school_info_id: schoolInfoId } }),
    staleTime: 5 * 60_000,
  });
