/** Teacher and student profiles. Queries are typed from the shared request schemas. */
import { z } from 'zod';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  addPersonResponse,
  importReport,
  messageResponse,
  resetPasswordResponse,
  studentListRow,
  teacherListRow,
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
  studentProfile,
  teacherProfile,
  type StudentProfile,
  type StudentProfileQuery,
  type TeacherProfile,
  type TeacherProfileQuery,
} from '@/api/schemas/people';
import {
  genderRow,
  groupRow,
  sectionRow,
  sessionRow,
  type GenderRow,
  type GroupRow,
  type SectionRow,
  type SessionRow,
} from '@/api/schemas/lookups';
import { ApiError, apiGet, apiPost } from '@/api/client';

export function fetchTeacherProfile(teacherId: number): Promise<TeacherProfile> {
  const query: TeacherProfileQuery = { teacher_id: teacherId };
  return apiGet('/api/teacher/profile', teacherProfile, { query });
}

/** The server answers a list (spec part 2, section 7); the first item is the student. */
export async function fetchStudentProfile(studentId: number): Promise<StudentProfile | null> {
  const query: StudentProfileQuery = { student_id: studentId };
  const rows = await apiGet('/api/student/profile', z.array(studentProfile), { query });
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

async function fetchPage<S extends z.ZodType>(
  path: string,
  row: S,
  query: { q?: string; limit: number; offset: number; school_info_id?: number },
): Promise<ListPage<z.infer<S>>> {
  let total = 0;
  const rows = await apiGet(path, z.array(row), {
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
  limit: number;
  offset: number;
}

export const fetchStudentList = (q: PersonListQuery): Promise<ListPage<StudentListRow>> =>
  fetchPage('/api/student/all', studentListRow, q);
export const fetchTeacherList = (q: PersonListQuery): Promise<ListPage<TeacherListRow>> =>
  fetchPage('/api/teacher/all', teacherListRow, q);

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
  return apiPost('/api/add_student', addPersonResponse, { body, idempotencyKey: opts.idempotencyKey });
}
export function addTeacher(body: AddTeacherBody, opts: { idempotencyKey: string }): Promise<AddPersonResponse> {
  return apiPost('/api/add_teacher', addPersonResponse, { body, idempotencyKey: opts.idempotencyKey });
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
    return await apiPost(`/api/${kind}/import`, importReport, {
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
  return apiPost('/api/update_user', messageResponse, {
    query: { user_code: userCode },
    body,
    idempotencyKey: opts.idempotencyKey,
  });
}

export function resetPassword(userCode: string): Promise<ResetPasswordResponse> {
  return apiPost('/api/users/reset_password', resetPasswordResponse, { query: { user_code: userCode } });
}

export function updateStudentProfile(
  studentCode: string,
  body: ProfileUpdateBody,
  opts: { idempotencyKey: string },
): Promise<MessageResponse> {
  return apiPost('/api/student/profile_update', messageResponse, {
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
    apiGet('/api/section/all', z.array(sectionRow)),
    apiGet('/api/session', z.array(sessionRow)),
    apiGet('/api/groups/all', z.array(groupRow)),
    apiGet('/api/gender', z.array(genderRow)),
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
