/**
 * Extra-curricular activities on the wire (/student-activity): a school's clubs, sports
 * and competitions per session, who took part and their marks. The school admin keeps the list and
 * names a teacher in charge; the admin and that teacher record participation and marks; other
 * teachers and viewers read; a student reads their own. The marks feed the grade sheet's Extra
 * Curriculum 5% (server/services/grades.ts has the rule).
 */
import { z } from 'zod';
import { id, optionalId, pageOf, pageQueryWith } from './common';

export const ACTIVITY_KINDS = ['club', 'sport', 'competition', 'other'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const ACTIVITY_MESSAGES = {
  created: 'Activity saved.',
  updated: 'Activity updated.',
  deleted: 'Activity deleted.',
  participantsSaved: 'Participation and marks saved.',
  participantsRemoved: 'Removed from the activity.',
} as const;

export const ACTIVITY_SUCCESS_CODES = {
  created: 'activity.created',
  updated: 'activity.updated',
  deleted: 'activity.deleted',
  participantsSaved: 'activity.participants_saved',
  participantsRemoved: 'activity.participants_removed',
} as const;

export const ACTIVITY_FIELD_MESSAGES = {
  duplicate: 'The school already has an activity of that name in this session.',
  noSession: 'No such academic session.',
  notInCharge: 'Only the school admin and the teacher in charge record this activity.',
  notEnrolled: 'That student is not enrolled in this school in the activity’s session.',
  overFull: 'The marks must not be more than the activity’s full marks.',
  hasMarks: 'The full marks cannot go below marks already recorded.',
  noTeacher: 'No such teacher in this school.',
} as const;

export const NAME_MAX = 120;
export const ROLE_MAX = 80;
export const DESCRIPTION_MAX = 1000;
export const ACTIVITY_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;
export const PARTICIPANT_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;
/** The most participants one save may carry. */
export const PARTICIPANTS_MAX = 200;

export const activityBody = z.strictObject({
  school_info_id: optionalId('school_info_id'),
  session_id: id('session_id'),
  name: z
    .string({ error: 'name must be text' })
    .trim()
    .min(1, 'name is required')
    .max(NAME_MAX, `name must be at most ${NAME_MAX} characters`),
  kind: z.enum(ACTIVITY_KINDS, { error: `kind must be one of ${ACTIVITY_KINDS.join(', ')}` }),
  teacher_id: optionalId('teacher_id'),
  full_marks: z
    .number({ error: 'full_marks must be a number' })
    .int('full_marks must be a whole number')
    .min(1, 'full_marks must be at least 1')
    .max(1000, 'full_marks must be at most 1000'),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(DESCRIPTION_MAX, `description must be at most ${DESCRIPTION_MAX} characters`)
    .default(''),
});
export type ActivityInput = z.input<typeof activityBody>;

export const activityParams = z.object({ id: id('id') });

export const activityListQuery = z.object({
  ...pageQueryWith(ACTIVITY_PAGE).shape,
  school_info_id: optionalId('school_info_id'),
  session_id: optionalId('session_id'),
});
export type ActivityListQuery = z.input<typeof activityListQuery>;

export const activityRow = z.object({
  id: z.number(),
  session_id: z.number(),
  session_year: z.string(),
  name: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  teacher_id: z.number().nullable(),
  teacher_name: z.string().nullable(),
  full_marks: z.number(),
  description: z.string(),
  participants: z.number(),
  marked: z.number(),
  /** May the caller record participation and marks (the admin, or the teacher in charge)? */
  can_record: z.boolean(),
});
export type ActivityRow = z.infer<typeof activityRow>;
export const activityPage = pageOf(activityRow);
export type ActivityPage = z.infer<typeof activityPage>;

export const participantListQuery = z.object({ ...pageQueryWith(PARTICIPANT_PAGE).shape });

export const participantRow = z.object({
  student_id: z.number(),
  student_code: z.string(),
  name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  class_roll_no: z.number(),
  role: z.string(),
  /** Null: taking part, not assessed yet. */
  marks: z.number().nullable(),
});
export type ParticipantRow = z.infer<typeof participantRow>;
export const participantPage = pageOf(participantRow);
export type ParticipantPage = z.infer<typeof participantPage>;

const participantInput = z.strictObject({
  student_id: id('student_id'),
  role: z
    .string({ error: 'role must be text' })
    .trim()
    .max(ROLE_MAX, `role must be at most ${ROLE_MAX} characters`)
    .default(''),
  marks: z
    .number({ error: 'marks must be a number' })
    .min(0, 'marks must be at least 0')
    .max(1000, 'marks must be at most 1000')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'marks may have at most two decimals')
    .nullable(),
});
export type ParticipantInput = z.input<typeof participantInput>;

/** Add or update participants (upsert by student); `remove` takes students off the activity. */
export const participantsBody = z.strictObject({
  participants: z
    .array(participantInput, { error: 'participants must be a list' })
    .max(PARTICIPANTS_MAX, `participants may list at most ${PARTICIPANTS_MAX}`)
    .default([]),
  remove: z
    .array(id('remove'), { error: 'remove must be a list of student ids' })
    .max(PARTICIPANTS_MAX, `remove may list at most ${PARTICIPANTS_MAX}`)
    .default([]),
});
export type ParticipantsInput = z.input<typeof participantsBody>;

export const activityWriteResponse = z.object({
  ok: z.literal(true),
  id: z.number(),
  code: z.string(),
  message: z.string(),
});
export type ActivityWriteResponse = z.infer<typeof activityWriteResponse>;

/** A student's own activities: the activity, their role and marks, and what it adds to the 5%. */
export const myActivityRow = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  teacher_name: z.string().nullable(),
  full_marks: z.number(),
  role: z.string(),
  marks: z.number().nullable(),
});
export type MyActivityRow = z.infer<typeof myActivityRow>;
export const myActivitiesQuery = z.object({
  session_id: optionalId('session_id'),
  /** A guardian: which linked child's; a student's own are implied. */
  student_id: optionalId('student_id'),
});
export const myActivities = z.object({
  session_id: z.number().nullable(),
  session_year: z.string().nullable(),
  rows: z.array(myActivityRow),
  /** The grade sheet's Extra Curriculum out of 5 from these marks; null: no marked activity. */
  extra_curriculum: z.number().nullable(),
});
export type MyActivities = z.infer<typeof myActivities>;
