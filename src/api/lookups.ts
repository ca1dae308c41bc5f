/**
 * Reference data and the school's structure (spec part 1, section 7): classes, sections, sessions,
 * and the students enrolled in a class or section. Shared by any flow that picks an audience;
 * plain functions (no React), so machines can use them as actors.
 */
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/client';
import type { ClassQuery, ClassRow, SectionQuery, SectionRow, SessionRow } from '@/api/schemas/lookups';
import type { SectionStudentRow, StudentSectionQuery } from '@/api/schemas/people';
import { lookupsEndpoints } from '@/api/endpoints/lookups';
import { peopleEndpoints } from '@/api/endpoints/people';

/** The classes of a school type (all classes when none is given). */
export function fetchClasses(schoolTypeId?: number | null): Promise<ClassRow[]> {
  const query: ClassQuery = { school_type_id: schoolTypeId ?? undefined };
  return request(lookupsEndpoints.class, { query });
}

/** The signed-in user's school's sections (optionally of one class); each row names its class. */
export function fetchSections(q: SectionQuery = {}): Promise<SectionRow[]> {
  return request(lookupsEndpoints.sectionAll, { query: q });
}

/** Academic sessions, oldest first; `current` marks this year's. */
export function fetchSessions(): Promise<SessionRow[]> {
  return request(lookupsEndpoints.session);
}

/** The session a form should start with: the current one, else the newest. */
export function defaultSession(sessions: readonly SessionRow[]): SessionRow | null {
  return sessions.find((s) => s.current) ?? sessions[sessions.length - 1] ?? null;
}

export interface SectionStudentsQuery {
  /** 0 = all classes. */
  class_id: number;
  /** 0 = all sections (of the class). */
  section_id: number;
  /** Enrolments of this session; absent = the session of today. */
  session_id?: number | null;
  school_info_id?: number | null;
}

/**
 * The students enrolled in a class and section (0 = ALL), in roll order. The server's default page
 * (2000, also its maximum) holds a whole school; a teacher gets only the sections they teach.
 */
export function fetchSectionStudents(q: SectionStudentsQuery): Promise<SectionStudentRow[]> {
  const query: StudentSectionQuery = {
    class_id: q.class_id,
    section_id: q.section_id,
    session_id: q.session_id ?? undefined,
    school_info_id: q.school_info_id ?? undefined,
  };
  return request(peopleEndpoints.studentSection, { query });
}

// ---------------------------------------------------------------- query keys

/**
 * The query keys of reference data (classes, sections, sessions, the students of a section): all
 * under `['lookup']`, here alone, so that whatever changes the school's structure (a session
 * opened, a class or section added) refreshes every one of them with `lookupKeys.all`.
 */
export const lookupKeys = {
  all: ['lookup'] as const,
  sessions: ['lookup', 'sessions'] as const,
  sections: (q: SectionQuery = {}) => ['lookup', 'sections', q] as const,
  sectionStudents: (q: SectionStudentsQuery) => ['lookup', 'section-students', q] as const,
  /** One page of a section's students (0 = all the teacher's sections). */
  sectionStudentsPage: (sectionId: number, page: number) =>
    ['lookup', 'section-students', 'page', sectionId, page] as const,
  /** A school's periods (a guardian names the child's school; others get their own). */
  periods: (schoolId?: number) =>
    schoolId ? (['lookup', 'periods', schoolId] as const) : (['lookup', 'periods'] as const),
  classSubjects: (classId: number) => ['lookup', 'subjects', { class_id: classId }] as const,
};

export const lookupSessionsQuery = () => queryOptions({ queryKey: lookupKeys.sessions, queryFn: fetchSessions });

export const lookupSectionsQuery = (q: SectionQuery = {}) =>
  queryOptions({ queryKey: lookupKeys.sections(q), queryFn: () => fetchSections(q) });

export const lookupSectionStudentsQuery = (q: SectionStudentsQuery) =>
  queryOptions({ queryKey: lookupKeys.sectionStudents(q), queryFn: () => fetchSectionStudents(q) });
