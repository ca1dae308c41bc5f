import { z } from 'zod';
import { id, isoDate, optionalId, optionalIdOrAll, pageOf, pageQueryWith } from './common';

// ---------------------------------------------------------------- requests

/** A teacher's week; a teacher may leave `teacher_id` out (or name only themself). */
export const teacherRoutineQuery = z.object({ teacher_id: optionalId('teacher_id') });
export type TeacherRoutineQuery = z.input<typeof teacherRoutineQuery>;

export const studentRoutineQuery = z.object({
  section_id: id('section_id'),
  class_id: optionalId('class_id'),
  school_info_id: optionalId('school_info_id'),
});
export type StudentRoutineQuery = z.input<typeof studentRoutineQuery>;

/** A teacher's periods on one date (default: the school's today). */
export const teacherTodayQuery = z.object({
  teacher_id: optionalId('teacher_id'),
  today: isoDate.optional(),
  school_info_id: optionalId('school_info_id'),
});
export type TeacherTodayQuery = z.input<typeof teacherTodayQuery>;

// ---------------------------------------------------------------- responses

export const routineRow = z.object({
  id: z.number().int(),
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  day_id: z.number().int(),
  day: z.string(),
  period_id: z.number().int(),
  period_code: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  teacher_id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  /** The date the teacher left the school (docs/DOMAIN.md, Records): their periods are flagged. */
  teacher_left_on: z.string().nullable().optional(),
  room: z.string(),
  session_id: z.number().int(),
  session_year: z.string(),
  shift_id: z.number().int(),
  shift_name: z.string(),
});
export type RoutineRow = z.infer<typeof routineRow>;

/** A routine entry on a given date, with whether attendance was already taken for it. */
export const routineTodayRow = routineRow.extend({
  date: z.string(),
  attendance_taken: z.boolean(),
  /** The teacher substitutes this period that day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"). */
  substitute: z.boolean().optional(),
  /** The initial of the substitute who takes this period of the teacher's that day. */
  covered_by: z.string().nullable().optional(),
});
export type RoutineTodayRow = z.infer<typeof routineTodayRow>;

// ---------------------------------------------------------------- the admin's routine management

export const ROUTINE_MESSAGES = {
  created: 'routine added successfully!!',
  updated: 'Routine updated successfully',
  deleted: 'Routine deleted successfully',
} as const;

/** Stable codes of the success answers; the client shows its language's `routines.success.<name>`. */
export const ROUTINE_SUCCESS_CODES = {
  created: 'routines.created',
  updated: 'routines.updated',
  deleted: 'routines.deleted',
} as const;

export const ROOM_MAX = 40;

/** A body id the old form may send as '' or null for "none" (a new routine's id). */
const blankId = (label: string) =>
  z.union([z.literal(''), z.null(), id(label)], { error: `${label} must be a positive id` }).optional();

/** A time the old form sends ('0:00:00'); the server takes start and end from the period instead. */
const ignoredTime = z.union([z.string().max(16), z.null()]).optional();

/**
 * POST /api/routine/all: a new routine (no id, '' or null) or a change of the routine `id`. start and
 * end are accepted as the spec lists them but the period's own times are what a routine shows.
 */
export const routineWriteBody = z.object({
  id: blankId('id'),
  school_info_id: optionalId('school_info_id'),
  class_id: id('class_id'),
  section_id: id('section_id'),
  day_id: id('day_id'),
  period_id: id('period_id'),
  subject_id: id('subject_id'),
  teacher_id: id('teacher_id'),
  room: z
    .string({ error: 'room must be text' })
    .trim()
    .max(ROOM_MAX, `room must be at most ${ROOM_MAX} characters`)
    .nullable()
    .optional()
    .transform((v) => v ?? ''),
  session_id: id('session_id'),
  shift_id: id('shift_id'),
  start: ignoredTime,
  end: ignoredTime,
});
export type RoutineWriteBody = z.input<typeof routineWriteBody>;

export const routineWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type RoutineWriteResponse = z.infer<typeof routineWriteResponse>;

export const routineIdQuery = z.object({ id: id('id') });

export const routineDeleteResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
export type RoutineDeleteResponse = z.infer<typeof routineDeleteResponse>;

/** Filters shared by the admin's list and the viewer's search (all optional, 0/absent = all). */
const routineFilters = {
  school_info_id: optionalId('school_info_id'),
  session_id: optionalIdOrAll('session_id'),
  class_id: optionalIdOrAll('class_id'),
  section_id: optionalIdOrAll('section_id'),
  day_id: optionalIdOrAll('day_id'),
  teacher_id: optionalIdOrAll('teacher_id'),
  shift_id: optionalIdOrAll('shift_id'),
  period_id: optionalIdOrAll('period_id'),
  room: z.string().trim().max(ROOM_MAX, `room must be at most ${ROOM_MAX} characters`).optional(),
};

export const ROUTINE_PAGE = { defaultLimit: 20, maxLimit: 200 } as const;

/** GET /api/routine/school/filter: a school's routines, newest first, one page. */
export const routineSchoolQuery = z.object({
  ...routineFilters,
  ...pageQueryWith(ROUTINE_PAGE).shape,
});
export type RoutineSchoolQuery = z.input<typeof routineSchoolQuery>;

/** A school has at most days × periods × sections routines: a week's search is bounded, but still paged. */
export const ROUTINE_SEARCH_PAGE = { defaultLimit: 500, maxLimit: 2000 } as const;

/**
 * GET /api/routine/admin-search: the spec's viewer search (school_info_id, teacher_id, class_id,
 * section_id, day_id, session_id), plus shift_id, period_id and room for the week grids; in week
 * order (day, period). Without session_id: the school's current session.
 */
export const routineSearchQuery = z.object({
  ...routineFilters,
  ...pageQueryWith(ROUTINE_SEARCH_PAGE).shape,
});
export type RoutineSearchQuery = z.input<typeof routineSearchQuery>;

export const routinePage = pageOf(routineRow);
