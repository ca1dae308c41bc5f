/**
 * Exams, marks, mark sheet and grade sheet on the wire (spec part 2: §Exams, marks, grade sheet;
 * section 3 "Exam info", "Student mark row", "Grade sheet row"; section 7's calls), shared by the
 * server (validation, OpenAPI) and the client.
 *
 * Marks are numbers with at most two decimals, never free text: full marks above 0, converted
 * marks above 0 and at most the full marks, a mark from 0 to the exam's full marks (the server
 * checks that bound, naming the field and the student), "absent" as its own value, and null (or
 * '') to clear a mark back to "not entered".
 */
import { z } from 'zod';
import { banglaName, banglaNameOut, id, isoDate, MAX_ID, optionalId, pageOf, pageQueryWith } from './common';

/** What an exam type counts as on the grade sheet (several class tests share class_test). */
export const EXAM_KINDS = [
  'class_test',
  'half_yearly_sub',
  'half_yearly_mcq',
  'final_sub',
  'final_mcq',
  'extra_curricular',
] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];

export const EXAM_MESSAGES = {
  created: 'New exam Created Successfully!!',
  /** `{n}` is the number of students whose mark changed. */
  marksSaved: '{n} students Mark entry successful!!',
  /** `{k}` is the number of marks a queued save did not write (someone changed them since). */
  marksKept:
    '{n} students Mark entry successful!! {k} marks were changed by someone else after you entered them; their marks stand.',
  markDeleted: 'Mark deleted successfully',
  renamed: 'Exam type renamed successfully',
  typeCreated: 'Exam type created successfully',
  published: 'Results published: marks are locked',
  unlocked: 'Marks unlocked for correction',
} as const;

/** Stable codes of the answers, for the client's catalogues. */
export const EXAM_CODES = {
  created: 'exams.created',
  marksSaved: 'exams.marks_saved',
  marksKept: 'exams.marks_kept',
  enteredAtFuture: 'exams.entered_at_future',
  enteredAtTooOld: 'exams.entered_at_too_old',
  markDeleted: 'exams.mark_deleted',
  renamed: 'exams.renamed',
  published: 'exams.published',
  unlocked: 'exams.unlocked',
  duplicate: 'exams.duplicate',
  locked: 'exams.locked',
  notYours: 'exams.not_yours',
  notPublished: 'exams.not_published',
  markAboveFull: 'exams.mark_above_full',
} as const;

/** The most marks one exam may carry (numeric(5,2) in the database). */
export const MARKS_MAX = 999.99;
/** At most this many sections × subjects in one create. */
export const EXAM_CREATE_MAX = 100;
/** At most this many marks in one submit (a section is 30-60 students). */
export const MARK_UPDATE_MAX = 500;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-7;

/** Marks: a number above 0 (or from 0), at most MARKS_MAX, with at most two decimals. */
const marks = (label: string, { min }: { min: 'positive' | 'zero' }) => {
  const base = z.number({ error: `${label} must be a number` });
  return (
    min === 'positive' ? base.positive(`${label} must be more than 0`) : base.min(0, `${label} must be at least 0`)
  )
    .max(MARKS_MAX, `${label} must be at most ${MARKS_MAX}`)
    .refine(twoDecimals, `${label} may have at most two decimals`);
};

const idArray = (label: string) =>
  z
    .array(id(label), { error: `${label} must be a list of ids` })
    .min(1, `${label} must name at least one`)
    .max(EXAM_CREATE_MAX, `${label} may name at most ${EXAM_CREATE_MAX}`);

// ---------------------------------------------------------------- exam types (GET /api/exam_name)

export const examNameQuery = z.object({ school_info_id: optionalId('school_info_id') });
export type ExamNameQuery = z.input<typeof examNameQuery>;

export const examNameRow = z.object({
  id: z.number().int(),
  exam_name: z.string(),
  /** The Bangla name ('' = none). */
  exam_name_bn: banglaNameOut,
  kind: z.enum(EXAM_KINDS),
  sort_order: z.number().int(),
});
// The input type: a row without its Bangla name (an older answer, a fixture) is one with none.
export type ExamNameRow = z.input<typeof examNameRow>;

export const examNameParams = z.object({ id: id('id') });
export const examNameRenameBody = z.object({
  exam_name: z
    .string({ error: 'exam_name must be text' })
    .trim()
    .min(1, 'exam_name is required')
    .max(60, 'exam_name may be at most 60 characters'),
  /** Optional; absent keeps the stored one (a new type gets the listed one, server/services/bangla-names.ts). */
  exam_name_bn: banglaName('exam_name_bn', 60),
});
export type ExamNameRenameBody = z.input<typeof examNameRenameBody>;

/** A new exam type of the school (another monthly class test, say), placed after the last of its kind. */
export const examNameCreateBody = examNameRenameBody.extend({
  kind: z.enum(EXAM_KINDS, { error: `kind must be one of ${EXAM_KINDS.join(', ')}` }),
  school_info_id: optionalId('school_info_id'),
});
export type ExamNameCreateBody = z.input<typeof examNameCreateBody>;

// ---------------------------------------------------------------- exam info (POST/GET /api/exam_info)

/**
 * The spec's exam payload. One section and subject as the old client sends them, or several at
 * once (`section_ids`, `subject_ids`): every pair is created in one transaction, or none.
 */
export const examInfoBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    session_id: id('session_id'),
    exam_name_id: id('exam_name_id'),
    class_id: id('class_id'),
    section_id: optionalId('section_id'),
    section_ids: idArray('section_ids').optional(),
    subject_id: optionalId('subject_id'),
    subject_ids: idArray('subject_ids').optional(),
    teacher_id: optionalId('teacher_id'),
    full_marks: marks('full_marks', { min: 'positive' }),
    converted_marks: marks('converted_marks', { min: 'positive' }),
    exam_date: z
      .union([z.literal(''), z.null(), isoDate])
      .optional()
      .transform((v) => v || null),
  })
  .superRefine((b, ctx) => {
    if (!b.section_id && !b.section_ids?.length)
      ctx.addIssue({ code: 'custom', path: ['section_id'], message: 'section_id is required' });
    if (!b.subject_id && !b.subject_ids?.length)
      ctx.addIssue({ code: 'custom', path: ['subject_id'], message: 'subject_id is required' });
    if (b.converted_marks > b.full_marks)
      ctx.addIssue({
        code: 'custom',
        path: ['converted_marks'],
        message: 'converted_marks must not be more than full_marks',
      });
  });
export type ExamInfoBody = z.input<typeof examInfoBody>;

/** The "Exam Lists" row: the spec's list fields plus the ids a screen needs. */
export const examInfoRow = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  session_year: z.string(),
  exam_name_id: z.number().int(),
  exam_name: z.string(),
  kind: z.enum(EXAM_KINDS),
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int().nullable(),
  initial: z.string().nullable(),
  full_marks: z.number(),
  converted_marks: z.number(),
  exam_date: z.string().nullable(),
});
export type ExamInfoRow = z.infer<typeof examInfoRow>;

export const examInfoCreated = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  rows: z.array(examInfoRow),
});

export const EXAM_PAGE = { defaultLimit: 50, maxLimit: 200 };

export const examInfoQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
  class_id: optionalId('class_id'),
  section_id: optionalId('section_id'),
  subject_id: optionalId('subject_id'),
  exam_name_id: optionalId('exam_name_id'),
  ...pageQueryWith(EXAM_PAGE).shape,
});
export type ExamInfoQuery = z.input<typeof examInfoQuery>;
export const examInfoPage = pageOf(examInfoRow);

// ---------------------------------------------------------------- mark entry

/**
 * The marks entry sheet of one exam: by `exam_info_id`, or by the screen's filters (session, exam
 * type, section, subject), which name at most one exam.
 */
export const studentMarkQuery = z.object({
  exam_info_id: optionalId('exam_info_id'),
  session_id: optionalId('session_id'),
  exam_name_id: optionalId('exam_name_id'),
  class_id: optionalId('class_id'),
  section_id: optionalId('section_id'),
  subject_id: optionalId('subject_id'),
  school_info_id: optionalId('school_info_id'),
});
export type StudentMarkQuery = z.input<typeof studentMarkQuery>;

/** A mark as the API speaks it: a number, 'absent', or null (not entered). */
export const markValue = z.union([z.number(), z.literal('absent'), z.null()]);
export type MarkValue = z.infer<typeof markValue>;

export const studentMarkRow = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  class_roll_no: z.number().int(),
  mark_id: z.number().int().nullable(),
  marks_obtained: markValue,
});
export type StudentMarkRow = z.infer<typeof studentMarkRow>;

export const studentMarkSheet = z.object({
  exam: examInfoRow,
  /** True while the session's results are locked: the sheet is read-only. */
  locked: z.boolean(),
  rows: z.array(studentMarkRow),
});

/**
 * GET /api/student_mark with the spec's parameters only (session_id, class_id, section_id,
 * school_info_id; spec part 2, section 7): "Search Student" of the Marks Entry screen before an
 * exam is chosen. The section's students that session (no marks), the exams of the section that
 * session (the teacher's: those they may enter marks for), and whether the session is locked.
 */
export const sectionMarkList = z.object({
  session_id: z.number().int(),
  class_id: z.number().int(),
  section_id: z.number().int(),
  locked: z.boolean(),
  exams: z.array(examInfoRow),
  rows: z.array(studentMarkRow),
});
export type SectionMarkList = z.infer<typeof sectionMarkList>;

/** What GET /api/student_mark answers: one exam's sheet, or (the spec's parameters only) the section's list. */
export const studentMarkAnswer = z.union([studentMarkSheet, sectionMarkList]);
export type StudentMarkSheet = z.infer<typeof studentMarkSheet>;

/** One changed mark: a number, 'absent', or null / '' to clear it. */
export const markUpdateItem = z.object({
  student_id: id('student_id'),
  mark_obtained: z.union([marks('mark_obtained', { min: 'zero' }), z.literal('absent'), z.literal(''), z.null()], {
    error: "mark_obtained must be a number, 'absent', or empty",
  }),
});

export const examMarkBody = z.object({
  exam_info_id: id('exam_info_id'),
  subject_id: id('subject_id'),
  mark_update: z
    .array(markUpdateItem, { error: 'mark_update must be a list' })
    .min(1, 'mark_update must name at least one student')
    .max(MARK_UPDATE_MAX, `mark_update may name at most ${MARK_UPDATE_MAX} students`),
  /**
   * A save queued on the teacher's phone carries the moment it was saved there (ISO 8601
   * with offset; at most 5 minutes ahead of the server, at most 7 days old). A sent mark that any
   * save changed after it is not written: the newer mark stands (the answer's `kept`).
   */
  entered_at: z.iso.datetime({ offset: true, error: 'must be an ISO date-time with offset' }).optional(),
});
export type ExamMarkBody = z.input<typeof examMarkBody>;

export const examMarkSaved = z.object({
  ok: z.literal(true),
  message: z.string(),
  code: z.string(),
  /** Students whose mark changed (unchanged ones are not counted). */
  count: z.number().int(),
  /** The "Inserted data": the exam's sheet after the save. */
  rows: z.array(studentMarkRow),
  /**
   * Students whose mark a save with `entered_at` did not write, because someone changed it after
   * that time: their newer mark stands (in `rows`). [] otherwise. (Answers kept for idempotent
   * replays from before it was added lack it: read as [].)
   */
  kept: z.array(z.number().int()).optional(),
});
export type ExamMarkSaved = z.infer<typeof examMarkSaved>;

export const markIdParams = z.object({ id: id('id') });
export const okMessage = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });

export const markAuditQuery = z.object({
  exam_info_id: id('exam_info_id'),
  ...pageQueryWith(EXAM_PAGE).shape,
});
export type MarkAuditQuery = z.input<typeof markAuditQuery>;
export const markAuditRow = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  changed_by: z.string(),
  changed_at: z.string(),
  old_mark: markValue,
  new_mark: markValue,
});
export type MarkAuditRow = z.infer<typeof markAuditRow>;
export const markAuditPage = pageOf(markAuditRow);

// ---------------------------------------------------------------- publication and lock

export const publicationBody = z.object({
  session_id: id('session_id'),
  school_info_id: optionalId('school_info_id'),
});
export type PublicationBody = z.input<typeof publicationBody>;
export const publicationQuery = publicationBody;

export const publicationState = z.object({
  session_id: z.number().int(),
  published: z.boolean(),
  locked: z.boolean(),
  published_at: z.string().nullable(),
  unlocked_at: z.string().nullable(),
});
export type PublicationState = z.infer<typeof publicationState>;
export const publicationSaved = publicationState.extend({ ok: z.literal(true), message: z.string(), code: z.string() });

// ---------------------------------------------------------------- mark sheet (GET /api/mark, GET /api/exam_mark)

const studentCode = z
  .string({ error: 'student_code must be text' })
  .trim()
  .min(1, 'student_code is required')
  .max(40, 'student_code is too long');

export const markSheetQuery = z.object({
  student_code: studentCode,
  session_id: id('session_id'),
  exam_name_id: optionalId('exam_name_id'),
  exam_info_id: optionalId('exam_info_id'),
  school_info_id: optionalId('school_info_id'),
});
export type MarkSheetQuery = z.input<typeof markSheetQuery>;

export const markSheetRow = z.object({
  exam_info_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  session_year: z.string(),
  exam_name: z.string(),
  subject_name: z.string(),
  full_marks: z.number(),
  marks_obtained: markValue,
});
export type MarkSheetRow = z.infer<typeof markSheetRow>;

// ---------------------------------------------------------------- grade sheet

export const gradesheetQuery = z.object({
  student_code: studentCode,
  session_id: id('session_id'),
  school_info_id: optionalId('school_info_id'),
});
export type GradesheetQuery = z.input<typeof gradesheetQuery>;

export const LETTER_GRADES = ['A+', 'A', 'A-', 'B', 'C', 'D', 'F'] as const;

/** A half-yearly or final part as shown: marks obtained, 'absent', or null (no exam or no mark). */
const partMark = markValue;

export const gradesheetSubject = z.object({
  student_code: z.string(),
  name: z.string(),
  session_year: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  is_fourth_subject: z.boolean(),
  monthly_class_test_average: z.number(),
  half_yearly_exam_sub: partMark,
  half_yearly_exam_mcq: partMark,
  final_exam_sub: partMark,
  final_exam_mcq: partMark,
  converted: z.number(),
  attendance_marks: z.number(),
  extra_curriculum: z.number(),
  total: z.number(),
  /**
   * What the subject was graded on: the most it could have earned with the exams held, the
   * attendance taken and the extra-curricular marked (100 in a complete year; 95 with no
   * attendance taken). Its grade bands `percentage`, total / maximum (services/grades.ts).
   */
  maximum: z.number(),
  percentage: z.number(),
  grade: z.enum(LETTER_GRADES),
  gradePoint: z.number(),
});
export type GradesheetSubject = z.infer<typeof gradesheetSubject>;

export const gradesheet = z.object({
  school_name: z.string(),
  address_division: z.string(),
  address: z.string(),
  student_id: z.number().int().max(MAX_ID),
  student_code: z.string(),
  name: z.string(),
  session_id: z.number().int(),
  session_year: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  /** The student's class roll in the section that session (the spec's class_roll_no of a profile). */
  class_roll_no: z.number().int(),
  published: z.boolean(),
  /** Present periods over all periods taken for the student in the session (null: none taken). */
  attendance_rate: z.number().nullable(),
  subjects: z.array(gradesheetSubject),
  total_marks: z.number(),
  total_grade_point: z.number(),
  gpa: z.number(),
  grade: z.enum(LETTER_GRADES),
  position: z.number().int().nullable(),
  section_size: z.number().int(),
});
export type Gradesheet = z.infer<typeof gradesheet>;
