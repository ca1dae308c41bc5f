/**
 * Subject registration calls (spec part 2 §Subject registration, section 7), typed with
 * ./schemas/subject-registration, and the query factories the screen reads with. The writes are
 * the subject registration machine's actors; a success invalidates `subjectRegistrationKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost } from '@/api/client';
import {
  groupRow,
  sectionRow,
  sessionRow,
  type GroupRow,
  type SectionRow,
  type SessionRow,
} from '@/api/schemas/lookups';
import { adminSearchRow, type AdminSearchRow } from '@/api/schemas/people';
import {
  registrationDeleteResponse,
  registrationPage,
  registrationStudentPage,
  registrationSubjectRow,
  saveSubjectRegistrationResponse,
  type RegistrationListQuery,
  type RegistrationStudentQuery,
  type RegistrationSubjectRow,
  type SaveSubjectRegistrationInput,
  type SaveSubjectRegistrationResponse,
} from '@/api/schemas/subject-registration';

export const subjectRegistrationKeys = {
  all: ['subject-registration'] as const,
  lookups: () => ['subject-registration', 'lookups'] as const,
  list: (fourth: boolean, q: RegistrationListQuery) => ['subject-registration', 'list', fourth, q] as const,
  students: (q: RegistrationStudentQuery) => ['subject-registration', 'students', q] as const,
};

/** "Subject Registration Details" one row per student with their subjects (GET /api/subjectList/students). */
export const registrationStudentsQuery = (q: RegistrationStudentQuery) =>
  queryOptions({
    queryKey: subjectRegistrationKeys.students(q),
    queryFn: () => apiGet('/api/subjectList/students', registrationStudentPage, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

/** What the filters choose from: the school's sections (with their classes), sessions and groups. */
export interface RegistrationLookups {
  sections: SectionRow[];
  sessions: SessionRow[];
  groups: GroupRow[];
}

export async function fetchRegistrationLookups(): Promise<RegistrationLookups> {
  const [sections, sessions, groups] = await Promise.all([
    apiGet('/api/section/all', z.array(sectionRow)),
    apiGet('/api/session', z.array(sessionRow)),
    apiGet('/api/groups/all', z.array(groupRow)),
  ]);
  return { sections, sessions, groups };
}

export const registrationLookupsQuery = () =>
  queryOptions({
    queryKey: subjectRegistrationKeys.lookups(),
    queryFn: fetchRegistrationLookups,
    staleTime: 5 * 60_000,
  });

export interface RegistrationFilters {
  session_id: number;
  class_id: number;
  /** 0 = every group. */
  group_id: number;
  section_id: number;
}

/** Largest section the student table loads at once (the server's limit for one page). */
export const STUDENTS_PER_LOAD = 2000;

/** The student table and the subject tables for the chosen filters, in one go. */
export async function fetchRegistrationTables(
  f: RegistrationFilters,
): Promise<{ students: AdminSearchRow[]; subjects: RegistrationSubjectRow[] }> {
  const [students, subjects] = await Promise.all([
    apiGet('/api/student/admin-search', z.array(adminSearchRow), {
      query: {
        session_id: f.session_id,
        class_id: f.class_id,
        section_id: f.section_id,
        group_id: f.group_id,
        limit: STUDENTS_PER_LOAD,
      },
    }),
    apiGet('/api/search/subjects', z.array(registrationSubjectRow), {
      query: { section_id: f.section_id, class_id: f.class_id, session_id: f.session_id, group_id: f.group_id },
    }),
  ]);
  return { students, subjects };
}

export function saveSubjectRegistration(
  body: SaveSubjectRegistrationInput,
  opts: { idempotencyKey?: string } = {},
): Promise<SaveSubjectRegistrationResponse> {
  return apiPost('/api/save/subjectRegistration', saveSubjectRegistrationResponse, {
    body,
    idempotencyKey: opts.idempotencyKey,
  });
}

export type RegistrationKind = 'subject' | 'fourth';

export function deleteRegistration(kind: RegistrationKind, id: number) {
  const path = kind === 'subject' ? '/api/subRegistration/delete' : '/api/forthSubject/delete';
  return apiDelete(path, registrationDeleteResponse, { query: { id } });
}

export const registrationListQuery = (fourth: boolean, q: RegistrationListQuery) =>
  queryOptions({
    queryKey: subjectRegistrationKeys.list(fourth, q),
    queryFn: () => apiGet(fourth ? '/api/forthSubjectList' : '/api/subjectList', registrationPage, { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
