import { z } from 'zod';
import { id, idOrAll, optionalId, pageQueryWith, type PageLimits } from './common';

// ---------------------------------------------------------------- requests

export const teacherProfileQuery = z.object({ teacher_id: id('teacher_id') });
export type TeacherProfileQuery = z.input<typeof teacherProfileQuery>;

export const studentProfileQuery = z.object({ student_id: id('student_id') });
export type StudentProfileQuery = z.input<typeof studentProfileQuery>;

export const teacherFilterQuery = z.object({ school_info_id: optionalId('school_info_id') });
export type TeacherFilterQuery = z.input<typeof teacherFilterQuery>;

/**
 * GET /api/student/section answers a bare list (the spec's contract), so paging is by `limit` and
 * `offset` with the total in the X-Total-Count header. The default is the hard maximum and as large
 * as a notice's recipient list, so a client that does not page still gets a whole school.
 */
export const SECTION_STUDENTS_PAGE: PageLimits = { defaultLimit: 2000, maxLimit: 2000 };
export const studentSectionQuery = z.object({
  section_id: idOrAll('section_id'),
  class_id: idOrAll('class_id'),
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
  ...pageQueryWith(SECTION_STUDENTS_PAGE).shape,
});
export type StudentSectionQuery = z.input<typeof studentSectionQuery>;

/** GET /api/student/all: a bare list, newest first, paged; the total is in X-Total-Count. */
export const STUDENT_LIST_PAGE: PageLimits = { defaultLimit: 100, maxLimit: 500 };
export const studentAllQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  ...pageQueryWith(STUDENT_LIST_PAGE).shape,
});
export type StudentAllQuery = z.input<typeof studentAllQuery>;

// ---------------------------------------------------------------- responses

export const teacherProfile = z.object({
  id: z.number().int(),
  full_name: z.string(),
  teacher_code: z.string(),
  initial: z.string(),
  mobile: z.string(),
  email: z.string(),
  designation: z.string(),
  school_info_id: z.number().int(),
});
export type TeacherProfile = z.infer<typeof teacherProfile>;

export const studentProfile = z.object({
  id: z.number().int(),
  full_name: z.string(),
  student_code: z.string(),
  section_id: z.number().int().nullable(),
  section_default_name: z.string().nullable(),
  class_id: z.number().int().nullable(),
  class_name: z.string().nullable(),
  class_roll_no: z.number().int().nullable(),
  school_info_id: z.number().int(),
  school_name: z.string(),
  address_district: z.string(),
  address_division: z.string().nullable(),
  mobile_no: z.string(),
  email: z.string(),
});
export type StudentProfile = z.infer<typeof studentProfile>;

export const teacherListRow = z.object({
  id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  teacher_code: z.string(),
  mobile: z.string(),
  designation: z.string(),
  email: z.string(),
});
export type TeacherListRow = z.infer<typeof teacherListRow>;

/** A student of a section in the current session; `id` and `student_id` are both the student record id. */
export const sectionStudentRow = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  mobile_no: z.string(),
  class_roll_no: z.number().int(),
  enrolment_id: z.number().int(),
  class_id: z.number().int(),
  section_id: z.number().int(),
});
export type SectionStudentRow = z.infer<typeof sectionStudentRow>;

export const studentListRow = z.object({
  id: z.number().int(),
  student_code: z.string(),
  first_name: z.string(),
  full_name: z.string(),
  mobile_no: z.string(),
  email: z.string(),
});
export type StudentListRow = z.infer<typeof studentListRow>;
