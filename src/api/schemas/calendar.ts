/**
 * The academic calendar on the wire (spec part 2, Academic calendar; calls in section 7):
 * `POST /api/calender` (empty `id` adds, a set `id` updates), `POST /api/calender/update?id=`,
 * `POST /api/calender/delete?id=`, and the reads `GET /api/calender` (the school admin's and a
 * viewer's list), `GET /api/calender/student` and `GET /api/calender/teacher`. The spec's
 * misspelling "calender" is kept in every path: it is the contract.
 *
 * Field names follow the spec: `date` (the entry's date; the first day of a range) and `topics`
 * (its free text, the title). The old portal's free-text "Schedule Type" is now `type`, one of a
 * fixed set, and a range ends at `end_date` (absent or '' = the same day). `details` is an
 * optional longer note. Numbers are not coerced (src/api/schemas/common.ts).
 */
import { z } from 'zod';
import { id, isoDate, optionalId, pageOf, pageQueryWith } from './common';

export const CALENDAR_TYPES = ['holiday', 'exam', 'event', 'meeting', 'other'] as const;
export type CalendarType = (typeof CALENDAR_TYPES)[number];

/** The spec's messages (part 2, section 8), in English; the client shows its language's text by code. */
export const CALENDAR_MESSAGES = {
  created: 'Academic Calendar saved successfully',
  updated: 'Academic Calendar updated successfully',
  /** The spec's message of `POST /api/calender/update`. */
  updatedByUpdateCall: 'Calender updated successfully!!',
  deleted: 'Academic Calendar deleted successfully',
} as const;

export const CALENDAR_SUCCESS_CODES = {
  created: 'calendar.created',
  updated: 'calendar.updated',
  deleted: 'calendar.deleted',
} as const;

export const CALENDAR_FIELD_MESSAGES = {
  type: 'must be one of holiday, exam, event, meeting, other',
  endBeforeStart: 'The end date must not be before the start date.',
  sameSession: 'The end date must be in the same academic session (year) as the start date.',
  noSession: 'There is no academic session for that year.',
  topics: 'Enter the schedule',
  /** 409 `calendar.duplicate_holiday`: the holiday already entered, named with its dates. */
  duplicateHoliday: (topics: string, dates: string) =>
    `This holiday is already in the calendar: “${topics}” (${dates}).`,
} as const;

export const TOPICS_MAX = 200;
export const DETAILS_MAX = 2000;
/** A range may last at most this many days (a long vacation); anything longer is a typing slip. */
export const RANGE_MAX_DAYS = 92;

export const CALENDAR_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

// ---------------------------------------------------------------- requests

const calendarType = z.enum(CALENDAR_TYPES, { error: `type ${CALENDAR_FIELD_MESSAGES.type}` });

/** The fields of an entry, shared by add and update. */
const entryFields = {
  /**
   * Optional: the spec's body has no type (spec part 2, section 7: `school_info_id, date, topics`).
   * Without it a new entry's type is read from its topics (`typeOfTopics`), an edit keeps the
   * entry's own.
   */
  type: calendarType.optional(),
  topics: z
    .string({ error: CALENDAR_FIELD_MESSAGES.topics })
    .trim()
    .min(1, CALENDAR_FIELD_MESSAGES.topics)
    .max(TOPICS_MAX, `topics must be at most ${TOPICS_MAX} characters`),
  details: z
    .string({ error: 'details must be text' })
    .trim()
    .max(DETAILS_MAX, `details must be at most ${DETAILS_MAX} characters`)
    .optional()
    .transform((v) => v ?? ''),
  date: z.string({ error: 'Choose the date' }).pipe(isoDate),
  end_date: z
    .union([z.literal(''), z.null(), isoDate], { error: 'end_date must be a date as YYYY-MM-DD' })
    .optional()
    .transform((v) => v || undefined),
};

/**
 * The type of an entry sent without one, from the words of its topics (the old portal's "Schedule
 * Type" was the topics): a holiday, an exam or a meeting by name in either language, else `other`.
 */
export function typeOfTopics(topics: string): CalendarType {
  const t = topics.toLowerCase();
  if (/holiday|vacation|ছুটি|বন্ধ|দিবস/.test(t)) return 'holiday';
  if (/exam|test|পরীক্ষা/.test(t)) return 'exam';
  if (/meeting|সভা/.test(t)) return 'meeting';
  return 'other';
}

/** end_date defaults to date; it may not come before it. */
function checkRange(v: { date: string; end_date?: string }, ctx: z.RefinementCtx) {
  if (v.end_date && v.end_date < v.date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: CALENDAR_FIELD_MESSAGES.endBeforeStart });
  }
}

/** POST /api/calender: `id` empty (or absent, or null) adds, a number updates that entry. */
export const calendarWriteBody = z
  .object({
    id: optionalId('id'),
    school_info_id: optionalId('school_info_id'),
    ...entryFields,
  })
  .superRefine(checkRange);
export type CalendarWriteBody = z.input<typeof calendarWriteBody>;
export type CalendarWrite = z.output<typeof calendarWriteBody>;

/** POST /api/calender/update?id= : the spec's body is `date, topics` (type and range too). */
export const calendarUpdateBody = z.object(entryFields).superRefine(checkRange);
export type CalendarUpdateBody = z.input<typeof calendarUpdateBody>;

export const calendarIdQuery = z.object({ id: id('id') });
export type CalendarIdQuery = z.input<typeof calendarIdQuery>;

/**
 * The reads: one school's entries (`school_info_id`: a viewer names their chosen school; others
 * may leave it out), optionally only those touching a month (`YYYY-MM`) and of one type, by date.
 */
export const calendarListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  type: z.union([z.literal('').transform(() => undefined), calendarType]).optional(),
  ...pageQueryWith(CALENDAR_PAGE).shape,
});
export type CalendarListQuery = z.input<typeof calendarListQuery>;

// ---------------------------------------------------------------- responses

export const calendarRow = z.object({
  id: z.number().int(),
  school_info_id: z.number().int(),
  session_id: z.number().int(),
  type: z.enum(CALENDAR_TYPES),
  topics: z.string(),
  details: z.string(),
  /** The first day (YYYY-MM-DD). */
  date: z.string(),
  /** The last day, inclusive (the same as `date` for a one-day entry). */
  end_date: z.string(),
});
export type CalendarRow = z.infer<typeof calendarRow>;

export const calendarPage = pageOf(calendarRow);
export type CalendarPage = z.infer<typeof calendarPage>;

export const calendarWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  code: z.string(),
});
export type CalendarWriteResponse = z.infer<typeof calendarWriteResponse>;

export const calendarDeleteResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string() });
export type CalendarDeleteResponse = z.infer<typeof calendarDeleteResponse>;
