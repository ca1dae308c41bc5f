/**
 * The dashboards' summaries (docs/DOMAIN.md, "Dashboards"): one read per role dashboard, composed
 * on the server from the attendance read model, the fee ledger, exams, the calendar and notices,
 * so that a dashboard answers before anyone clicks. Money is taka text (`formatPoisha`), rates are
 * percentages with one decimal (null when nothing was taken), dates are the school's.
 */
import { z } from 'zod';
import { optionalId, pageQueryWith } from './common';
import { schoolAttendanceSummary } from './attendance';
import { routineTodayRow } from './routines';

const int = z.number().int();

/** One school day of the attendance trend: present and absent of the sections taken. */
export const trendDay = z.object({
  date: z.string(),
  present: int,
  absent: int,
  rate: z.number().nullable(),
});
export type TrendDay = z.infer<typeof trendDay>;

/** A student absent today (their section's first taken period: the morning roll call). */
export const dashboardAbsentee = z.object({
  student_id: int,
  student_code: z.string(),
  full_name: z.string(),
  class_name: z.string(),
  section_id: int,
  section_default_name: z.string(),
  class_roll_no: int,
});

/** An exam type with papers still to sit: its first and last date and how many sections sit it. */
export const upcomingExam = z.object({
  exam_type_id: int,
  exam_name: z.string(),
  first_date: z.string(),
  last_date: z.string(),
  sections: int,
});

export const upcomingDay = z.object({
  id: int,
  type: z.string(),
  topics: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});

export const latestNotice = z.object({
  id: int,
  type: int,
  headline: z.string(),
  publishing_date: z.string(),
});

/** This month's fees: what fell due (less waivers), what was paid of it, and all money received. */
export const monthFees = z.object({
  month: z.string(),
  due: z.string(),
  collected: z.string(),
  received: z.string(),
});

// ---------------------------------------------------------------- school admin

export const adminDashboardQuery = z.object({ school_info_id: optionalId('school_info_id') });

export const adminDashboard = z.object({
  date: z.string(),
  school_info_id: int,
  today: schoolAttendanceSummary,
  /** The last 30 days with attendance taken, oldest first. */
  trend: z.array(trendDay),
  absentees: z.object({ total: int, rows: z.array(dashboardAbsentee) }),
  fees: monthFees,
  exams: z.array(upcomingExam),
  calendar: z.array(upcomingDay),
  notices: z.array(latestNotice),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;

// ---------------------------------------------------------------- teacher

export const teacherSectionRate = z.object({
  section_id: int,
  class_name: z.string(),
  section_default_name: z.string(),
  present: int,
  absent: int,
  rate: z.number().nullable(),
});

export const marksWaiting = z.object({
  exam_id: int,
  exam_name: z.string(),
  subject_name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  exam_date: z.string().nullable(),
  entered: int,
  students: int,
});

export const homeworkWaiting = z.object({
  homework_id: int,
  topic: z.string(),
  subject_name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  due_date: z.string(),
  unmarked: int,
});

export const teacherDashboard = z.object({
  date: z.string(),
  /** The school's clock (HH:mm:ss) the answer was made at: the next period is the first not ended. */
  time: z.string(),
  periods: z.array(routineTodayRow),
  trend: z.array(trendDay),
  sections: z.array(teacherSectionRate),
  marks: z.array(marksWaiting),
  homework: z.array(homeworkWaiting),
});
export type TeacherDashboard = z.infer<typeof teacherDashboard>;

// ---------------------------------------------------------------- student and guardian

export const studentDashboardQuery = z.object({ student_id: optionalId('student_id') });

export const monthAttendance = z.object({ month: z.string(), present: int, absent: int, rate: z.number().nullable() });

export const resultSubject = z.object({
  subject_name: z.string(),
  percent: z.number().nullable(),
  section_average: z.number().nullable(),
});

export const studentDashboard = z.object({
  date: z.string(),
  student_id: int,
  full_name: z.string(),
  class_name: z.string(),
  section_default_name: z.string(),
  /** This month's periods, present and absent. */
  month: monthAttendance,
  /** Each month of the session up to this one. */
  months: z.array(monthAttendance),
  /** The latest published exam with marks: the student's percentage and the section's average. */
  results: z.object({ exam_name: z.string(), subjects: z.array(resultSubject) }).nullable(),
  dues: z.object({ due: z.string(), next_last_date: z.string().nullable() }),
  next_exam: z.object({ exam_name: z.string(), subject_name: z.string(), exam_date: z.string() }).nullable(),
  next_holiday: upcomingDay.nullable(),
});
export type StudentDashboard = z.infer<typeof studentDashboard>;

// ---------------------------------------------------------------- viewer and super admin

export const schoolsDashboardQuery = pageQueryWith({ defaultLimit: 20, maxLimit: 100 });

export const schoolSideBySide = z.object({
  school_info_id: int,
  school_name: z.string(),
  date: z.string(),
  present: int,
  absent: int,
  rate: z.number().nullable(),
  /** Net money received this month (the school's month). */
  collected: z.string(),
  /** Of the session's marks entered, the share at 33% or more (a pass), null with none. */
  pass_rate: z.number().nullable(),
  marks: int,
});

export const schoolsDashboard = z.object({
  rows: z.array(schoolSideBySide),
  total: int,
  limit: int,
  offset: int,
});
export type SchoolsDashboard = z.infer<typeof schoolsDashboard>;
