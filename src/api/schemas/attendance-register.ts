/**
 * A section's attendance over a range of dates: GET /api/attendanceReport/student (the old
 * portal's path) and its printed form, the monthly register (docs/DOMAIN.md, "Attendance": the
 * register's day mark is the student's mark in the section's first taken period of that day).
 */
import { z } from 'zod';
import { id, isoDate, optionalId } from './common';

/** The longest range the report answers; its day columns come only up to REGISTER_MAX_DAYS. */
export const REPORT_MAX_DAYS = 366;
/** A register prints one column a day on a landscape page: at most a month. */
export const REGISTER_MAX_DAYS = 31;

const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The end may not come before the start, leave the start's session (a calendar year), or pass a year. */
function checkRange(v: { start_date: string; end_date: string }, ctx: z.RefinementCtx) {
  if (v.end_date < v.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date may not come before start_date' });
  } else if (v.end_date.slice(0, 4) !== v.start_date.slice(0, 4)) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: 'end_date must be in the same session (year) as start_date',
    });
  } else if (dayCount(v.start_date, v.end_date) > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: `the range may span at most ${REPORT_MAX_DAYS} days` });
  }
}

const reportFields = {
  school_info_id: optionalId('school_info_id'),
  /** The old portal sent the class too; when given, the section must be of that class. */
  class_id: optionalId('class_id'),
  section_id: id('section_id'),
  start_date: z.string({ error: 'start_date is required' }).pipe(isoDate),
  end_date: z.string({ error: 'end_date is required' }).pipe(isoDate),
};

export const attendanceReportQuery = z.object(reportFields).superRefine(checkRange);
export type AttendanceReportQuery = z.infer<typeof attendanceReportQuery>;

/** The register as a PDF: the report's query, a range of at most a month, and the language printed in. */
export const attendanceRegisterPdfQuery = z
  .object({ ...reportFields, lang: z.enum(['en', 'bn'], { error: 'lang must be en or bn' }).optional() })
  .superRefine((v, ctx) => {
    checkRange(v, ctx);
    if (v.end_date >= v.start_date && dayCount(v.start_date, v.end_date) > REGISTER_MAX_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_date'],
        message: `a register prints at most ${REGISTER_MAX_DAYS} days`,
      });
    }
  });
export type AttendanceRegisterPdfQuery = z.infer<typeof attendanceRegisterPdfQuery>;

/** A day of the range: whether the school met, and how many of the section's periods were taken. */
export const registerDay = z.object({
  date: z.string(),
  /** False on a weekly off day or a calendar holiday. */
  school_day: z.boolean(),
  /** The holiday's topics, when the day is one. */
  holiday: z.string().nullable(),
  taken_periods: z.number().int(),
});
export type RegisterDay = z.infer<typeof registerDay>;

/** P present, A absent (in the section's first taken period of the day), null: nothing taken. */
export const dayMark = z.enum(['P', 'A']).nullable();
export type DayMark = z.infer<typeof dayMark>;

export const registerStudent = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  class_roll_no: z.number().int(),
  /** Periods whose attendance was taken with the student on the roll, in the range. */
  periods_taken: z.number().int(),
  present: z.number().int(),
  absent: z.number().int(),
  /** Present ÷ taken, in percent with one decimal; null when nothing was taken. */
  rate: z.number().nullable(),
  /** One mark a day of `days`, in order (empty when the range is longer than a register's month). */
  marks: z.array(dayMark),
  /** Days marked present and absent (the register's P and A). */
  days_present: z.number().int(),
  days_absent: z.number().int(),
});
export type RegisterStudent = z.infer<typeof registerStudent>;

export const attendanceReport = z.object({
  section: z.object({
    id: z.number().int(),
    class_id: z.number().int(),
    class_name: z.string(),
    section_default_name: z.string(),
    session_id: z.number().int(),
    session_year: z.string(),
  }),
  start_date: z.string(),
  end_date: z.string(),
  /** Every date of the range when it spans at most REGISTER_MAX_DAYS, else empty. */
  days: z.array(registerDay),
  /** The section's students in the session, by roll (a section's roll is bounded: no paging). */
  students: z.array(registerStudent),
  totals: z.object({
    periods_taken: z.number().int(),
    present: z.number().int(),
    absent: z.number().int(),
    rate: z.number().nullable(),
  }),
});
export type AttendanceReport = z.infer<typeof attendanceReport>;
