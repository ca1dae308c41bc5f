/**
 * Attendance wire contract (spec part 2, sections 2, 3 and 7): taking attendance, the section and
 * school summaries, a student's history, absentee lists and the absence-message outbox. Field
 * names are the spec's; fields the spec does not name are additions the screens need.
 */
import { z } from 'zod';
import { clockTime, id, isoDate, optionalId, pageOf, pageQueryWith } from './common';

/** 0 absent, 1 present (spec section 9). */
export const attendanceStatus = z.literal([0, 1], { error: 'must be 0 (absent) or 1 (present)' });
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

const optionalDate = z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDate.optional());

// ------------------------------------------------------------------ paging

/** `limit` (1..max, default `def`) and `offset` (default 0) of a growing list, never coerced. */
const pageWindow = (def: number, max: number) => pageQueryWith({ defaultLimit: def, maxLimit: max }).shape;

// ------------------------------------------------------------------ taking attendance

export const attendanceEntry = z.object({
  student_id: id('student_id'),
  attendance_status: attendanceStatus,
});
export type AttendanceEntry = z.infer<typeof attendanceEntry>;

/** POST /api/attendance/student. Partial lists are allowed: unlisted students keep earlier marks. */
export const takeAttendanceBody = z.object({
  date: isoDate,
  time: clockTime,
  routine_id: id('routine_id'),
  attendance: z.array(attendanceEntry).min(1, 'Mark at least one student').max(500, 'At most 500 students at once'),
  /**
   * A submission queued on the teacher's phone carries the moment the roll was taken
   * (ISO 8601 with offset). Its presence marks the submission as queued: the server applies the
   * offline conflict rule (README, "Offline attendance") and bounds the claim.
   */
  taken_at: z.iso.datetime({ offset: true, error: 'must be an ISO date-time with offset' }).optional(),
});
export type TakeAttendanceBody = z.infer<typeof takeAttendanceBody>;

/** A student's saved mark in one taking: the Name / Roll / Status table after Submit. */
export const takenStudentRow = z.object({
  student_id: z.number().int(),
  full_name: z.string(),
  class_roll_no: z.number().int(),
  attendance_status: attendanceStatus,
});
export type TakenStudentRow = z.infer<typeof takenStudentRow>;

/**
 * Totals count every mark saved for the period and date, not only the ones just sent. `time` is
 * the period's attendance time: the first taking's, which a correction keeps.
 */
export const takeAttendanceResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** 'attendance.saved' or 'attendance.corrected': the message, shown in the user's language. */
  code: z.string(),
  routine_id: z.number().int(),
  date: z.string(),
  time: z.string(),
  /** This submission changed an earlier taking (recorded as a correction, with an audit row per mark). */
  corrected: z.boolean(),
  total: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  students: z.array(takenStudentRow),
  /**
   * What the server did with this submission: saved or corrected (applied), duplicate
   * (this submission had already arrived; nothing changed), kept_admin (a queued teacher's taking
   * met an admin's correction, which stands) or kept_later (a taking with a later taking time
   * already counts). The totals and students are the period's marks as they stand.
   */
  outcome: z.enum(['saved', 'corrected', 'duplicate', 'kept_admin', 'kept_later']).optional(),
  /** The taking time this submission claimed, when it was queued (ISO). */
  taken_at: z.string().nullable().optional(),
});
export type TakeAttendanceResponse = z.infer<typeof takeAttendanceResponse>;

/** GET /api/attendance/student: the Take Attendance list. section_id or routine_id is required. */
export const sectionStudentsQuery = z.object({
  section_id: optionalId('section_id'),
  school_info_id: optionalId('school_info_id'),
  class_id: optionalId('class_id'),
  routine_id: optionalId('routine_id'),
  /** With routine_id: whose saved marks to show (default the school's today). */
  date: optionalDate,
});
export type SectionStudentsQuery = z.infer<typeof sectionStudentsQuery>;

export const attendanceStudentRow = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  class_roll_no: z.number().int(),
  enrolment_id: z.number().int(),
  /** The saved mark for (routine_id, date); null when not yet taken or no routine was named. */
  attendance_status: attendanceStatus.nullable(),
});
export type AttendanceStudentRow = z.infer<typeof attendanceStudentRow>;

// ------------------------------------------------------------------ a student's history

/** GET /api/attendance/student/individual/summary. Default range: the last 30 days (at most a year). */
export const studentHistoryFilter = z.object({
  student_id: optionalId('student_id'),
  period_id: optionalId('period_id'),
  subject_id: optionalId('subject_id'),
  start_date: optionalDate,
  end_date: optionalDate,
});
export type StudentHistoryFilter = z.infer<typeof studentHistoryFilter>;

/** The API's page (default, largest) and the page /student-attendance shows. */
export const HISTORY_PAGE = { default: 200, max: 1000, screen: 50 } as const;

/**
 * GET /api/attendance/student/individual: the filter above and a page of it (`limit` default 200,
 * at most 1000; `offset`). The answer stays the spec's list; its summary's `total` counts the pages.
 */
export const studentHistoryQuery = studentHistoryFilter.extend(pageWindow(HISTORY_PAGE.default, HISTORY_PAGE.max));
export type StudentHistoryQuery = z.infer<typeof studentHistoryQuery>;

export const studentHistoryRow = z.object({
  date: z.string(),
  period_code: z.string(),
  subject_name: z.string(),
  teacher_name: z.string(),
  present_status: attendanceStatus,
  period_id: z.number().int(),
  subject_id: z.number().int(),
  routine_id: z.number().int(),
  initial: z.string(),
  start_time: z.string(),
});
export type StudentHistoryRow = z.infer<typeof studentHistoryRow>;

export const studentHistorySummary = z.object({
  student_id: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  total: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  /** 0-100 with one decimal; null when nothing was marked in the range. */
  present_rate: z.number().nullable(),
});
export type StudentHistorySummary = z.infer<typeof studentHistorySummary>;

// ------------------------------------------------------------------ absentees

export const sectionAbsentQuery = z.object({
  section_id: id('section_id'),
  /** Without it: students absent in any period of the date. */
  routine_id: optionalId('routine_id'),
  date: optionalDate,
});
export type SectionAbsentQuery = z.infer<typeof sectionAbsentQuery>;

/** "Absence Student Information". mobile_no is the guardian phone: mobile, else father's, else mother's. */
export const absentStudentRow = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  full_name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  mobile_no: z.string(),
  class_roll_no: z.number().int(),
  /** The periods the student was marked absent in, in period order. */
  period_codes: z.array(z.string()),
});
export type AbsentStudentRow = z.infer<typeof absentStudentRow>;

// ------------------------------------------------------------------ summaries

export const sectionDayQuery = z.object({
  section_id: id('section_id'),
  date: optionalDate,
  class_id: optionalId('class_id'),
});
export type SectionDayQuery = z.infer<typeof sectionDayQuery>;

/** One routine entry of the section on the date's weekday: "Student Attendance Information". */
export const periodAttendanceRow = z.object({
  r_id: z.number().int(),
  period_id: z.number().int(),
  period_code: z.string(),
  subject_id: z.number().int(),
  subject_name: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** The attendance time (HH:mm:ss); null when not taken. */
  time: z.string().nullable(),
  t_id: z.number().int(),
  initial: z.string(),
  teacher_name: z.string(),
  all: z.number().int(),
  present: z.number().int().nullable(),
  absent: z.number().int().nullable(),
  taken: z.boolean(),
  /** Who last changed a mark after the first taking ("corrected by ... at ..."); null when never. */
  corrected_by: z.string().nullable(),
  /** ISO timestamp of that correction. */
  corrected_at: z.string().nullable(),
});
export type PeriodAttendanceRow = z.infer<typeof periodAttendanceRow>;

export const schoolDayQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  date: optionalDate,
});
export type SchoolDayQuery = z.infer<typeof schoolDayQuery>;

/**
 * One section's day ("Today Attendance" table). present/absent are the marks of the section's
 * first taken period of the day (the morning roll call); all null, and taken false, until a
 * period is taken.
 */
export const sectionAttendanceSummaryRow = z.object({
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  all: z.number().int(),
  present: z.number().int().nullable(),
  absent: z.number().int().nullable(),
  present_rate: z.number().nullable(),
  taken_periods: z.number().int(),
  scheduled_periods: z.number().int(),
  taken: z.boolean(),
});
export type SectionAttendanceSummaryRow = z.infer<typeof sectionAttendanceSummaryRow>;

/** The school's day, for the ring "P-{present_rate}%". Counts only sections already taken. */
export const schoolAttendanceSummary = z.object({
  date: z.string(),
  school_info_id: z.number().int(),
  school_name: z.string(),
  all: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  present_rate: z.number().nullable(),
  sections_taken: z.number().int(),
  sections_total: z.number().int(),
  /** The date's weekday ("Friday"). */
  day_name: z.string(),
  /** The date is one of the school's weekly off days: no classes, nothing to take. */
  weekly_off: z.boolean(),
  /** The date is a holiday of the academic calendar (its name): no classes, nothing to take. */
  holiday: z.string().nullable().optional(),
});
export type SchoolAttendanceSummary = z.infer<typeof schoolAttendanceSummary>;

/** GET /api/routine/school/today/sections */
export const schoolTodaySectionsQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  today: optionalDate,
});
export type SchoolTodaySectionsQuery = z.infer<typeof schoolTodaySectionsQuery>;

export const schoolTodaySectionRow = z.object({
  class_id: z.number().int(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  date: z.string(),
  scheduled_periods: z.number().int(),
  taken_periods: z.number().int(),
});
export type SchoolTodaySectionRow = z.infer<typeof schoolTodaySectionRow>;

// ------------------------------------------------------------------ absence messages

/** POST /api/attendance/absent-message. Only for the school's today: a past date is a 409. */
export const absentMessageBody = z.object({
  routine_id: id('routine_id'),
  date: isoDate,
});
export type AbsentMessageBody = z.infer<typeof absentMessageBody>;

/** GET /api/attendance/absent-message: what a press would send, before it is sent. */
export const absentMessageQuery = absentMessageBody;
export type AbsentMessageQuery = z.infer<typeof absentMessageQuery>;

/** The preview a teacher confirms: the text guardians will read and how many will get it. */
export const absentMessagePreview = z.object({
  /** Absent students in the period. */
  absent: z.number().int(),
  /** Guardians a press would text now (absent students with a phone, not sent already). */
  guardians: z.number().int(),
  /** Messages already sent for this period and date (not sent again). */
  already: z.number().int(),
  /** Absent students with no usable guardian phone number. */
  no_phone: z.number().int(),
  /** The first such message exactly as it will be sent; null when none would be. */
  sample: z.string().nullable(),
  /** SMS parts the sample takes (Bangla is UCS-2: 70 characters in one part, 67 a part when split). */
  sample_parts: z.number().int().nullable(),
});
export type AbsentMessagePreview = z.infer<typeof absentMessagePreview>;

export const absentMessageResponse = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** 'attendance.messages_queued': the client words the counts below in the user's language. */
  code: z.string(),
  /** Messages newly queued by this call (including ones queued again after a cancellation). */
  queued: z.number().int(),
  /** Earlier messages not sent yet (queued, or failed with attempts left) that this call re-tries. */
  retried: z.number().int(),
  /** Absent students whose message was already sent for this period and date. */
  already: z.number().int(),
  /** Earlier messages that failed with no attempts left: not re-tried. */
  failed: z.number().int(),
  /** Messages of this period cancelled because the student is marked present now. */
  cancelled: z.number().int(),
  /** Absent students with no usable guardian phone number. */
  no_phone: z.number().int(),
});
export type AbsentMessageResponse = z.infer<typeof absentMessageResponse>;

/**
 * 'cancelled': not sent (the student was marked present before it left, the guardian opted out);
 * 'delivered': sent, and the gateway's delivery report said it arrived.
 */
export const outboxStatus = z.enum(['queued', 'sent', 'delivered', 'failed', 'cancelled']);
export type OutboxStatus = z.infer<typeof outboxStatus>;

export const OUTBOX_PAGE = { default: 50, max: 200 } as const;

/** GET /api/attendance/outbox: newest first; `limit` default 50, at most 200; `offset`. */
export const outboxQuery = z.object({
  status: z.preprocess((v) => (v === '' ? undefined : v), outboxStatus.optional()),
  ...pageWindow(OUTBOX_PAGE.default, OUTBOX_PAGE.max),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxRow = z.object({
  id: z.number().int(),
  kind: z.string(),
  student_name: z.string(),
  phone: z.string(),
  body: z.string(),
  date: z.string(),
  status: outboxStatus,
  /** How the text travels: GSM-7 (plain English) or UCS-2 (anything else, e.g. Bangla). */
  encoding: z.enum(['gsm7', 'ucs2']),
  /** Characters as the encoding counts them (a GSM-7 extension character counts two). */
  length: z.number().int(),
  /** SMS parts: GSM-7 160 in one, 153 per part when split; UCS-2 70 in one, 67 per part. */
  parts: z.number().int(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRow>;

export const outboxPage = pageOf(outboxRow);
export type OutboxPage = z.infer<typeof outboxPage>;

// ------------------------------------------------------------------ registers not taken

export const UNTAKEN_PAGE = { default: 50, max: 200 } as const;
/** How long after a period ends its register counts as missing (docs/DOMAIN.md, "Attendance"). */
export const UNTAKEN_AFTER_MINUTES = 15;

/**
 * GET /api/report/untaken_periods (school admin, viewer): the periods of a school day whose
 * attendance nobody took, each 15 minutes after it ended (today: those ended by then; an earlier
 * day: all of them). None on a weekly off day or a calendar holiday.
 */
export const untakenPeriodsQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  date: optionalDate,
  ...pageWindow(UNTAKEN_PAGE.default, UNTAKEN_PAGE.max),
});
export type UntakenPeriodsQuery = z.infer<typeof untakenPeriodsQuery>;

export const untakenPeriodRow = z.object({
  routine_id: z.number().int(),
  date: z.string(),
  period_code: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  subject_name: z.string(),
  teacher_id: z.number().int(),
  teacher_name: z.string(),
});
export type UntakenPeriodRow = z.infer<typeof untakenPeriodRow>;
export const untakenPeriodsPage = pageOf(untakenPeriodRow);
export type UntakenPeriodsPage = z.infer<typeof untakenPeriodsPage>;

// ------------------------------------------------------------------ corrections

export const AUDIT_PAGE = { default: 50, max: 200 } as const;

/** GET /api/attendance/audit (school admin): the changes to one period's marks on a date. */
export const attendanceAuditQuery = z.object({
  routine_id: id('routine_id'),
  date: isoDate,
  ...pageWindow(AUDIT_PAGE.default, AUDIT_PAGE.max),
});
export type AttendanceAuditQuery = z.infer<typeof attendanceAuditQuery>;

export const attendanceAuditRow = z.object({
  id: z.number().int(),
  student_id: z.number().int(),
  full_name: z.string(),
  class_roll_no: z.number().int(),
  old_status: attendanceStatus,
  new_status: attendanceStatus,
  /** The person who changed it: a teacher's full name, else the account's name. */
  changed_by: z.string(),
  changed_at: z.string(),
});
export type AttendanceAuditRow = z.infer<typeof attendanceAuditRow>;

export const attendanceAuditPage = pageOf(attendanceAuditRow);
export type AttendanceAuditPage = z.infer<typeof attendanceAuditPage>;
