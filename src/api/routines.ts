/**
 * Class routines: a teacher's week, a student's section's week, and the school admin's and the
 * viewer's routine management and search. Writes are the routine editor machine's
 * actors; after one succeeds the screen invalidates `routineKeys.all`.
 */

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  RoutineDeleteResponse,
  RoutineRow,
  RoutineSchoolQuery,
  RoutineSearchQuery,
  RoutineWriteBody,
  RoutineWriteResponse,
  StudentRoutineQuery,
  TeacherRoutineQuery,
} from '@/api/schemas/routines';
import type { ClassRow, DayRow, PeriodRow, SectionRow, SessionRow, ShiftRow, SubjectRow } from '@/api/schemas/lookups';
import type { TeacherListRow } from '@/api/schemas/people';
import type { Page } from '@/api/schemas/common';
import { request } from '@/api/client';
import { routinesEndpoints } from '@/api/endpoints/routines';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { peopleEndpoints } from '@/api/endpoints/people';

export function fetchTeacherRoutine(teacherId: number): Promise<RoutineRow[]> {
  const query: TeacherRoutineQuery = { teacher_id: teacherId };
  return request(routinesEndpoints.teacher, { query });
}

export function fetchStudentRoutine(q: StudentRoutineQuery): Promise<RoutineRow[]> {
  return request(routinesEndpoints.student, { query: { ...q } });
}

/** A school's routines, newest first, one page (the admin's "All Class Routines"). */
export function fetchSchoolRoutines(q: RoutineSchoolQuery): Promise<Page<RoutineRow>> {
  return request(routinesEndpoints.schoolFilter, { query: { ...q } });
}

/** A school's routines in week order (the viewer's search and the week grids). */
export function searchRoutines(q: RoutineSearchQuery): Promise<Page<RoutineRow>> {
  return request(routinesEndpoints.adminSearch, { query: { ...q } });
}

/**
 * Creates (no id) or updates (with id) a routine. The same `idempotencyKey` for every attempt of
 * one submission: a retry after a lost answer never saves twice.
 */
export function saveRoutine(
  body: RoutineWriteBody,
  opts: { idempotencyKey?: string } = {},
): Promise<RoutineWriteResponse> {
  return request(routinesEndpoints.all, { body, idempotencyKey: opts.idempotencyKey });
}

export function deleteRoutine(id: number): Promise<RoutineDeleteResponse> {
  return request(routinesEndpoints.delete, { query: { id } });
}

/** Everything the routine form and filters choose from, for one school. */
export interface RoutineLookups {
  classes: ClassRow[];
  sections: SectionRow[];
  sessions: SessionRow[];
  days: DayRow[];
  periods: PeriodRow[];
  shifts: ShiftRow[];
  subjects: SubjectRow[];
  teachers: TeacherListRow[];
}

/** One school's lookups, fetched together (a viewer names the school; an admin's is their own). */
export async function fetchRoutineLookups(schoolInfoId?: number | null): Promise<RoutineLookups> {
  const school = { school_info_id: schoolInfoId ?? undefined };
  const [sections, sessions, days, periods, shifts, subjects, teachers] = await Promise.all([
    request(lookupsEndpoints.sectionAll, { query: school }),
    request(lookupsEndpoints.session),
    request(lookupsEndpoints.day),
    request(lookupsEndpoints.periodAll, { query: school }),
    request(lookupsEndpoints.shiftAll),
    request(lookupsEndpoints.subjectAll),
    request(peopleEndpoints.teacherFilter, { query: school }),
  ]);
  // The classes the school has sections of, in the order the server lists sections.
  const classIds = [...new Set(sections.map((s) => s.class_id))];
  const classes = await request(lookupsEndpoints.class);
  return {
    classes: classes.filter((c) => classIds.includes(c.id)),
    sections,
    sessions,
    days,
    periods: [...periods].sort((a, b) => a.serial - b.serial),
    shifts,
    subjects,
    teachers,
  };
}

/** A school's teachers (the viewer's and admin's /teacherdata). */
export function fetchTeachers(schoolInfoId?: number | null): Promise<TeacherListRow[]> {
  return request(peopleEndpoints.teacherFilter, { query: { school_info_id: schoolInfoId ?? undefined } });
}

export const routineKeys = {
  all: ['routine'] as const,
  teacher: (teacherId: number) => ['routine', 'teacher', teacherId] as const,
  student: (q: StudentRoutineQuery) => ['routine', 'student', q] as const,
  school: (q: RoutineSchoolQuery) => ['routine', 'school', q] as const,
  search: (q: RoutineSearchQuery) => ['routine', 'search', q] as const,
  lookups: (school: number | null) => ['routine', 'lookups', school] as const,
  teachers: (school: number | null) => ['routine', 'teachers', school] as const,
};

export const teacherRoutineQuery = (teacherId: number) =>
  queryOptions({ queryKey: routineKeys.teacher(teacherId), queryFn: () => fetchTeacherRoutine(teacherId) });

export const studentRoutineQuery = (q: StudentRoutineQuery) =>
  queryOptions({ queryKey: routineKeys.student(q), queryFn: () => fetchStudentRoutine(q) });

export const schoolRoutinesQuery = (q: RoutineSchoolQuery) =>
  queryOptions({
    queryKey: routineKeys.school(q),
    queryFn: () => fetchSchoolRoutines(q),
    placeholderData: keepPreviousData,
  });

export const routineSearchQuery = (q: RoutineSearchQuery) =>
  queryOptions({ queryKey: routineKeys.search(q), queryFn: () => searchRoutines(q) });

export const routineLookupsQuery = (school: number | null) =>
  queryOptions({
    queryKey: routineKeys.lookups(school),
    queryFn: () => fetchRoutineLookups(school),
    staleTime: 5 * 60_000,
  });

export const teachersQuery = (school: number | null) =>
  queryOptions({ queryKey: routineKeys.teachers(school), queryFn: () => fetchTeachers(school) });
