/**
 * Subject registration on the wire (spec part 2 §Subject registration, the Subject registration
 * record entity and the calls of section 7). The admin picks students of a section (the rows of
 * GET /api/student/admin-search), subjects of their class (GET /api/search/subjects) and at most
 * one 4th subject, and saves them all at once.
 *
 * Choices written down here:
 * - The save's "records" are the rows the client listed: objects with at least an `id` (student id
 *   or subject id); bare ids are accepted too. Other fields of a record are ignored.
 * - `session_id` is an addition: the session of the students' enrolments (absent: the current one).
 * - `id` empty (absent, '', null, 0) adds registrations and keeps what was there ("Subject
 *   Registration saved successfully"). `id` naming a registration of the school edits: every chosen
 *   student's registrations of that session become exactly the chosen subjects and 4th subject (none
 *   if forthChecked is empty), answered with the spec's "Routine updated successfully".
 * - `school_info_id` must be the admin's own school when sent (403 otherwise), as everywhere.
 */
import { z } from 'zod';
import { id, idOrAll, optionalId, pageOf, pageQueryWith, type Page } from './common';

export type { Page };

/** The spec's texts, spelled as shown (its "Subjcet" included). */
export const SUBJECT_REGISTRATION_MESSAGES = {
  saved: 'Subject Registration saved successfully',
  updated: 'Routine updated successfully',
  deleted: 'Subjcet deleted successfully',
  fourthDeleted: 'Subjcet Forth deleted successfully',
} as const;

export const SUBJECT_REGISTRATION_SUCCESS_CODES = {
  saved: 'subject_registration.saved',
  updated: 'subject_registration.updated',
  deleted: 'subject_registration.deleted',
  fourthDeleted: 'subject_registration.fourth_deleted',
} as const;

/** Error codes the client shows in its own language (the English text comes with them). */
export const SUBJECT_REGISTRATION_CODES = {
  fourthIsCompulsory: 'subject_registration.fourth_is_compulsory',
  oneFourth: 'subject_registration.one_fourth',
  fourthTaken: 'subject_registration.fourth_taken',
  notOptional: 'subject_registration.not_optional',
  notEnrolled: 'subject_registration.not_enrolled',
  wrongClass: 'subject_registration.wrong_class',
  wrongGroup: 'subject_registration.wrong_group',
  nothingChosen: 'subject_registration.nothing_chosen',
} as const;

export const REGISTRATION_PAGE: { defaultLimit: number; maxLimit: number } = { defaultLimit: 50, maxLimit: 200 };
/** A section is at most a few hundred students; a class has a few dozen subjects. */
export const MAX_STUDENTS_PER_SAVE = 500;
export const MAX_SUBJECTS_PER_SAVE = 50;

/** A chosen row: the record the client listed (its `id` is what counts), or a bare id. */
const record = (label: string) =>
  z.union([id(label), z.looseObject({ id: id(label) })]).transform((r) => (typeof r === 'number' ? r : r.id));

const recordList = (label: string, max: number) =>
  z
    .array(record(label), { error: `${label} must be a list` })
    .max(max, `${label} may list at most ${max} rows`)
    .transform((ids) => [...new Set(ids)]);

export const saveSubjectRegistrationBody = z.strictObject({
  studentChecked: recordList('studentChecked', MAX_STUDENTS_PER_SAVE),
  subjectChecked: recordList('subjectChecked', MAX_SUBJECTS_PER_SAVE).default([]),
  forthChecked: recordList('forthChecked', MAX_SUBJECTS_PER_SAVE).default([]),
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
  /** Empty: new registrations. A registration's id: edit the chosen students' registrations. */
  id: z
    .union([z.literal(''), z.null(), z.literal(0), id('id')])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type SaveSubjectRegistrationInput = z.input<typeof saveSubjectRegistrationBody>;

export const saveSubjectRegistrationResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  /** Registrations written (new or replaced). */
  saved: z.number().int(),
  /** Registrations that were already there (a save twice is harmless). */
  unchanged: z.number().int(),
});
export type SaveSubjectRegistrationResponse = z.infer<typeof saveSubjectRegistrationResponse>;

export const searchSubjectsQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  section_id: optionalId('section_id'),
  class_id: optionalId('class_id'),
  session_id: optionalId('session_id'),
  group_id: idOrAll('group_id'),
});
export type SearchSubjectsQuery = z.input<typeof searchSubjectsQuery>;

export const registrationSubjectRow = z.object({
  id: z.number().int(),
  subject_name: z.string(),
  subject_code: z.string(),
  class_id: z.number().int(),
  group_id: z.number().int().nullable(),
  division_name: z.string().nullable(),
  /** May be taken as the 4th subject. */
  optional: z.boolean(),
});
export type RegistrationSubjectRow = z.infer<typeof registrationSubjectRow>;

export const registrationListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  student_id: optionalId('student_id'),
  session_id: optionalId('session_id'),
  class_id: idOrAll('class_id'),
  section_id: idOrAll('section_id'),
  group_id: idOrAll('group_id'),
  ...pageQueryWith(REGISTRATION_PAGE).shape,
});
export type RegistrationListQuery = z.input<typeof registrationListQuery>;

/** The spec's Subject registration record, plus the ids a client needs. */
export const registrationRow = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  session_year: z.string(),
  class_name: z.string(),
  division_name: z.string().nullable(),
  section_default_name: z.string(),
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  subject_id: z.number().int(),
  subject_code: z.string(),
  subject_name: z.string(),
});
export type RegistrationRow = z.infer<typeof registrationRow>;
export const registrationPage = pageOf(registrationRow);

/**
 * GET /api/subjectList/students (an addition to the spec's calls): "Subject Registration Details"
 * as the admin reads them, one row per student (an enrolment of a session) with the subjects
 * registered for them (not the 4th subject: /api/forthSubjectList), paged by student; the same
 * filters as /api/subjectList. Each subject carries its registration's `id` for
 * DELETE /api/subRegistration/delete.
 */
export const registrationStudentSubject = z.object({
  id: z.number().int(),
  subject_id: z.number().int(),
  subject_code: z.string(),
  subject_name: z.string(),
});
export const registrationStudentRow = z.object({
  session_id: z.number().int(),
  session_year: z.string(),
  class_name: z.string(),
  division_name: z.string().nullable(),
  section_default_name: z.string(),
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  class_roll_no: z.number().int(),
  subjects: z.array(registrationStudentSubject),
});
export type RegistrationStudentRow = z.infer<typeof registrationStudentRow>;
export const registrationStudentPage = pageOf(registrationStudentRow);
/** Students per page of the details list (a section is a few dozen). */
export const REGISTRATION_STUDENT_PAGE: { defaultLimit: number; maxLimit: number } = {
  defaultLimit: 25,
  maxLimit: 200,
};
export const registrationStudentQuery = z.object({
  ...registrationListQuery.omit({ limit: true, offset: true }).shape,
  ...pageQueryWith(REGISTRATION_STUDENT_PAGE).shape,
});
export type RegistrationStudentQuery = z.input<typeof registrationStudentQuery>;

export const registrationDeleteQuery = z.strictObject({ id: id('id') });
export const registrationDeleteResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
