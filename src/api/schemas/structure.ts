/**
 * A school's structure: classes, sections, subjects and periods, their setup lists, and
 * opening a new academic session. Classes and subjects are reference data every school shares
 * (the super admin changes them); sections and periods belong to one school (its school admin, or
 * the super admin naming the school, changes them). The create paths are the spec's
 * (POST /api/create_class, create_section, create_subject, create_period); lists, edits and
 * deletes live under /api/setup/<entity>.
 */
import { z } from 'zod';
import { banglaName, banglaNameOut, id, optionalId, pageOf, pageQueryWith, wholeNumber } from './common';

/** A required text field, trimmed, with a length limit (the column's). */
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** HH:mm or HH:mm:ss (a time input gives HH:mm). */
export const periodTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label} must be a time as HH:mm`);

/** Stable codes of the answers and refusals; the client shows them in the user's language. */
export const STRUCTURE_CODES = {
  created: 'structure.created',
  updated: 'structure.updated',
  deleted: 'structure.deleted',
  sessionOpened: 'structure.session_opened',
  inUse: 'structure.in_use',
  duplicate: 'structure.duplicate',
  overlap: 'structure.period_overlap',
  sessionOpen: 'structure.session_already_open',
  sessionHasRoutines: 'structure.session_has_routines',
  sharedData: 'structure.shared_data',
} as const;

/** The spec's own messages of the creation calls (spec part 2, section 8), with the code `structure.created`. */
export const STRUCTURE_CREATED_MESSAGES = {
  class: 'New class Created!',
  section: 'New Section Created!',
  subject: 'New Subject Created!',
  period: 'New period Created!',
} as const;

export const STRUCTURE_ENTITIES = ['class', 'section', 'subject', 'period'] as const;
export type StructureEntity = (typeof STRUCTURE_ENTITIES)[number];

// ---------------------------------------------------------------- requests

/** POST /api/create_class and PUT /api/setup/classes/:id. shift_id is the spec's; classes are not per shift. */
export const classBody = z.object({
  school_type_id: id('school_type_id'),
  class_name: text('class_name', 40),
  class_name_bn: banglaName('class_name_bn', 40).describe(
    'The Bangla name; absent keeps the stored one (a new class gets the curriculum’s, if any).',
  ),
  class_code: text('class_code', 20),
  shift_id: optionalId('shift_id').describe('Sent by the old form; classes serve every shift, so it is ignored.'),
  sort_order: wholeNumber('sort_order', { min: -10, max: 30 })
    .optional()
    .describe('Position in lists (Play = -2 ... Twelve = 12); a new class goes last when absent.'),
});
export type ClassBody = z.input<typeof classBody>;

/** POST /api/create_section and PUT /api/setup/sections/:id: the shift and the school it belongs to. */
export const sectionBody = z.object({
  school_info_id: optionalId('school_info_id').describe('The super admin names the school; others get their own.'),
  class_id: id('class_id'),
  shift_id: id('shift_id'),
  section_default_name: text('section_default_name', 40),
});
export type SectionBody = z.input<typeof sectionBody>;

/** POST /api/create_subject and PUT /api/setup/subjects/:id. */
export const subjectBody = z.object({
  school_type_id: optionalId('school_type_id').describe('When sent, it must be the class’s school type.'),
  class_id: id('class_id'),
  subject_code: text('subject_code', 20),
  subject_name: text('subject_name', 100),
  subject_name_bn: banglaName('subject_name_bn', 100).describe(
    'The Bangla name; absent keeps the stored one (a new subject gets the curriculum’s, if any).',
  ),
  group_id: optionalId('group_id').describe('Science, Humanities or Business Studies; absent = every group.'),
  optional: z.boolean({ error: 'optional must be true or false' }).optional(),
});
export type SubjectBody = z.input<typeof subjectBody>;

/** POST /api/create_period and PUT /api/setup/periods/:id. Periods of one shift may not overlap. */
export const periodBody = z
  .object({
    school_info_id: optionalId('school_info_id').describe('The super admin names the school; others get their own.'),
    shift_id: id('shift_id'),
    period_code: text('period_code', 20),
    serial: wholeNumber('serial', { min: 1, max: 30 }),
    start_time: periodTime('start_time'),
    end_time: periodTime('end_time'),
  })
  .superRefine((b, ctx) => {
    if (b.start_time.slice(0, 5) >= b.end_time.slice(0, 5))
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'end_time must be after start_time' });
  });
export type PeriodBody = z.input<typeof periodBody>;

export const SETUP_PAGE = { defaultLimit: 50, maxLimit: 200 };

export const classListQuery = z.object({
  school_type_id: optionalId('school_type_id'),
  ...pageQueryWith(SETUP_PAGE).shape,
});
export const sectionListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  class_id: optionalId('class_id'),
  shift_id: optionalId('shift_id'),
  ...pageQueryWith(SETUP_PAGE).shape,
});
export const subjectListQuery = z.object({
  school_type_id: optionalId('school_type_id'),
  class_id: optionalId('class_id'),
  ...pageQueryWith(SETUP_PAGE).shape,
});
export const periodListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  shift_id: optionalId('shift_id'),
  ...pageQueryWith(SETUP_PAGE).shape,
});
export type ClassListQuery = z.input<typeof classListQuery>;
export type SectionListQuery = z.input<typeof sectionListQuery>;
export type SubjectListQuery = z.input<typeof subjectListQuery>;
export type PeriodListQuery = z.input<typeof periodListQuery>;

export const setupIdParams = z.object({ id: id('id') });

/** POST /api/setup/sessions: open the year after the current one (or `session_year`). */
export const sessionOpenBody = z.object({
  school_info_id: optionalId('school_info_id').describe(
    'The school whose routines are copied (the super admin names it).',
  ),
  session_year: wholeNumber('session_year', { min: 2000, max: 2100 }).optional(),
  copy_routines: z.boolean({ error: 'copy_routines must be true or false' }).default(false),
});
export type SessionOpenBody = z.input<typeof sessionOpenBody>;

// ---------------------------------------------------------------- responses

export const schoolTypeRow = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type SchoolTypeRow = z.infer<typeof schoolTypeRow>;

export const setupClassRow = z.object({
  id: z.number().int(),
  class_name: z.string(),
  class_name_bn: banglaNameOut,
  class_code: z.string(),
  school_type_id: z.number().int(),
  school_type_name: z.string(),
  sort_order: z.number().int(),
});
export const setupSectionRow = z.object({
  id: z.number().int(),
  section_default_name: z.string(),
  class_id: z.number().int(),
  class_name: z.string(),
  shift_id: z.number().int(),
  shift_name: z.string(),
  school_info_id: z.number().int(),
});
export const setupSubjectRow = z.object({
  id: z.number().int(),
  subject_code: z.string(),
  subject_name: z.string(),
  subject_name_bn: banglaNameOut,
  class_id: z.number().int(),
  class_name: z.string(),
  school_type_id: z.number().int(),
  group_id: z.number().int().nullable(),
  optional: z.boolean(),
});
export const setupPeriodRow = z.object({
  id: z.number().int(),
  period_code: z.string(),
  serial: z.number().int(),
  shift_id: z.number().int(),
  shift_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  school_info_id: z.number().int(),
});
export type SetupClassRow = z.infer<typeof setupClassRow>;
export type SetupSectionRow = z.infer<typeof setupSectionRow>;
export type SetupSubjectRow = z.infer<typeof setupSubjectRow>;
export type SetupPeriodRow = z.infer<typeof setupPeriodRow>;

export const classPage = pageOf(setupClassRow);
export const sectionPage = pageOf(setupSectionRow);
export const subjectPage = pageOf(setupSubjectRow);
export const periodPage = pageOf(setupPeriodRow);

/** The answer to a create or an edit: the server's message and the row as saved. */
export const writeAnswer = <T extends z.ZodType>(row: T) =>
  z.object({ ok: z.literal(true), code: z.string(), message: z.string(), row });
export const classWriteAnswer = writeAnswer(setupClassRow);
export const sectionWriteAnswer = writeAnswer(setupSectionRow);
export const subjectWriteAnswer = writeAnswer(setupSubjectRow);
export const periodWriteAnswer = writeAnswer(setupPeriodRow);
export const deleteAnswer = z.object({ ok: z.literal(true), code: z.string(), message: z.string() });
export type DeleteAnswer = z.infer<typeof deleteAnswer>;

export const sessionOpenAnswer = z.object({
  ok: z.literal(true),
  code: z.string(),
  message: z.string(),
  session: z.object({ id: z.number().int(), session_year: z.string() }),
  routines_copied: z.number().int(),
});
export type SessionOpenAnswer = z.infer<typeof sessionOpenAnswer>;
