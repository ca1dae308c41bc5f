/**
 * Notices on the wire (spec part 1, sections 3 and 7: "Notice as sent", "Notice as read"): every
 * request (query and body) and response of the notice routes. Class and section 0 mean ALL, as
 * the spec's filters do; `notice_users` is the comma-separated list of explicit recipients
 * ('' = the whole class/section audience).
 *
 * Numbers are not coerced: a query string carries them as digits ("12"), a JSON body as
 * numbers; `true`, `[]`, "0x10", "1e3" are refused with a 400 naming the field. The blanks the
 * old client sends ('' for a new notice's id, null) still mean "none" / "all". No preprocessing,
 * so `z.input` of each schema is exactly what a client may send, and the client's calls are typed
 * with it.
 */
import { z } from 'zod';
import { isoDate, MAX_ID } from './common';

/** 1 = teacher notice, 2 = school notice. */
export const NOTICE_TYPES = { teacher: 1, school: 2 } as const;
export type NoticeType = (typeof NOTICE_TYPES)[keyof typeof NOTICE_TYPES];

export const NOTICE_MESSAGES = {
  created: 'new note added successfully!',
  updated: 'Note updated successfully!',
  deleted: "Note's deleted successfully",
} as const;

/**
 * The stable codes of the success answers (`notices.created` ...): the client shows its own
 * language's text for the code, the `message` stays the spec's English.
 */
export const NOTICE_SUCCESS_CODES = {
  created: 'notices.created',
  updated: 'notices.updated',
  deleted: 'notices.deleted',
} as const;

/**
 * The server's field complaints about a notice's targets, by a stable name: the server sends the
 * English (with code `invalid_input` and the field), the client finds the name from the text and
 * shows its catalogue's `notices.fieldErrors.<name>`.
 */
export const NOTICE_FIELD_MESSAGES = {
  noSuchSession: 'No such academic session.',
  noSuchClass: 'No such class in this school.',
  noSuchSection: 'No such section in this school.',
  sectionNeedsClass: 'Choose the class of this section.',
  sectionNotInClass: 'That section is not in the chosen class.',
  sessionRequired: 'Choose an academic session.',
  endBeforeStart: 'The end date must not be before the start date.',
  /** A teacher's notice reaches only the sections they teach in its session. */
  notYourSection: 'You do not teach this section in this session.',
  notAllSections: 'You teach only some sections of this class: choose one of them.',
  notWholeSchool: 'A teacher’s notice goes only to the sections they teach: choose a class and section.',
  notYourStudents: 'Some chosen students are not in a section you teach.',
  /** The editor's own: a teacher with no routine in the chosen session has nobody to address. */
  noSectionTaught: 'You teach no section in this session: a teacher’s notice goes only to the sections they teach.',
} as const;

export const HEADLINE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const STUDENTS_MAX = 2000;

/**
 * Notice lists are paged (one student's list had grown to 54 MB). 20 a page unless the
 * caller asks otherwise, never more than 100. Rows carry the whole description: at most
 * 100 × 5,000 characters (about 0.5 MB, 0.1 MB at the default), bounded, and it spares a second
 * call each time a student opens a notice.
 */
export const NOTICE_PAGE_SIZE = 20;
export const NOTICE_PAGE_MAX = 100;

/** At most this many notices created per user in the last hour (counted from the notices table). */
export const NOTICE_CREATES_PER_HOUR = 30;

// ---------------------------------------------------------------- building blocks

const TYPE_MESSAGE = 'type must be 1 (teacher notice) or 2 (school notice)';

/** Digits (or a number) as a number; NaN for anything else ("1e3", "0x10", " 7", "-1"). */
const wholeOf = (v: string | number): number => (typeof v === 'number' ? v : /^\d{1,12}$/.test(v) ? Number(v) : NaN);

/**
 * A whole number in a query string: digits only (or a number, for in-process callers), within
 * [min, max]; absent or '' gives `fallback`.
 */
function queryWhole<F extends number | undefined>(message: string, min: number, max: number, fallback: F) {
  return z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx): number | F => {
      if (v === undefined || v === '') return fallback;
      const n = wholeOf(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** An optional id in a query string; absent or '' = none. */
const queryId = (label: string) => queryWhole(`${label} must be an id (a whole number from 1)`, 1, MAX_ID, undefined);
/** An optional id filter where 0 (or absent or '') means ALL. */
const queryIdOrAll = (label: string) => queryWhole(`${label} must be 0 (all) or an id`, 0, MAX_ID, 0);
const queryType = queryWhole(TYPE_MESSAGE, 1, 2, undefined).transform((v) => v as NoticeType | undefined);
const queryDate = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((v) => v || undefined);

/** `limit` and `offset` of a paged list (spread into the list's query schema). */
export const pageQuery = {
  limit: queryWhole(
    `limit must be a whole number from 1 to ${NOTICE_PAGE_MAX}`,
    1,
    NOTICE_PAGE_MAX,
    NOTICE_PAGE_SIZE,
  ).describe(`Rows per page: ${NOTICE_PAGE_SIZE} by default, at most ${NOTICE_PAGE_MAX}.`),
  offset: queryWhole('offset must be a whole number from 0', 0, MAX_ID, 0).describe(
    'Rows to skip (0 by default): page n starts at (n - 1) × limit.',
  ),
};

/** A page of a list: the rows asked for, how many there are in all, and the page asked for. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
export interface Page<T> {
  rows: T[];
  total: number;
  limit: number;
  offset: number;
}

const bodyIdNumber = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive id`)
    .max(MAX_ID, `${label} is too large`);

/** '' or null: the old client's "none" (a new notice's id) or "all" (class and section). */
const blank = z.union([z.literal(''), z.null()]);

/** An optional id in a body: a number, or ''/null/absent for none (null after parsing). */
const bodyOptionalId = (label: string) =>
  z
    .union([bodyIdNumber(label), blank], { error: `${label} must be an id or empty` })
    .optional()
    .transform((v) => (typeof v === 'number' ? v : null));

/** A class or section in a body: 0 (or ''/null/absent) = ALL, else an id. */
const bodyIdOrAll = (label: string) =>
  z
    .union(
      [
        z
          .number({ error: `${label} must be a number` })
          .int(`${label} must be a whole number`)
          .min(0, `${label} must be 0 (all) or an id`)
          .max(MAX_ID, `${label} is too large`),
        blank,
      ],
      { error: `${label} must be 0 (all) or an id` },
    )
    .optional()
    .transform((v) => (typeof v === 'number' ? v : 0));

// ---------------------------------------------------------------- requests

export const noticeCreatorQuery = z.object({ uid: queryId('uid'), ...pageQuery });
export type NoticeCreatorQuery = z.input<typeof noticeCreatorQuery>;

export const noticeIdQuery = z.object({
  id: z.union([z.string(), z.number()], { error: 'id is required' }).transform((v, ctx) => {
    const n = wholeOf(v);
    if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: 'id must be an id (a whole number from 1)' });
      return z.NEVER;
    }
    return n;
  }),
});
export type NoticeIdQuery = z.input<typeof noticeIdQuery>;

export const noticeSchoolQuery = z.object({ school_info_id: queryId('school_info_id'), type: queryType, ...pageQuery });
export type NoticeSchoolQuery = z.input<typeof noticeSchoolQuery>;

export const noticeStudentQuery = z.object({
  student_id: queryId('student_id'),
  type: queryType,
  start_date: queryDate,
  end_date: queryDate,
  ...pageQuery,
});
export type NoticeStudentQuery = z.input<typeof noticeStudentQuery>;

/**
 * GET /api/notice/audience: how many students a notice with these targets would reach, for the
 * editor's "This goes to N students" before publishing. `student_ids` is a comma-separated list
 * (as `notice_users` is); none = the whole class/section. Without `session_id`: the session of
 * the school's today.
 */
export const noticeAudienceQuery = z.object({
  school_info_id: queryId('school_info_id'),
  session_id: queryId('session_id'),
  class_id: queryIdOrAll('class_id'),
  section_id: queryIdOrAll('section_id'),
  student_ids: z
    .string({ error: 'student_ids must be a comma-separated list of student ids' })
    .optional()
    .transform((v, ctx) => {
      if (!v) return [];
      const parts = v.split(',');
      const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : NaN));
      if (parts.length > STUDENTS_MAX || ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ID)) {
        ctx.addIssue({ code: 'custom', message: 'student_ids must be a comma-separated list of student ids' });
        return z.NEVER;
      }
      return [...new Set(ids)];
    }),
});
export type NoticeAudienceQuery = z.input<typeof noticeAudienceQuery>;

export const noticeAudienceResponse = z.object({ students: z.number().int() });
export type NoticeAudienceResponse = z.infer<typeof noticeAudienceResponse>;

/**
 * GET /api/notice/reach: whom the caller's notices may address. A school admin: the whole school.
 * A teacher: the sections they teach, per session (their routine), so the editor offers only those.
 */
export const noticeReachQuery = z.strictObject({ school_info_id: queryId('school_info_id') });
export const noticeReachResponse = z.object({
  whole_school: z.boolean(),
  sections: z.array(
    z.object({ session_id: z.number().int(), class_id: z.number().int(), section_id: z.number().int() }),
  ),
});
export type NoticeReach = z.infer<typeof noticeReachResponse>;

/**
 * POST /api/notice. `id` empty/absent creates, a number updates. `uid` and `type` are accepted
 * for the old client's sake and ignored: the creator is the signed-in user and the type follows
 * from the creator's role. A description is required (a one-letter notice with no
 * description went to 303 students).
 */
export const noticeWriteBody = z.object({
  id: bodyOptionalId('id'),
  school_info_id: bodyOptionalId('school_info_id'),
  class_id: bodyIdOrAll('class_id'),
  section_id: bodyIdOrAll('section_id'),
  students: z
    .array(bodyIdNumber('students'), { error: 'students must be a list of student ids' })
    .max(STUDENTS_MAX, `At most ${STUDENTS_MAX} students`)
    .nullable()
    .optional()
    .transform((v) => [...new Set(v ?? [])]),
  session_id: bodyIdNumber('session_id'),
  headline: z
    .string({ error: 'Enter a headline' })
    .trim()
    .min(1, 'Enter a headline')
    .max(HEADLINE_MAX, `Headline must be at most ${HEADLINE_MAX} characters`),
  description: z
    .string({ error: 'Enter a description' })
    .trim()
    .min(1, 'Enter a description')
    .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  date: z.string({ error: 'Choose a publishing date' }).pipe(isoDate),
  uid: z.union([z.string(), z.number()]).nullable().optional(),
  type: z.union([z.string(), z.number()]).nullable().optional(),
});
/** What a client sends. */
export type NoticeWriteBody = z.input<typeof noticeWriteBody>;
export type NoticeWrite = z.output<typeof noticeWriteBody>;

// ---------------------------------------------------------------- responses

export const noticeRow = z.object({
  id: z.number().int(),
  notice_headline: z.string(),
  notice_description: z.string(),
  /** 1 = teacher notice, 2 = school notice. */
  type: z.number().int(),
  school_info_id: z.number().int(),
  /** 0 = all classes. */
  class_id: z.number().int(),
  /** 'ALL' for all classes. */
  class_name: z.string(),
  /** 0 = all sections. */
  section_id: z.number().int(),
  /** 'ALL' for all sections. */
  section_default_name: z.string(),
  session_id: z.number().int(),
  session_year: z.string(),
  /** YYYY-MM-DD */
  publishing_date: z.string(),
  /** Comma-separated student ids of the explicit recipients; '' = the whole class/section. */
  notice_users: z.string(),
  /** The same ids as numbers. */
  students: z.array(z.number().int()),
  /** The first explicit recipient, or null. */
  student_id: z.number().int().nullable(),
  creator_name: z.string(),
  /**
   * Who last changed the notice when it was not its author (a school admin editing a teacher's
   * notice), and when (ISO timestamp): shown as "edited by ...", so that nobody's words are passed
   * off as the author's. null when only the author ever changed it.
   */
  edited_by_name: z.string().nullable(),
  edited_at: z.string().nullable(),
  /** Only for the notice's author: how many of the audience opened it ("read by N of M"). */
  read_count: z.number().int().optional(),
  recipient_count: z.number().int().optional(),
  /** For a student: whether they opened it. */
  read: z.boolean().optional(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

/** Rows of the author's own list (/api/notice/creator): always with the read counts. */
export const countedNoticeRow = noticeRow.extend({
  read_count: z.number().int(),
  recipient_count: z.number().int(),
});
export type CountedNoticeRow = z.infer<typeof countedNoticeRow>;

/**
 * Rows of the school's list and of the editor (/api/notice/school, /api/notice/edit): the read
 * counts are there only on the caller's own notices; who read another author's notice is theirs.
 */
export const schoolNoticeRow = noticeRow.omit({ read: true });
export type SchoolNoticeRow = z.infer<typeof schoolNoticeRow>;

/** Rows for a student: with whether they read it. */
export const studentNoticeRow = noticeRow.extend({ read: z.boolean() });
export type StudentNoticeRow = z.infer<typeof studentNoticeRow>;

export const creatorNoticePage = pageOf(countedNoticeRow);
export const schoolNoticePage = pageOf(schoolNoticeRow);
export const studentNoticePage = pageOf(studentNoticeRow);

export const noticeWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number().int(),
  message: z.string(),
  /** `notices.created` or `notices.updated` (older servers sent none). */
  code: z.string().optional(),
});
export type NoticeWriteResponse = z.infer<typeof noticeWriteResponse>;

export const noticeDeleteResponse = z.object({ ok: z.literal(true), message: z.string(), code: z.string().optional() });
export type NoticeDeleteResponse = z.infer<typeof noticeDeleteResponse>;

export const noticeReadResponse = z.object({ ok: z.literal(true), id: z.number().int(), read: z.literal(true) });
export type NoticeReadResponse = z.infer<typeof noticeReadResponse>;
