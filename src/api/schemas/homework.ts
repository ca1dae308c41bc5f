/**
 * Homework on the wire (spec part 2: §Homework, the Homework entity, calls in section 7). The two
 * writes that carry a file (`POST /api/homework/teacher`, `POST /api/homework/submit`) take either
 * JSON (the spec's calls, no file) or multipart/form-data with these fields as form fields and the
 * file in a field named `file`; numbers in form fields are decimal text, as in a query string.
 *
 * A file is never linked directly: rows carry `file_url`, an API path that checks who asks
 * (`attachment_link` is the spec's name for the same path on a homework row).
 */
import { z } from 'zod';
import { id, isoDate, optionalId, optionalIdOrAll, pageOf, pageQueryWith, type Page } from './common';
import { markFields } from './homework-marks';

export type { Page };

export const HOMEWORK_MESSAGES = {
  created: 'New homework added successfully!!',
  /** The spec's text, its double space included. */
  deleted: 'Deleted  successfully!!',
  submitted: 'Homework submitted successfully!!',
  resubmitted: 'Homework re-submitted: the new file replaces the old one.',
  submittedLate: 'Homework submitted after the due date: it is marked late.',
} as const;

export const HOMEWORK_SUCCESS_CODES = {
  created: 'homework.created',
  deleted: 'homework.deleted',
  submitted: 'homework.submitted',
  resubmitted: 'homework.resubmitted',
  submittedLate: 'homework.submitted_late',
} as const;

/** The server's complaints, by a stable name (the client shows its own language's text). */
export const HOMEWORK_FIELD_MESSAGES = {
  notYourSubject: 'You do not teach this subject in this section.',
  dueBeforeIssue: 'The due date must not be before the issue date.',
  noSuchSession: 'No such academic session.',
  noSession: 'There is no academic session for today.',
  fileRequired: 'Choose a file to upload.',
  closed: 'The due date has passed and your answer is already in: it can no longer be replaced.',
  hasSubmissions: 'Students have already submitted this homework, so it cannot be deleted.',
  notForYou: 'This homework is not for your section.',
} as const;

export const TOPIC_MAX = 200;
export const DETAILS_MAX = 5000;
export const HOMEWORK_PAGE: { defaultLimit: number; maxLimit: number } = { defaultLimit: 20, maxLimit: 100 };
export const SUBMISSION_PAGE: { defaultLimit: number; maxLimit: number } = { defaultLimit: 100, maxLimit: 200 };

const text = (label: string, max: number, required: boolean) => {
  const base = z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
  return required ? base.trim().min(1, `${label} is required`) : base.trim();
};

// ---------------------------------------------------------------- requests

/** The teacher's new homework. `teacher_id`, when sent, must be the caller's own. */
export const homeworkCreateBody = z.strictObject({
  school_info_id: optionalId('school_info_id'),
  class_id: id('class_id'),
  section_id: id('section_id'),
  subject_id: id('subject_id'),
  teacher_id: optionalId('teacher_id'),
  session_id: optionalId('session_id'),
  topic: text('topic', TOPIC_MAX, true),
  details: text('details', DETAILS_MAX, false).default(''),
  issue_date: isoDate,
  due_date: isoDate,
});
export type HomeworkCreateInput = z.input<typeof homeworkCreateBody>;

/**
 * A student's submission. The spec's client also sent `submission_time` and `attachment_link`
 * (the file input's text): taken and ignored, the server keeps its own time and the real file.
 */
export const homeworkSubmitBody = z.strictObject({
  homework_id: id('homework_id'),
  student_id: optionalId('student_id'),
  submission_time: z.string().max(40).optional(),
  attachment_link: z.string().max(500).optional(),
});
export type HomeworkSubmitInput = z.input<typeof homeworkSubmitBody>;

export const homeworkIdQuery = z.strictObject({ id: id('id') });
export const homeworkFileParams = z.strictObject({ id: id('id') });
/** A guardian's download of a linked child's homework names the child. */
export const homeworkFileQuery = z.strictObject({ student_id: optionalId('student_id') });

export const teacherHomeworkQuery = z.strictObject({
  teacher_id: optionalId('teacher_id'),
  ...pageQueryWith(HOMEWORK_PAGE).shape,
});

export const submitListQuery = z.strictObject({
  home_work_id: id('home_work_id'),
  ...pageQueryWith(SUBMISSION_PAGE).shape,
});

/** How long after its last date an unanswered homework stays on the student's "still to do" list. */
export const PENDING_OVERDUE_DAYS = 7;

export const studentHomeworkQuery = z.strictObject({
  section_id: optionalId('section_id'),
  /** A guardian names the child; a student's own is implied. */
  student_id: optionalId('student_id'),
  /**
   * `1`: only what is still to do: not yet answered, its last date today or later, or passed within
   * PENDING_OVERDUE_DAYS; soonest last date first (the home screen's list).
   */
  pending: z.enum(['0', '1'], { message: 'must be 0 or 1' }).optional(),
  ...pageQueryWith(HOMEWORK_PAGE).shape,
});

export const studentHomeworkOneQuery = z.strictObject({
  homework_id: id('homework_id'),
  student_id: optionalId('student_id'),
});

/** The admin's and viewer's filter; 0 or absent means all; `date`: homework open on that day. */
const optionalDate = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((v) => v || undefined);
export const homeworkFilterQuery = z.strictObject({
  school_info_id: optionalId('school_info_id'),
  class_id: optionalIdOrAll('class_id'),
  section_id: optionalIdOrAll('section_id'),
  subject_id: optionalIdOrAll('subject_id'),
  teacher_id: optionalIdOrAll('teacher_id'),
  date: optionalDate,
  ...pageQueryWith(HOMEWORK_PAGE).shape,
});
export type HomeworkFilter = z.input<typeof homeworkFilterQuery>;

export const teacherOptionsQuery = z.strictObject({});

// ---------------------------------------------------------------- responses

export const homeworkRow = z.object({
  id: z.number(),
  school_info_id: z.number(),
  session_id: z.number(),
  session_year: z.string(),
  class_id: z.number(),
  class_name: z.string(),
  section_id: z.number(),
  section_local_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
  teacher_id: z.number(),
  initial: z.string(),
  teacher_name: z.string(),
  topic: z.string(),
  details: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  /** The attachment's download path, or null; `attachment_link` is the spec's name for it. */
  file_url: z.string().nullable(),
  attachment_link: z.string().nullable(),
  file_name: z.string().nullable(),
  /** How many of the section's students have submitted, and how many there are. */
  submitted: z.number(),
  students: z.number(),
});
export type HomeworkRow = z.infer<typeof homeworkRow>;
export const homeworkPage = pageOf(homeworkRow);
export type HomeworkPage = Page<HomeworkRow>;

export const SUBMISSION_STATUSES = ['submitted', 'late', 'missing'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** The student's own answer to a homework, if any. */
export const ownSubmission = z.object({
  id: z.number(),
  status: z.enum(['submitted', 'late']),
  submission_time: z.string(),
  file_url: z.string(),
  file_name: z.string(),
  /** The teacher's mark and feedback, null until marked (docs/DOMAIN.md, "Homework marks"). */
  ...markFields,
});

export const studentHomeworkRow = homeworkRow.extend({ submission: ownSubmission.nullable() });
export type StudentHomeworkRow = z.infer<typeof studentHomeworkRow>;
export const studentHomeworkPage = pageOf(studentHomeworkRow);

export const submissionRow = z.object({
  student_id: z.number(),
  student_code: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  class_roll_no: z.number(),
  status: z.enum(SUBMISSION_STATUSES),
  submission_id: z.number().nullable(),
  submission_time: z.string().nullable(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  /** The teacher's mark and feedback, null until marked (docs/DOMAIN.md, "Homework marks"). */
  ...markFields,
});
export type SubmissionRow = z.infer<typeof submissionRow>;
export const submitListPage = pageOf(submissionRow).extend({ homework: homeworkRow });
export type SubmitListPage = z.infer<typeof submitListPage>;

export const teacherOption = z.object({
  class_id: z.number(),
  class_name: z.string(),
  section_id: z.number(),
  section_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
  session_id: z.number(),
});
export type TeacherOption = z.infer<typeof teacherOption>;
export const teacherOptionsResponse = z.array(teacherOption);

export const homeworkWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number(),
  message: z.string(),
  code: z.string(),
});
export type HomeworkWriteResponse = z.infer<typeof homeworkWriteResponse>;

export const homeworkSubmitResponse = homeworkWriteResponse.extend({ late: z.boolean() });
export type HomeworkSubmitResponse = z.infer<typeof homeworkSubmitResponse>;

export const homeworkDeleteResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
