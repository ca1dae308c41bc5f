/**
 * Records (docs/DOMAIN.md, Records): editing a student or teacher with the add payload's fields, a
 * dated change of section or roll, leaving the school (deactivation) and coming back, and the
 * transfer certificate and testimonial. Shared by the server (validation, OpenAPI) and the client.
 */
import { z } from 'zod';
import { id, isoDate } from './common';
import { addStudentBody, addTeacherBody } from './people';

export const LEAVE_REASONS = ['transfer', 'dropout', 'completed', 'other'] as const;
export type LeaveReason = (typeof LEAVE_REASONS)[number];
export const CERTIFICATE_KINDS = ['tc', 'testimonial'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

export const RECORDS_SUCCESS_CODES = {
  studentUpdated: 'records.student_updated',
  teacherUpdated: 'records.teacher_updated',
  deactivated: 'records.deactivated',
  reactivated: 'records.reactivated',
} as const;

export const studentRecordQuery = z.object({ student_id: id('student_id') });
export type StudentRecordQuery = z.input<typeof studentRecordQuery>;
export const teacherRecordQuery = z.object({ teacher_id: id('teacher_id') });
export type TeacherRecordQuery = z.input<typeof teacherRecordQuery>;

/**
 * POST /api/student/update: the add payload's fields (the photo and the session aside: the photo
 * is the profile's, the enrolment edited is the current session's). A new section or roll is an
 * enrolment change dated `effective_date` (default: the school's today; never after it).
 */
export const updateStudentBody = addStudentBody
  .omit({ school_info_id: true, session_id: true, photo_id: true })
  .extend({ effective_date: isoDate.optional() });
export type UpdateStudentBody = z.input<typeof updateStudentBody>;

/** POST /api/teacher/update: the add payload's fields. */
export const updateTeacherBody = addTeacherBody.omit({ school_info_id: true });
export type UpdateTeacherBody = z.input<typeof updateTeacherBody>;

export const updateResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  id: z.number().int(),
  /** Whether the section or roll changed (a dated enrolment change was recorded). */
  enrolment_changed: z.boolean(),
});
export type UpdateResponse = z.infer<typeof updateResponse>;

const note = z
  .string({ error: 'note must be text' })
  .trim()
  .max(300, 'note must be at most 300 characters')
  .optional()
  .default('');
const reason = z.enum(LEAVE_REASONS, { error: `reason must be one of ${LEAVE_REASONS.join(', ')}` });

export const deactivateStudentBody = z.object({ student_id: id('student_id'), date: isoDate, reason, note });
export type DeactivateStudentBody = z.input<typeof deactivateStudentBody>;
export const deactivateTeacherBody = z.object({ teacher_id: id('teacher_id'), date: isoDate, reason, note });
export type DeactivateTeacherBody = z.input<typeof deactivateTeacherBody>;
export const reactivateStudentBody = z.object({ student_id: id('student_id') });
export type ReactivateStudentBody = z.input<typeof reactivateStudentBody>;
export const reactivateTeacherBody = z.object({ teacher_id: id('teacher_id') });
export type ReactivateTeacherBody = z.input<typeof reactivateTeacherBody>;

export const recordMessage = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
export type RecordMessage = z.infer<typeof recordMessage>;

/** Whether and why a person left, null while they are on the school's books. */
export const leaving = z.object({ date: z.string(), reason: z.enum(LEAVE_REASONS), note: z.string() }).nullable();
export type Leaving = z.infer<typeof leaving>;

/** One dated change of section or roll. */
export const enrolmentChangeRow = z.object({
  effective_on: z.string(),
  from_class_id: z.number().int(),
  from_section_id: z.number().int(),
  from_roll_no: z.number().int(),
  to_class_id: z.number().int(),
  to_section_id: z.number().int(),
  to_roll_no: z.number().int(),
});

/** GET /api/student/record: what the edit form starts from, with the leaving and the changes. */
export const studentRecord = z.object({
  id: z.number().int(),
  student_code: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  mobile_no: z.string(),
  email: z.string(),
  present_address: z.string(),
  permanent_address: z.string(),
  father_name: z.string(),
  father_phone_number: z.string(),
  mother_name: z.string(),
  mother_phone_number: z.string(),
  dob: z.string(),
  blood_group: z.string(),
  gender_id: z.number().int().nullable(),
  division_id: z.number().int().nullable(),
  /** The current session's enrolment, null when not enrolled in it. */
  enrolment: z
    .object({
      session_id: z.number().int(),
      shift_id: z.number().int(),
      class_id: z.number().int(),
      section_id: z.number().int(),
      group_id: z.number().int().nullable(),
      class_roll_no: z.number().int(),
    })
    .nullable(),
  left: leaving,
  changes: z.array(enrolmentChangeRow),
});
export type StudentRecord = z.infer<typeof studentRecord>;

export const teacherRecord = z.object({
  id: z.number().int(),
  teacher_code: z.string(),
  title: z.string(),
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  initial: z.string(),
  designation: z.string(),
  department: z.string(),
  mpo_status: z.string(),
  index_no: z.string(),
  blood_group: z.string(),
  email: z.string(),
  dob: z.string(),
  subject_code: z.string(),
  left: leaving,
});
export type TeacherRecord = z.infer<typeof teacherRecord>;

/** GET /api/student/transfer_certificate and /testimonial: the student and the paper's language. */
export const certificateQuery = z.object({
  student_id: id('student_id'),
  lang: z.enum(['en', 'bn'], { error: 'lang must be en or bn' }).optional().default('en'),
});
export type CertificateQuery = z.input<typeof certificateQuery>;
