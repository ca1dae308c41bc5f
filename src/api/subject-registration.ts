/**
 * Subject registration calls (spec part 2 §Subject registration, section 7), typed with
 * ./schemas/subject-registration, and the query factories the screen reads with. The writes are
 * the subject registration machine's actors; a success invalidates `subjectRegistrationKeys.all`.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';

import { request } from '@/api/client';
import type { GroupRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type { AdminSearchRow } from '@/api/schemas/people';
import type {
  RegistrationListQuery,
  RegistrationStudentQuery,
  RegistrationSubjectRow,
  SaveSubjectRegistrationInput,
  SaveSubjectRegistrationResponse,
} from '@/api/schemas/subject-registration';
import { subjectRegistrationEndpoints } from '@/api/endpoints/subject-registration';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { peopleAdminEndpoints } from '@/api/endpoints/people-admin';

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
    queryFn: () => request(subjectRegistrationEndpoints.subjectListStudents, { query: { ...q } }),
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
    request(lookupsEndpoints.sectionAll),
    request(lookupsEndpoints.session),
    request(lookupsEndpoints.groupsAll),
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
    request(peopleAdminEndpoints.studentAdminSearch, {
      query: {
        session_id: f.session_id,
        class_id: f.class_id,
        section_id: f.section_id,
        group_id: f.group_id,
        limit: STUDENTS_PER_LOAD,
      },
    }),
    request(subjectRegistrationEndpoints.searchSubjects, {
      query: { section_id: f.section_id, class_id: f.class_id, session_id: f.session_id, group_id: f.group_id },
    }),
  ]);
  return { students, subjects };
}

export function saveSubjectRegistration(
  body: SaveSubjectRegistrationInput,
  opts: { idempotencyKey?: string } = {},
): Promise<SaveSubjectRegistrationResponse> {
  return request(subjectRegistrationEndpoints.saveSubjectRegistration, { body, idempotencyKey: opts.idempotencyKey });
}

export type RegistrationKind = 'subject' | 'fourth';

export function deleteRegistration(kind: RegistrationKind, id: number) {
  const endpoint =
    kind === 'subject'
      ? subjectRegistrationEndpoints.subRegistrationDelete
      : subjectRegistrationEndpoints.forthSubjectDelete;
  return request(endpoint, { query: { id } });
}

export const registrationListQuery = (fourth: boolean, q: RegistrationListQuery) =>
  queryOptions({
    queryKey: subjectRegistrationKeys.list(fourth, q),
    queryFn: () =>
      request(fourth ? subjectRegistrationEndpoints.forthSubjectList : subjectRegistrationEndpoints.subjectList, {
        query: { ...q },
      }),
    placeholderData: keepPreviousData,
  });
