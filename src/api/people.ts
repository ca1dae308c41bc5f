/** Teacher and student profiles. Queries are typed from the shared request schemas. */
import type { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  importReport,
  type AddPersonResponse,
  type AddStudentBody,
  type AddTeacherBody,
  type ImportReport,
  type MessageResponse,
  type ProfileUpdateBody,
  type ResetPasswordResponse,
  type StudentListRow,
  type TeacherListRow,
  type UpdateUserBody,
  type StudentProfile,
  type StudentProfileQuery,
  type TeacherProfile,
  type TeacherProfileQuery,
} from '@/api/schemas/people';
import type { GenderRow, GroupRow, SectionRow, SessionRow } from '@/api/schemas/lookups';
import { ApiError, request } from '@/api/client';
import type { Endpoint } from '@/api/endpoints/define';
import { peopleEndpoints } from '@/api/endpoints/people';
import { peopleAdminEndpoints } from '@/api/endpoints/people-admin';
import { lookupsEndpoints } from '@/api/endpoints/lookups';

export function fetchTeacherProfile(teacherId: number): Promise<TeacherProfile> {
  const query: TeacherProfileQuery = { teacher_id: teacherId };
  return request(peopleEndpoints.teacherProfile, { query });
}

/** The server answers a list (spec part 2, section 7); the first item is the student. */
export async function fetchStudentProfile(studentId: number): Promise<StudentProfile | null> {
  const query: StudentProfileQuery = { student_id: studentId };
  const rows = await request(peopleEndpoints.studentProfile, { query });
  return rows[0] ?? null;
}

export const peopleKeys = {
  all: ['people'] as const,
  teacherProfile: (teacherId: number) => ['people', 'teacher-profile', teacherId] as const,
  studentProfile: (studentId: number) => ['people', 'student-profile', studentId] as const,
};

export const teacherProfileQuery = (teacherId: number) =>
  queryOptions({ queryKey: peopleKeys.teacherProfile(teacherId), queryFn: () => fetchTeacherProfile(teacherId) });

export const studentProfileQuery = (studentId: number) =>
  queryOptions({ queryKey: peopleKeys.studentProfile(studentId), queryFn: () => fetchStudentProfile(studentId) });

// ---------------------------------------------------------------- people administration

/** A bare list with its X-Total-Count, as one page. */
export interface ListPage<T> {
  rows: T[];
  total: number;
  limit: number;
  offset: number;
}

async function fetchPage<S extends { response: z.ZodArray }>(
  endpoint: Endpoint<S>,
  query: { q?: string; limit: number; offset: number; school_info_id?: number; include_inactive?: 'true' },
): Promise<ListPage<z.infer<S['response']>[number]>> {
  let total = 0;
  const rows = await request(endpoint, {
    query: { ...query, q: query.q || undefined },
    onHeaders: (h) => {
      total = Number(h.get('x-total-count') ?? 0);
    },
  });
  return { rows, total, limit: query.limit, offset: query.offset };
}

export type PersonKind = 'student' | 'teacher';
export interface PersonListQuery {
  q?: string;
  /** Students only: those placed in this class and section (their latest enrolment). */
  class_id?: number;
  section_id?: number;
  /** Also the people who left (docs/DOMAIN.md, Records); by default only the active. */
  include_inactive?: 'true';
  limit: number;
  offset: number;
}

export const fetchStudentList = (q: PersonListQuery): Promise<ListPage<StudentListRow>> =>
  fetchPage(peopleEndpoints.studentAll, q);
export const fetchTeacherList = (q: PersonListQuery): Promise<ListPage<TeacherListRow>> =>
  fetchPage(peopleAdminEndpoints.teacherAll, q);

export const peopleListKeys = {
  list: (kind: PersonKind, q: PersonListQuery) => ['people', 'list', kind, q] as const,
  lists: ['people', 'list'] as const,
};

export const studentListQuery = (q: PersonListQuery) =>
  queryOptions({
    queryKey: peopleListKeys.list('student', q),
    queryFn: () => fetchStudentList(q),
    placeholderData: keepPreviousData,
  });
export const teacherListQuery = (q: PersonListQuery) =>
  queryOptions({
    queryKey: peopleListKeys.list('teacher', q),
    queryFn: () => fetchTeacherList(q),
    placeholderData: keepPreviousData,
  });

export function addStudent(body: AddStudentBody, opts: { idempotencyKey: string }): Promise<AddPersonResponse> {
  return request(peopleAdminEndpoints.addStudent, { body, idempotencyKey: opts.idempotencyKey });
}
export function addTeacher(body: AddTeacherBody, opts: { idempotencyKey: string }): Promise<AddPersonResponse> {
  return request(peopleAdminEndpoints.addTeacher, { body, idempotencyKey: opts.idempotencyKey });
}

/**
 * Check (dryRun) or import a CSV file. A file with problems is refused with 400 and its report:
 * that report is the answer here, not an error; any other failure throws.
 */
export async function importPeople(
  kind: PersonKind,
  csv: string,
  opts: { dryRun: boolean; idempotencyKey: string },
): Promise<ImportReport> {
  try {
    return await request(kind === 'student' ? peopleAdminEndpoints.studentImport : peopleAdminEndpoints.teacherImport, {
      body: csv,
      query: { dry_run: opts.dryRun ? 'true' : undefined },
      headers: { 'content-type': 'text/csv' },
      idempotencyKey: opts.idempotencyKey,
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) {
      const report = importReport.safeParse(err.body);
      if (report.success) return report.data;
    }
    throw err;
  }
}

export function changePassword(
  userCode: string,
  body: UpdateUserBody,
  opts: { idempotencyKey: string },
): Promise<MessageResponse> {
  return request(peopleAdminEndpoints.updateUser, {
    query: { user_code: userCode },
    body,
    idempotencyKey: opts.idempotencyKey,
  });
}

export function resetPassword(userCode: string): Promise<ResetPasswordResponse> {
  return request(peopleAdminEndpoints.usersResetPassword, { query: { user_code: userCode } });
}

export function updateStudentProfile(
  studentCode: string,
  body: ProfileUpdateBody,
  opts: { idempotencyKey: string },
): Promise<MessageResponse> {
  return request(peopleAdminEndpoints.studentProfileUpdate, {
    query: { student_code: studentCode },
    body,
    idempotencyKey: opts.idempotencyKey,
  });
}

/** What the student form chooses from: the school's sections (with their classes), sessions, groups, genders. */
export interface PersonFormLookups {
  sections: SectionRow[];
  sessions: SessionRow[];
  groups: GroupRow[];
  genders: GenderRow[];
}

export async function fetchPersonFormLookups(): Promise<PersonFormLookups> {
  const [sections, sessions, groups, genders] = await Promise.all([
    request(lookupsEndpoints.sectionAll),
    request(lookupsEndpoints.session),
    request(lookupsEndpoints.groupsAll),
    request(lookupsEndpoints.gender),
  ]);
  return { sections, sessions, groups, genders };
}

export const personFormLookupsQuery = () =>
  queryOptions({ queryKey: ['people', 'form-lookups'], queryFn: fetchPersonFormLookups, staleTime: 5 * 60_000 });

/** Either list, for a screen that shows one or the other. */
export const personListQuery = (kind: PersonKind, q: PersonListQuery) =>
  queryOptions<ListPage<StudentListRow | TeacherListRow>>({
    queryKey: peopleListKeys.list(kind, q),
    queryFn: () => (kind === 'student' ? fetchStudentList(q) : fetchTeacherList(q)),
    placeholderData: keepPreviousData,
  });
