/**
 * eSchool on the wire (spec part 1's student tile /student-eschool): the school's online
 * classes. A teacher schedules one for a section and subject they have in the routine (a school
 * admin for any routine entry of the school, naming its teacher); students read their section's,
 * viewers a linked school's. Times travel as the school's local date and HH:mm (the form's
 * fields) and come back also as an ISO instant (`starts_at`), so every reader agrees.
 */
import { z } from 'zod';
import { id, isoDate, optionalId, pageOf, pageQueryWith } from './common';

export const ESCHOOL_MESSAGES = {
  created: 'Online class scheduled.',
  updated: 'Online class updated.',
  cancelled: 'Online class cancelled.',
} as const;

export const ESCHOOL_SUCCESS_CODES = {
  created: 'eschool.created',
  updated: 'eschool.updated',
  cancelled: 'eschool.cancelled',
} as const;

export const ESCHOOL_FIELD_MESSAGES = {
  notYourSubject: 'You do not teach this subject in this section.',
  notInRoutine: 'That teacher does not teach this subject in this section.',
  httpsOnly: 'The meeting link must be an https:// address.',
  past: 'The class must not start in the past.',
  noSession: 'There is no academic session for that date.',
  cancelled: 'This online class was cancelled and can no longer be changed.',
  notOwn: 'That is another teacher’s online class.',
  teacherRequired: 'Choose the teacher.',
} as const;

export const TOPIC_MAX = 200;
export const URL_MAX = 500;
export const DURATION_MIN = 5;
export const DURATION_MAX = 300;
export const ESCHOOL_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

/** An https address a browser can open: the only kind of meeting link taken. */
export function isHttpsUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'https:' && u.hostname.length > 0 && !u.username && !u.password;
  } catch {
    return false;
  }
}

export const meetingUrl = z
  .string({ error: 'meeting_url must be text' })
  .trim()
  .min(1, 'meeting_url is required')
  .max(URL_MAX, `meeting_url must be at most ${URL_MAX} characters`)
  .refine(isHttpsUrl, ESCHOOL_FIELD_MESSAGES.httpsOnly);

export const hhmm = z
  .string({ error: 'start_time must be text' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time as HH:mm');

export const onlineClassBody = z.strictObject({
  school_info_id: optionalId('school_info_id'),
  section_id: id('section_id'),
  subject_id: id('subject_id'),
  /** A school admin names the teacher; a teacher's own is taken (another one is 403). */
  teacher_id: optionalId('teacher_id'),
  date: isoDate,
  start_time: hhmm,
  duration_minutes: z
    .number({ error: 'duration_minutes must be a number' })
    .int('duration_minutes must be a whole number')
    .min(DURATION_MIN, `duration_minutes must be at least ${DURATION_MIN}`)
    .max(DURATION_MAX, `duration_minutes must be at most ${DURATION_MAX}`),
  meeting_url: meetingUrl,
  topic: z
    .string({ error: 'topic must be text' })
    .trim()
    .max(TOPIC_MAX, `topic must be at most ${TOPIC_MAX} characters`)
    .default(''),
});
export type OnlineClassInput = z.input<typeof onlineClassBody>;

export const onlineClassParams = z.object({ id: id('id') });

export const onlineClassListQuery = z.object({
  ...pageQueryWith(ESCHOOL_PAGE).shape,
  school_info_id: optionalId('school_info_id'),
  section_id: optionalId('section_id'),
  /** Staff: `mine` (a teacher's own, the default for teachers) or `school` (an admin's or viewer's). */
  scope: z.enum(['mine', 'school']).optional(),
  /** Leave out classes that ended before now. */
  upcoming_only: z.enum(['true', 'false']).optional(),
  /** A guardian: which linked child's sections; a student's own are implied. */
  student_id: optionalId('student_id'),
});
export type OnlineClassListQuery = z.input<typeof onlineClassListQuery>;

export const onlineClassRow = z.object({
  id: z.number(),
  session_id: z.number(),
  class_id: z.number(),
  class_name: z.string(),
  section_id: z.number(),
  section_default_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
  teacher_id: z.number(),
  teacher_name: z.string(),
  initial: z.string(),
  topic: z.string(),
  /** The school's local date and start time, as the form sends them. */
  date: z.string(),
  start_time: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  meeting_url: z.string(),
  cancelled: z.boolean(),
  /** Computed against the server's clock when answered. */
  status: z.enum(['upcoming', 'live', 'ended', 'cancelled']),
});
export type OnlineClassRow = z.infer<typeof onlineClassRow>;
export const onlineClassPage = pageOf(onlineClassRow);
export type OnlineClassPage = z.infer<typeof onlineClassPage>;

/** What the caller may schedule: routine entries (a teacher's own; an admin's whole school's). */
export const onlineClassOption = z.object({
  class_id: z.number(),
  class_name: z.string(),
  section_id: z.number(),
  section_default_name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
  teacher_id: z.number(),
  teacher_name: z.string(),
});
export type OnlineClassOption = z.infer<typeof onlineClassOption>;
export const onlineClassOptions = z.array(onlineClassOption);
/** The school whose routine entries are offered (which one a caller may name: server/auth/tenant.ts). */
export const onlineClassOptionsQuery = z.object({ school_info_id: onlineClassListQuery.shape.school_info_id });

export const onlineClassWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number(),
  code: z.string(),
  message: z.string(),
});
export type OnlineClassWriteResponse = z.infer<typeof onlineClassWriteResponse>;
