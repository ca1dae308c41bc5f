import { z } from 'zod';
import { looksLikeFormula } from '../csv';
import { id, idOrAll, isoDate, optionalId, pageQueryWith, wholeNumber, type PageLimits } from './common';

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
  /** A student code or name (any part), or a roll number (Latin or Bangla digits). */
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  /** Only the students placed (their latest enrolment) in this class, and this section. */
  class_id: optionalId('class_id'),
  section_id: optionalId('section_id'),
  /** Also the people who left the school (docs/DOMAIN.md, Records): 'true'; by default only the active. */
  include_inactive: z.enum(['true', 'false'], { error: 'include_inactive must be true or false' }).optional(),
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
  /** The date the teacher left the school (docs/DOMAIN.md, Records); null or absent while active. */
  left_on: z.string().nullable().optional(),
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
  /**
   * Where the student is placed: their latest enrolment (the newest session's), so an admin can
   * check an import or an admission. Null when not enrolled.
   */
  session_year: z.string().nullable().optional(),
  class_id: z.number().int().nullable().optional(),
  class_name: z.string().nullable().optional(),
  section_id: z.number().int().nullable().optional(),
  section_default_name: z.string().nullable().optional(),
  class_roll_no: z.number().int().nullable().optional(),
  /** The date the student left the school (docs/DOMAIN.md, Records); null or absent while active. */
  left_on: z.string().nullable().optional(),
});
export type StudentListRow = z.infer<typeof studentListRow>;

// ---------------------------------------------------------------- people administration

/** Bangladeshi mobile numbers: 01[3-9] and 8 digits, or the same after +880 / 880; spaces and dashes allowed. */
export const BD_MOBILE = /^(?:\+?880|0)1[3-9]\d{8}$/;
/** The same number written as 01XXXXXXXXX, or null when it is not one. */
export function normaliseMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  // Excel drops a number's leading zero: 1712345678 is 01712345678.
  const m = /^(?:\+?880|0)?(1[3-9]\d{8})$/.exec(digits);
  return m ? `0${m[1]}` : null;
}

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;

export const PEOPLE_MESSAGES = {
  studentAdded: 'New Student Added Successfully!!',
  teacherAdded: 'New Teacher Added Successfully!!',
  passwordChanged: 'password Changed successfully!!',
  passwordReset: 'A new one-time password was made. Hand it to its owner: it is shown only once.',
  profileSaved: 'Profile updated',
  weakPassword: 'must be at least 8 characters and not only digits',
  formulaName: 'must not begin with =, +, - or @ (a spreadsheet would run it as a formula)',
  wrongPassword: 'is not your current password',
  commonPassword: 'is one of the most common passwords: choose one that others would not guess',
  personalPassword: 'must not contain your user id, e-mail or phone number',
  imported: 'Imported.',
  importChecked: 'No problems found: nothing was written (dry run).',
  importRefused: 'The file has problems: nothing was imported.',
} as const;

export const PEOPLE_SUCCESS_CODES = {
  studentAdded: 'people.student_added',
  teacherAdded: 'people.teacher_added',
  passwordChanged: 'people.password_changed',
  passwordReset: 'people.password_reset',
  profileSaved: 'people.profile_saved',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const optionalText = (label: string, max: number) => text(label, max).optional().default('');

/**
 * A person's name: no name begins with = + - or @, and a spreadsheet would run one that did as a
 * formula when a CSV holding it is opened (src/api/csv.ts), so it is refused rather than kept.
 */
const nameRule = (label: string) =>
  [(v: string) => !looksLikeFormula(v), `${label} ${PEOPLE_MESSAGES.formulaName}`] as const;
const requiredName = (label: string, max: number) => required(label, max).refine(...nameRule(label));
const optionalName = (label: string, max: number) =>
  text(label, max)
    .refine(...nameRule(label))
    .optional()
    .default('');

/** A code people sign in with: letters, digits, dot, dash and underscore. */
export const personCode = (label: string) =>
  required(label, 40).regex(/^[A-Za-z0-9._-]+$/, `${label} may hold only letters, digits, dot, dash and underscore`);

/** An optional mobile number; '' means none. Sent as typed, stored as 01XXXXXXXXX. */
export const mobileField = (label: string) =>
  text(label, 20)
    .optional()
    .default('')
    .refine(
      (v) => v === '' || BD_MOBILE.test(v.replace(/[\s-]/g, '')),
      `${label} must be a mobile number like 01712345678`,
    );

const emailField = (label: string) =>
  text(label, 120)
    .optional()
    .default('')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), `${label} must be an e-mail address`);

/** A date of birth: a real date, not in the future, after 1900. '' or absent means unknown. */
export const dobField = z
  .union([z.literal(''), isoDate])
  .optional()
  .refine((v) => !v || v <= new Date().toISOString().slice(0, 10), 'dob must not be in the future');

const bloodGroupField = z
  .union([z.literal(''), z.enum(BLOOD_GROUPS, { error: `blood_group must be one of ${BLOOD_GROUPS.join(', ')}` })])
  .optional()
  .default('');

export const studentFields = {
  student_code: personCode('student_code'),
  first_name: requiredName('first_name', 80),
  middle_name: optionalName('middle_name', 80),
  last_name: optionalName('last_name', 80),
  mobile_no: mobileField('mobile_no'),
  email: emailField('email'),
  present_address: optionalText('present_address', 300),
  permanent_address: optionalText('permanent_address', 300),
  father_name: optionalName('father_name', 120),
  father_phone_number: mobileField('father_phone_number'),
  mother_name: optionalName('mother_name', 120),
  mother_phone_number: mobileField('mother_phone_number'),
  dob: dobField,
  blood_group: bloodGroupField,
};

/** POST /api/add_student: the spec's payload, with the enrolment of the same step. */
export const addStudentBody = z.object({
  ...studentFields,
  gender_id: optionalId('gender_id'),
  division_id: optionalId('division_id'),
  photo_id: optionalText('photo_id', 200),
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
  shift_id: optionalId('shift_id'),
  class_id: id('class_id'),
  section_id: id('section_id'),
  group_id: optionalId('group_id'),
  class_roll_no: wholeNumber('class_roll_no', { min: 1, max: 9999 }),
});
export type AddStudentBody = z.input<typeof addStudentBody>;

export const teacherFields = {
  teacher_code: personCode('teacher_code'),
  title: optionalText('title', 20),
  first_name: requiredName('first_name', 80),
  middle_name: optionalName('middle_name', 80),
  last_name: optionalName('last_name', 80),
  mobile: mobileField('mobile'),
  initial: required('initial', 10),
  designation: optionalText('designation', 80),
  department: optionalText('department', 80),
  mpo_status: optionalText('mpo_status', 20),
  index_no: optionalText('index_no', 30),
  blood_group: bloodGroupField,
  email: emailField('email'),
  dob: dobField,
  subject_code: optionalText('subject_code', 20),
};

export const addTeacherBody = z.object({ ...teacherFields, school_info_id: optionalId('school_info_id') });
export type AddTeacherBody = z.input<typeof addTeacherBody>;

/** A new account's answer: its one-time password is in it once and nowhere else. */
export const addPersonResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  id: z.number().int(),
  user_code: z.string(),
  initial_password: z.string(),
});
export type AddPersonResponse = z.infer<typeof addPersonResponse>;

/** GET /api/teacher/all: the school's teachers newest first, searched and paged; total in X-Total-Count. */
export const TEACHER_LIST_PAGE: PageLimits = { defaultLimit: 100, maxLimit: 500 };
export const teacherAllQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  /** Also the people who left the school (docs/DOMAIN.md, Records): 'true'; by default only the active. */
  include_inactive: z.enum(['true', 'false'], { error: 'include_inactive must be true or false' }).optional(),
  ...pageQueryWith(TEACHER_LIST_PAGE).shape,
});
export type TeacherAllQuery = z.input<typeof teacherAllQuery>;

/** GET /api/student/admin-search: the students enrolled in a session, by class, section and group. */
export const studentAdminSearchQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
  class_id: idOrAll('class_id'),
  section_id: idOrAll('section_id'),
  group_id: idOrAll('group_id'),
  ...pageQueryWith(SECTION_STUDENTS_PAGE).shape,
});
export type StudentAdminSearchQuery = z.input<typeof studentAdminSearchQuery>;

export const adminSearchRow = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  mobile_no: z.string(),
  class_roll_no: z.number().int(),
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  group_id: z.number().int().nullable(),
  division_name: z.string().nullable(),
});
export type AdminSearchRow = z.infer<typeof adminSearchRow>;

// ---- bulk import

export const importQuery = z.object({
  dry_run: z.enum(['true', 'false'], { error: 'dry_run must be true or false' }).optional(),
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
});
export type ImportQuery = z.input<typeof importQuery>;

/**
 * A bulk import's body: the CSV file as the body (text/csv), or as the field `file` of a multipart
 * form (the uploads plugin keeps it in the upload folder's tmp/ and removes it after the answer).
 * Optional in the schema so that the school is checked before the file: the handler requires it.
 */
export const importCsvBody = z.union([z.string(), z.object({}).strict()]).nullish();

/** The most rows one file may hold. */
export const IMPORT_MAX_ROWS = 5000;

export const STUDENT_IMPORT_COLUMNS = [
  'student_code',
  'first_name',
  'middle_name',
  'last_name',
  'class',
  'section',
  'shift',
  'group',
  'roll',
  'dob',
  'gender',
  'mobile_no',
  'email',
  'father_name',
  'father_phone_number',
  'mother_name',
  'mother_phone_number',
  'present_address',
  'permanent_address',
  'blood_group',
] as const;
export const STUDENT_IMPORT_REQUIRED = ['student_code', 'first_name', 'class', 'section', 'roll'] as const;

export const TEACHER_IMPORT_COLUMNS = [
  'teacher_code',
  'title',
  'first_name',
  'middle_name',
  'last_name',
  'initial',
  'mobile',
  'email',
  'designation',
  'department',
  'mpo_status',
  'index_no',
  'blood_group',
  'dob',
  'subject_code',
] as const;
export const TEACHER_IMPORT_REQUIRED = ['teacher_code', 'first_name', 'initial'] as const;

export const importError = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type ImportError = z.infer<typeof importError>;

/** One created account: its code, name and one-time password (shown once). */
export const importedAccount = z.object({
  user_code: z.string(),
  name: z.string(),
  initial_password: z.string(),
  /** A guardian account the student import created from a father's or mother's phone. */
  guardian: z.boolean().optional(),
});
export type ImportedAccount = z.infer<typeof importedAccount>;

export const importReport = z.object({
  ok: z.boolean(),
  dry_run: z.boolean(),
  rows: z.number().int(),
  errors: z.array(importError),
  message: z.string(),
  accounts: z.array(importedAccount),
});
export type ImportReport = z.infer<typeof importReport>;

// ---- passwords and self-service

/** At least 8 characters and not only digits. */
export const PASSWORD_MIN = 8;
export const strongPassword = z
  .string({ error: 'Pass must be text' })
  .max(200, 'Pass must be at most 200 characters')
  .refine((p) => p.length >= PASSWORD_MIN && !/^\d+$/.test(p), `Pass ${PEOPLE_MESSAGES.weakPassword}`);

export const updateUserQuery = z.object({ user_code: required('user_code', 60) });
export type UpdateUserQuery = z.input<typeof updateUserQuery>;
export const updateUserBody = z.object({
  Pass: strongPassword,
  current_password: z.string({ error: 'current_password is required' }).min(1, 'current_password is required').max(200),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;
export const messageResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const resetPasswordQuery = z.object({ user_code: required('user_code', 60) });
export type ResetPasswordQuery = z.input<typeof resetPasswordQuery>;
export const resetPasswordResponse = messageResponse.extend({ user_code: z.string(), initial_password: z.string() });
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponse>;

export const profileUpdateQuery = z.object({ student_code: required('student_code', 40) });
export type ProfileUpdateQuery = z.input<typeof profileUpdateQuery>;
export const profileUpdateBody = z.object({ mobile: mobileField('mobile'), email: emailField('email') });
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;
