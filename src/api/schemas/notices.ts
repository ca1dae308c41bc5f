/**
 * Notices on the wire (spec part 1, sections 3 and 7: "Notice as sent", "Notice as read").
 * Class and section 0 mean ALL, as the spec's filters do; `notice_users` is the comma-separated
 * list of explicit recipients ('' = the whole class/section audience).
 */
import { z } from 'zod';
import { allOrId, id, isoDate, MAX_ID, optionalId } from './common';

/** 1 = teacher notice, 2 = school notice. */
export const NOTICE_TYPES = { teacher: 1, school: 2 } as const;
export type NoticeType = (typeof NOTICE_TYPES)[keyof typeof NOTICE_TYPES];

export const NOTICE_MESSAGES = {
  created: 'new note added successfully!',
  updated: 'Note updated successfully!',
  deleted: "Note's deleted successfully",
} as const;

export const HEADLINE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional notice type filter in a query string: 1 or 2; absent (or '') = both. */
const typeFilter = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: 'type must be 1 (teacher notice) or 2 (school notice)' })
    .int()
    .min(1, 'type must be 1 (teacher notice) or 2 (school notice)')
    .max(2, 'type must be 1 (teacher notice) or 2 (school notice)')
    .optional(),
);

const optionalDate = z.preprocess(blankToUndefined, isoDate.optional());

/** 0 (or absent, '' or null) = ALL; `[]`, `true` or `"3"` are refused, never read as 0 (ALL). */
const idOrAllBody = allOrId;

// ---------------------------------------------------------------- requests

export const noticeCreatorQuery = z.object({ uid: optionalId('uid') });
export const noticeIdQuery = z.object({ id: id('id') });
export const noticeSchoolQuery = z.object({ school_info_id: optionalId('school_info_id'), type: typeFilter });
export const noticeStudentQuery = z.object({
  student_id: optionalId('student_id'),
  type: typeFilter,
  start_date: optionalDate,
  end_date: optionalDate,
});

/**
 * POST /api/notice. `id` empty/absent creates, a number updates. `uid` and `type` are accepted
 * for the old client's sake and ignored: the creator is the signed-in user and the type follows
 * from the creator's role.
 */
export const noticeWriteBody = z.object({
  id: optionalId('id'),
  school_info_id: optionalId('school_info_id'),
  class_id: idOrAllBody('class_id'),
  section_id: idOrAllBody('section_id'),
  students: z.preprocess(
    (v) => (v === null || v === undefined || v === '' ? [] : v),
    z
      .array(
        z
          .number({ error: 'students must be student ids' })
          .int('students must be student ids')
          .positive('students must be student ids')
          .max(MAX_ID, 'students must be student ids'),
        {
          error: 'students must be a list of student ids',
        },
      )
      .max(2000, 'Too many students'),
  ),
  session_id: id('session_id'),
  headline: z
    .string({ error: 'Enter a headline' })
    .trim()
    .min(1, 'Enter a headline')
    .max(HEADLINE_MAX, `Headline must be at most ${HEADLINE_MAX} characters`),
  description: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: 'description must be text' })
      .trim()
      .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`),
  ),
  date: z.string({ error: 'Choose a publishing date' }).pipe(isoDate),
  uid: z.union([z.string(), z.number()]).nullable().optional(),
  type: z.union([z.string(), z.number()]).nullable().optional(),
});
/** What the client sends (the schema's input; preprocessing makes z.input too loose to use). */
export interface NoticeWriteBody {
  id?: number | '' | null;
  school_info_id?: number | null;
  class_id: number;
  section_id: number;
  students: number[];
  session_id: number;
  headline: string;
  description: string;
  date: string;
  uid?: string | number | null;
  type?: string | number | null;
}
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

export const noticeWriteResponse = z.object({ ok: z.literal(true), id: z.number().int(), message: z.string() });
export type NoticeWriteResponse = z.infer<typeof noticeWriteResponse>;

export const noticeDeleteResponse = z.object({ ok: z.literal(true), message: z.string() });
export type NoticeDeleteResponse = z.infer<typeof noticeDeleteResponse>;

export const noticeReadResponse = z.object({ ok: z.literal(true), id: z.number().int(), read: z.literal(true) });
export type NoticeReadResponse = z.infer<typeof noticeReadResponse>;
