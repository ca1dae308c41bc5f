/**
 * Subject activities on the wire: the old portal's activities a teacher sets for a subject of a
 * section (a project, a presentation, a quiz), answered and marked like homework, whose marks are
 * the subject's Extra Curriculum (5%) on the grade sheet (docs/DOMAIN.md, "Exams and grades").
 * Not the clubs and sports of `activities.ts`, which keep their own endpoints.
 *
 * The paths follow the homework family (spec part 2, section 7): `/api/activities/student/id`
 * takes `homework_id`, the submission list `home_work_id`, as the old portal's calls named them.
 * The two writes that carry a file (`POST /api/activities/teacher`, `POST /api/activities/submit`)
 * take JSON or multipart/form-data with these fields as form fields and the file in `file`.
 *
 * Times: `starts_at` and `due_at` are sent as an ISO instant with its offset, or as the school's
 * local date and time (`2026-11-25T10:00`, what a datetime-local input gives); answers carry ISO
 * instants. Whether an answer is taken is the server's clock's to say (server/clock.ts).
 */
import { z } from 'zod';
import { id, optionalId, pageOf, pageQueryWith, wholeNumber, type Page } from './common';

export type { Page };

export const SUBJECT_ACTIVITY_MESSAGES = {
  created: 'New activity added successfully!!',
  submitted: 'Activity answer submitted successfully!!',
  resubmitted: 'Activity answer re-submitted: the new answer replaces the old one.',
  marked: 'Activity mark saved.',
} as const;

export const SUBJECT_ACTIVITY_SUCCESS_CODES = {
  created: 'subject_activities.created',
  submitted: 'subject_activities.submitted',
  resubmitted: 'subject_activities.resubmitted',
  marked: 'subject_activities.marked',
} as const;

/** The server's complaints, by a stable name (the client shows its own language's text). */
export const SUBJECT_ACTIVITY_FIELD_MESSAGES = {
  notYourSubject: 'You do not teach this subject in this section.',
  dueBeforeStart: 'The due time must be after the start time.',
  noSession: 'There is no academic session for today.',
  noSuchSession: 'No such academic session.',
  answerRequired: 'Write an answer or choose a file.',
  notOpen: 'This activity has not started yet: answers are taken from its start time.',
  closed: 'The due time has passed: answers are no longer taken.',
  alreadyMarked: 'Your answer has been marked: it can no longer be replaced.',
  notForYou: 'This activity is not for your section.',
  notOwn: 'That is another teacher’s activity.',
  markAboveFull: 'The mark must not be more than the full mark.',
} as const;

export const TITLE_MAX = 200;
export const QUESTIONS_MAX = 5000;
export const ANSWER_MAX = 5000;
export const FEEDBACK_MAX = 1000;
export const FULL_MARK_MAX = 1000;
export const SUBJECT_ACTIVITY_PAGE: { defaultLimit: number; maxLimit: number } = { defaultLimit: 20, maxLimit: 100 };
export const SUBJECT_ACTIVITY_SUBMISSION_PAGE: { defaultLimit: number; maxLimit: number } = {
  defaultLimit: 100,
  maxLimit: 200,
};

const text = (label: string, max: number, required: boolean) => {
  const base = z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);
  return required ? base.trim().min(1, `${label} is required`) : base.trim();
};

/** The school's local date and time (YYYY-MM-DDTHH:mm[:ss]) or an ISO instant with Z or an offset. */
export const LOCAL_OR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;
const moment = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(LOCAL_OR_INSTANT, `${label} must be a date and time (YYYY-MM-DDTHH:mm)`);

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-7;

// ---------------------------------------------------------------- requests

/** The teacher's new activity. `teacher_id`, when sent, must be the caller's own. */
export const subjectActivityCreateBody = z.strictObject({
  school_info_id: optionalId('school_info_id'),
  class_id: id('class_id'),
  section_id: id('section_id'),
  subject_id: id('subject_id'),
  teacher_id: optionalId('teacher_id'),
  session_id: optionalId('session_id'),
  title: text('title', TITLE_MAX, true),
  questions: text('questions', QUESTIONS_MAX, false).default(''),
  starts_at: moment('starts_at'),
  due_at: moment('due_at'),
  full_mark: wholeNumber('full_mark', { min: 1, max: FULL_MARK_MAX }),
});
export type SubjectActivityCreateInput = z.input<typeof subjectActivityCreateBody>;

/** A student's answer: text, a file (multipart `file`) or both. `homework_id` names the activity. */
export const subjectActivitySubmitBody = z.strictObject({
  homework_id: id('homework_id'),
  student_id: optionalId('student_id'),
  answer: text('answer', ANSWER_MAX, false).default(''),
});
export type SubjectActivitySubmitInput = z.input<typeof subjectActivitySubmitBody>;

/** The teacher's mark of one answer: 0 to the activity's full mark, at most two decimals. */
export const extraCurriculumMarkBody = z.strictObject({
  submission_id: id('submission_id'),
  mark: z
    .number({ error: 'mark must be a number' })
    .min(0, 'mark must be at least 0')
    .max(FULL_MARK_MAX, `mark must be at most ${FULL_MARK_MAX}`)
    .refine(twoDecimals, 'mark may have at most two decimals'),
  feedback: text('feedback', FEEDBACK_MAX, false).default(''),
});
export type ExtraCurriculumMarkInput = z.input<typeof extraCurriculumMarkBody>;

export const subjectActivityFileParams = z.strictObject({ id: id('id') });
/** A guardian's download of a linked child's activity attachment names the child. */
export const subjectActivityFileQuery = z.strictObject({ student_id: optionalId('student_id') });

export const teacherSubjectActivityQuery = z.strictObject({
  teacher_id: optionalId('teacher_id'),
  ...pageQueryWith(SUBJECT_ACTIVITY_PAGE).shape,
});

export const subjectActivitySubmitListQuery = z.strictObject({
  home_work_id: id('home_work_id'),
  ...pageQueryWith(SUBJECT_ACTIVITY_SUBMISSION_PAGE).shape,
});

export const studentSubjectActivityQuery = z.strictObject({
  section_id: optionalId('section_id'),
  /** A guardian names the child; a student's own is implied. */
  student_id: optionalId('student_id'),
  ...pageQueryWith(SUBJECT_ACTIVITY_PAGE).shape,
});

export const studentSubjectActivityOneQuery = z.strictObject({
  homework_id: id('homework_id'),
  student_id: optionalId('student_id'),
});

// ---------------------------------------------------------------- responses

/** Before its start time, between start and due time (answers taken), after its due time. */
export const SUBJECT_ACTIVITY_STATES = ['upcoming', 'open', 'closed'] as const;
export type SubjectActivityState = (typeof SUBJECT_ACTIVITY_STATES)[number];

export const subjectActivityRow = z.object({
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
  title: z.string(),
  questions: z.string(),
  starts_at: z.string(),
  due_at: z.string(),
  full_mark: z.number(),
  /** On the server's clock when answered. */
  state: z.enum(SUBJECT_ACTIVITY_STATES),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  /** How many of the section's students answered, how many answers are marked, how many students. */
  submitted: z.number(),
  marked: z.number(),
  students: z.number(),
});
export type SubjectActivityRow = z.infer<typeof subjectActivityRow>;
export const subjectActivityPage = pageOf(subjectActivityRow);
export type SubjectActivityPage = Page<SubjectActivityRow>;

/** The student's own answer, with its mark once the teacher gave one. */
export const ownActivityAnswer = z.object({
  id: z.number(),
  answer: z.string(),
  submission_time: z.string(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  mark: z.number().nullable(),
  feedback: z.string(),
  marked_at: z.string().nullable(),
});
export type OwnActivityAnswer = z.infer<typeof ownActivityAnswer>;

export const studentSubjectActivityRow = subjectActivityRow.extend({ submission: ownActivityAnswer.nullable() });
export type StudentSubjectActivityRow = z.infer<typeof studentSubjectActivityRow>;
export const studentSubjectActivityPage = pageOf(studentSubjectActivityRow);
export type StudentSubjectActivityPage = Page<StudentSubjectActivityRow>;

export const ACTIVITY_ANSWER_STATUSES = ['missing', 'submitted', 'marked'] as const;
export type ActivityAnswerStatus = (typeof ACTIVITY_ANSWER_STATUSES)[number];

export const activityAnswerRow = z.object({
  student_id: z.number(),
  student_code: z.string(),
  full_name: z.string(),
  class_roll_no: z.number(),
  status: z.enum(ACTIVITY_ANSWER_STATUSES),
  submission_id: z.number().nullable(),
  submission_time: z.string().nullable(),
  answer: z.string().nullable(),
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  mark: z.number().nullable(),
  feedback: z.string().nullable(),
});
export type ActivityAnswerRow = z.infer<typeof activityAnswerRow>;
export const activityAnswerPage = pageOf(activityAnswerRow).extend({ activity: subjectActivityRow });
export type ActivityAnswerPage = z.infer<typeof activityAnswerPage>;

export const subjectActivityWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number(),
  message: z.string(),
  code: z.string(),
});
export type SubjectActivityWriteResponse = z.infer<typeof subjectActivityWriteResponse>;

export const extraCurriculumMarkResponse = z.object({
  ok: z.literal(true),
  submission_id: z.number(),
  mark: z.number(),
  feedback: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ExtraCurriculumMarkResponse = z.infer<typeof extraCurriculumMarkResponse>;
