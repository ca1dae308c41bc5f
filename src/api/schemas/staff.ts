/**
 * The teachers' own day on the wire (docs/DOMAIN.md, "Staff attendance, leave and substitutes"):
 * checking in and out, the admin's day of the staff and the monthly staff register, leave and its
 * yearly allowances, substitutes for the periods of an absent teacher, and notices to staff.
 * Numbers are not coerced (src/api/schemas/common.ts).
 */
import { z } from 'zod';
import { id, isoDate, optionalId, pageOf, pageQueryWith } from './common';

export const LEAVE_TYPES = ['casual', 'sick', 'earned', 'other'] as const;
export type LeaveType = (typeof LEAVE_TYPES)[number];
export const LEAVE_STATUSES = ['pending', 'approved', 'refused'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** A day of a teacher: checked in on time, late, absent, on approved leave, or not (yet) in. */
export const STAFF_DAY_STATUSES = ['present', 'late', 'absent', 'leave', 'not_in'] as const;
export type StaffDayStatus = (typeof STAFF_DAY_STATUSES)[number];
/** What an admin may mark a teacher's day as (leave comes only from an approved request). */
export const STAFF_MARKS = ['present', 'late', 'absent'] as const;

export const STAFF_SUCCESS_CODES = {
  checkedIn: 'staff.checked_in',
  checkedOut: 'staff.checked_out',
  marked: 'staff.marked',
  settingsSaved: 'staff.settings_saved',
  leaveRequested: 'leave.requested',
  leaveApproved: 'leave.approved',
  leaveRefused: 'leave.refused',
  substituteAssigned: 'substitution.assigned',
  substituteRemoved: 'substitution.removed',
  noticeSent: 'staff_notice.sent',
} as const;

export const REASON_MAX = 500;
export const NOTE_MAX = 500;
/** A request may span at most this many days (a long sick leave); longer is a typing slip. */
export const LEAVE_SPAN_MAX_DAYS = 120;
export const STAFF_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

const hhmm = z
  .string({ error: 'must be a time as HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:mm')
  .transform((v) => (v.length === 5 ? `${v}:00` : v));
const allowance = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(366, `${label} must be at most 366`);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalIsoDate = z
  .union([z.literal(''), isoDate])
  .optional()
  .transform((v) => v || undefined);

// ---------------------------------------------------------------- settings

export const staffSettings = z.object({
  school_info_id: z.number().int(),
  check_in_from: z.string(),
  late_after: z.string(),
  check_out_until: z.string(),
  allowances: z.object({ casual: z.number(), sick: z.number(), earned: z.number(), other: z.number() }),
});
export type StaffSettings = z.infer<typeof staffSettings>;

export const staffSettingsQuery = z.object({ school_info_id: optionalId('school_info_id') });

export const staffSettingsBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    check_in_from: hhmm,
    late_after: hhmm,
    check_out_until: hhmm,
    allowances: z.object({
      casual: allowance('allowances.casual'),
      sick: allowance('allowances.sick'),
      earned: allowance('allowances.earned'),
      other: allowance('allowances.other'),
    }),
  })
  .superRefine((v, ctx) => {
    if (v.late_after < v.check_in_from) {
      ctx.addIssue({
        code: 'custom',
        path: ['late_after'],
        message: 'The late mark must not be before check-in opens.',
      });
    }
    if (v.check_out_until <= v.late_after) {
      ctx.addIssue({ code: 'custom', path: ['check_out_until'], message: 'The day must end after the late mark.' });
    }
  });
export type StaffSettingsBody = z.input<typeof staffSettingsBody>;

// ---------------------------------------------------------------- check-in and out

export const checkBody = z.object({ school_info_id: optionalId('school_info_id') }).optional();
export type CheckBody = z.input<typeof checkBody>;

export const checkResponse = z.object({
  ok: z.literal(true),
  code: z.string(),
  message: z.string(),
  date: z.string(),
  status: z.enum(STAFF_MARKS),
  check_in_at: z.string().nullable(),
  check_out_at: z.string().nullable(),
});
export type CheckResponse = z.infer<typeof checkResponse>;

/** GET /api/staff/me: the teacher's own today (and the school's window). */
export const myStaffDay = z.object({
  date: z.string(),
  school_day: z.boolean(),
  status: z.enum(STAFF_DAY_STATUSES),
  check_in_at: z.string().nullable(),
  check_out_at: z.string().nullable(),
  check_in_from: z.string(),
  late_after: z.string(),
  check_out_until: z.string(),
  can_check_in: z.boolean(),
  can_check_out: z.boolean(),
});
export type MyStaffDay = z.infer<typeof myStaffDay>;

// ---------------------------------------------------------------- the admin's day and register

export const staffDayQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  date: optionalIsoDate,
  ...pageQueryWith(STAFF_PAGE).shape,
});
export type StaffDayQuery = z.input<typeof staffDayQuery>;

export const staffDayRow = z.object({
  teacher_id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  designation: z.string(),
  status: z.enum(STAFF_DAY_STATUSES),
  check_in_at: z.string().nullable(),
  check_out_at: z.string().nullable(),
  leave_type: z.enum(LEAVE_TYPES).nullable(),
});
export type StaffDayRow = z.infer<typeof staffDayRow>;

export const staffDayCounts = z.object({
  present: z.number().int(),
  late: z.number().int(),
  absent: z.number().int(),
  leave: z.number().int(),
  not_in: z.number().int(),
});

export const staffDayPage = pageOf(staffDayRow).extend({
  date: z.string(),
  school_day: z.boolean(),
  counts: staffDayCounts,
});
export type StaffDayPage = z.infer<typeof staffDayPage>;

export const staffMarkBody = z.object({
  school_info_id: optionalId('school_info_id'),
  date: isoDate,
  marks: z
    .array(
      z.object({
        teacher_id: id('teacher_id'),
        status: z.enum(STAFF_MARKS, { error: 'status must be present, late or absent' }),
      }),
      {
        error: 'marks must be a list',
      },
    )
    .min(1, 'marks must name at least one teacher')
    .max(500, 'marks may name at most 500 teachers'),
});
export type StaffMarkBody = z.input<typeof staffMarkBody>;

export const staffMarkResponse = z.object({
  ok: z.literal(true),
  code: z.string(),
  message: z.string(),
  marked: z.number().int(),
});

export const staffRegisterQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  month: z.string({ error: 'month must be YYYY-MM' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM'),
  lang: z.enum(['en', 'bn']).optional(),
});
export type StaffRegisterQuery = z.input<typeof staffRegisterQuery>;

/** A day's mark in the register: P present, L late, A absent, V on leave, '' nothing. */
export const STAFF_REGISTER_MARKS = ['P', 'L', 'A', 'V', ''] as const;

export const staffRegister = z.object({
  month: z.string(),
  school_name: z.string(),
  days: z.array(z.object({ date: z.string(), closed: z.boolean() })),
  rows: z.array(
    z.object({
      teacher_id: z.number().int(),
      initial: z.string(),
      full_name: z.string(),
      marks: z.array(z.enum(STAFF_REGISTER_MARKS)),
      present: z.number().int(),
      late: z.number().int(),
      absent: z.number().int(),
      leave: z.number().int(),
    }),
  ),
});
export type StaffRegister = z.infer<typeof staffRegister>;

// ---------------------------------------------------------------- leave

export const leaveBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    leave_type: z.enum(LEAVE_TYPES, { error: 'leave_type must be casual, sick, earned or other' }),
    start_date: isoDate,
    end_date: optionalIsoDate,
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .min(1, 'Give a reason')
      .max(REASON_MAX, `reason must be at most ${REASON_MAX} characters`),
  })
  .superRefine((v, ctx) => {
    if (v.end_date && v.end_date < v.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'The end date must not be before the start date.' });
    }
  });
export type LeaveBody = z.input<typeof leaveBody>;

export const leaveDecisionBody = z.object({
  id: id('id'),
  status: z.enum(['approved', 'refused'], { error: 'status must be approved or refused' }),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(NOTE_MAX, `note must be at most ${NOTE_MAX} characters`)
    .optional()
    .transform((v) => v ?? ''),
});
export type LeaveDecisionBody = z.input<typeof leaveDecisionBody>;

export const leaveListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  status: z
    .union([
      z.literal(''),
      z.enum([...LEAVE_STATUSES, 'all'], { error: 'status must be pending, approved, refused or all' }),
    ])
    .optional()
    .transform((v) => v || undefined),
  teacher_id: optionalId('teacher_id'),
  ...pageQueryWith(STAFF_PAGE).shape,
});
export type LeaveListQuery = z.input<typeof leaveListQuery>;

export const leaveRow = z.object({
  id: z.number().int(),
  school_info_id: z.number().int(),
  teacher_id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  leave_type: z.enum(LEAVE_TYPES),
  start_date: z.string(),
  end_date: z.string(),
  days: z.number().int(),
  reason: z.string(),
  status: z.enum(LEAVE_STATUSES),
  note: z.string(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type LeaveRow = z.infer<typeof leaveRow>;
export const leavePage = pageOf(leaveRow);
export type LeavePage = z.infer<typeof leavePage>;

export const leaveWriteResponse = z.object({
  ok: z.literal(true),
  code: z.string(),
  message: z.string(),
  leave: leaveRow,
});
export type LeaveWriteResponse = z.infer<typeof leaveWriteResponse>;

export const leaveBalanceQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  teacher_id: optionalId('teacher_id'),
  year: z.preprocess(
    blankToUndefined,
    z.number({ error: 'year must be a number' }).int().min(2000).max(2100).optional(),
  ),
});
export type LeaveBalanceQuery = z.input<typeof leaveBalanceQuery>;

export const leaveBalance = z.object({
  teacher_id: z.number().int(),
  year: z.number().int(),
  types: z.array(
    z.object({
      leave_type: z.enum(LEAVE_TYPES),
      allowance: z.number().int(),
      taken: z.number().int(),
      pending: z.number().int(),
      remaining: z.number().int(),
    }),
  ),
});
export type LeaveBalance = z.infer<typeof leaveBalance>;

// ---------------------------------------------------------------- substitutes

export const substitutionNeededQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  date: optionalIsoDate,
});
export type SubstitutionNeededQuery = z.input<typeof substitutionNeededQuery>;

export const freeTeacher = z.object({
  teacher_id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  /** They teach this period's subject (in any section): listed first. */
  teaches_subject: z.boolean(),
});

export const substitutionNeededRow = z.object({
  routine_id: z.number().int(),
  date: z.string(),
  class_name: z.string(),
  section_name: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  period_code: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  teacher_id: z.number().int(),
  initial: z.string(),
  full_name: z.string(),
  /** Why the teacher is away: approved leave, or marked absent. */
  reason: z.enum(['leave', 'absent']),
  substitute: z.object({ teacher_id: z.number().int(), initial: z.string(), full_name: z.string() }).nullable(),
  free_teachers: z.array(freeTeacher),
});
export type SubstitutionNeededRow = z.infer<typeof substitutionNeededRow>;

export const substitutionNeeded = z.object({
  date: z.string(),
  school_day: z.boolean(),
  rows: z.array(substitutionNeededRow),
});
export type SubstitutionNeeded = z.infer<typeof substitutionNeeded>;

export const substitutionBody = z.object({
  routine_id: id('routine_id'),
  date: isoDate,
  teacher_id: id('teacher_id'),
});
export type SubstitutionBody = z.input<typeof substitutionBody>;

export const substitutionRemoveBody = z.object({ routine_id: id('routine_id'), date: isoDate });
export type SubstitutionRemoveBody = z.input<typeof substitutionRemoveBody>;

export const substitutionResponse = z.object({
  ok: z.literal(true),
  code: z.string(),
  message: z.string(),
  id: z.number().int(),
  routine_id: z.number().int(),
  date: z.string(),
  teacher_id: z.number().int(),
});
export type SubstitutionResponse = z.infer<typeof substitutionResponse>;

export const okCode = z.object({ ok: z.literal(true), code: z.string(), message: z.string() });

// ---------------------------------------------------------------- notices to staff

export const staffNoticeBody = z
  .object({
    school_info_id: optionalId('school_info_id'),
    headline: z
      .string({ error: 'headline must be text' })
      .trim()
      .min(1, 'Enter the headline')
      .max(200, 'headline must be at most 200 characters'),
    description: z
      .string({ error: 'description must be text' })
      .trim()
      .max(5000, 'description must be at most 5000 characters')
      .optional()
      .transform((v) => v ?? ''),
    /** Every teacher of the school, or only `teacher_ids`. */
    all_teachers: z.boolean({ error: 'all_teachers must be true or false' }),
    teacher_ids: z.array(id('teacher_ids'), { error: 'teacher_ids must be a list of ids' }).max(500).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.all_teachers && !v.teacher_ids?.length) {
      ctx.addIssue({ code: 'custom', path: ['teacher_ids'], message: 'Choose at least one teacher.' });
    }
  });
export type StaffNoticeBody = z.input<typeof staffNoticeBody>;

export const staffNoticeQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  ...pageQueryWith(STAFF_PAGE).shape,
});
export type StaffNoticeQuery = z.input<typeof staffNoticeQuery>;

export const staffNoticeRow = z.object({
  id: z.number().int(),
  headline: z.string(),
  description: z.string(),
  all_teachers: z.boolean(),
  recipients: z.number().int(),
  publishing_date: z.string(),
  author: z.string(),
});
export type StaffNoticeRow = z.infer<typeof staffNoticeRow>;
export const staffNoticePage = pageOf(staffNoticeRow);
export type StaffNoticePage = z.infer<typeof staffNoticePage>;

export const staffNoticeResponse = okCode.extend({ id: z.number().int(), recipients: z.number().int() });
