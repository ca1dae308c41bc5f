import { z } from 'zod';

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
