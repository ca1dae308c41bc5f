/**
 * What a head teacher reads: early warnings (chronic absence) and result analysis (the
 * tabulation sheet of a section, the merit list of a class, pass rates and grade distributions).
 * docs/DOMAIN.md, "Early warnings" and "Result analysis".
 */
import { z } from 'zod';
import { id, optionalId, pageOf, pageQueryWith, wholeNumber } from './common';

// ------------------------------------------------------------------ chronic absence

/** The defaults a school without its own settings uses. */
export const CHRONIC_DEFAULTS = { threshold: 75, days: 30, consecutive: 3 } as const;
export const CHRONIC_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/**
 * GET /api/report/chronic_absence: the school's students (a teacher's: of the sections they teach)
 * below `threshold`% of periods present over the last `days` school days, or absent `consecutive`
 * school days running. Each left out: the school's setting, else the default.
 */
export const chronicAbsenceQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  section_id: optionalId('section_id'),
  days: wholeNumber('days', { min: 1, max: 200 }).optional(),
  threshold: wholeNumber('threshold', { min: 1, max: 100 }).optional(),
  consecutive: wholeNumber('consecutive', { min: 1, max: 60 }).optional(),
  /** json: a page; csv or xlsx: the whole list as a download (limit and offset unused). */
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'format must be json, csv or xlsx' }).default('json'),
  ...pageQueryWith(CHRONIC_PAGE).shape,
});
export type ChronicAbsenceQuery = z.input<typeof chronicAbsenceQuery>;

export const CHRONIC_REASONS = ['rate', 'consecutive'] as const;
export type ChronicReason = (typeof CHRONIC_REASONS)[number];

export const chronicAbsenceRow = z.object({
  enrolment_id: z.number().int(),
  student_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  class_roll_no: z.number().int(),
  periods_marked: z.number().int(),
  periods_present: z.number().int(),
  /** Present / marked over the window, 0-100 with one decimal. */
  rate: z.number(),
  /** School days absent running, up to the latest day taken. */
  consecutive_absent_days: z.number().int(),
  last_present_on: z.string().nullable(),
  reasons: z.array(z.enum(CHRONIC_REASONS)),
  /** The open episode's first day (detection runs when a roll of the section is saved). */
  episode_started_on: z.string().nullable(),
  /** Its SMS to the guardians: queued, sent, failed, cancelled; null when none was queued. */
  message_status: z.string().nullable(),
});
export type ChronicAbsenceRow = z.infer<typeof chronicAbsenceRow>;

export const chronicAbsencePage = pageOf(chronicAbsenceRow).extend({
  threshold: z.number().int(),
  days: z.number().int(),
  consecutive: z.number().int(),
  /** The first and last school day of the window (null: no school day yet this session). */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ChronicAbsencePage = z.infer<typeof chronicAbsencePage>;

/** PUT /api/report/chronic_absence/settings (school admin): the school's thresholds. */
export const chronicSettingsBody = z.object({
  school_info_id: optionalId('school_info_id'),
  threshold: wholeNumber('threshold', { min: 1, max: 100 }),
  days: wholeNumber('days', { min: 1, max: 200 }),
  consecutive: wholeNumber('consecutive', { min: 1, max: 60 }),
});
export type ChronicSettingsBody = z.input<typeof chronicSettingsBody>;
export const chronicSettings = z.object({
  threshold: z.number().int(),
  days: z.number().int(),
  consecutive: z.number().int(),
});
export type ChronicSettings = z.infer<typeof chronicSettings>;

// ------------------------------------------------------------------ tabulation sheet

export const REPORT_FORMATS = ['json', 'pdf', 'xlsx', 'csv'] as const;
const lang = z.enum(['en', 'bn'], { error: 'lang must be en or bn' }).optional();

export const tabulationQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  section_id: id('section_id'),
  session_id: id('session_id'),
  format: z.enum(REPORT_FORMATS, { error: 'format must be json, pdf, xlsx or csv' }).default('json'),
  lang,
});
export type TabulationQuery = z.input<typeof tabulationQuery>;

const letter = z.enum(['A+', 'A', 'A-', 'B', 'C', 'D', 'F']);

export const tabulationSubject = z.object({
  subject_id: z.number().int(),
  subject_name: z.string(),
});

export const tabulationCell = z.object({
  subject_id: z.number().int(),
  total: z.number(),
  maximum: z.number(),
  grade: letter,
  grade_point: z.number(),
  is_fourth_subject: z.boolean(),
});

export const tabulationRow = z.object({
  student_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  class_roll_no: z.number().int(),
  /** One per subject of the header that the student takes (in its order). */
  cells: z.array(tabulationCell),
  total_marks: z.number(),
  gpa: z.number(),
  grade: letter,
  failed: z.boolean(),
  /** In the section (GPA, then total marks; ties share); null with nothing held yet. */
  position: z.number().int().nullable(),
});
export type TabulationRow = z.infer<typeof tabulationRow>;

export const tabulationSheet = z.object({
  school_name: z.string(),
  address: z.string(),
  session_year: z.string(),
  class_name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  subjects: z.array(tabulationSubject),
  /** In roll order. */
  rows: z.array(tabulationRow),
});
export type TabulationSheet = z.infer<typeof tabulationSheet>;

// ------------------------------------------------------------------ merit list

export const MERIT_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;

export const meritListQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  class_id: id('class_id'),
  session_id: id('session_id'),
  format: z.enum(['json', 'csv', 'xlsx'], { error: 'format must be json, csv or xlsx' }).default('json'),
  ...pageQueryWith(MERIT_PAGE).shape,
});
export type MeritListQuery = z.input<typeof meritListQuery>;

export const meritRow = z.object({
  /** In the class: GPA, then total marks; ties share. */
  merit_position: z.number().int(),
  section_position: z.number().int().nullable(),
  student_id: z.number().int(),
  student_code: z.string(),
  name: z.string(),
  section_id: z.number().int(),
  section_default_name: z.string(),
  class_roll_no: z.number().int(),
  total_marks: z.number(),
  gpa: z.number(),
  grade: letter,
});
export type MeritRow = z.infer<typeof meritRow>;
export const meritListPage = pageOf(meritRow).extend({ class_name: z.string(), session_year: z.string() });
export type MeritListPage = z.infer<typeof meritListPage>;

// ------------------------------------------------------------------ result analysis

export const ANALYSIS_TABLES = ['overall', 'subjects', 'exams'] as const;
export type AnalysisTable = (typeof ANALYSIS_TABLES)[number];

export const resultAnalysisQuery = z.object({
  school_info_id: optionalId('school_info_id'),
  class_id: id('class_id'),
  session_id: id('session_id'),
  format: z.enum(['json', 'xlsx', 'csv'], { error: 'format must be json, xlsx or csv' }).default('json'),
  /** Which of the three tables a CSV holds (an XLSX has all three, one sheet each). */
  table: z.enum(ANALYSIS_TABLES, { error: 'table must be overall, subjects or exams' }).default('overall'),
});
export type ResultAnalysisQuery = z.input<typeof resultAnalysisQuery>;

export const LETTERS = ['A+', 'A', 'A-', 'B', 'C', 'D', 'F'] as const;

const distribution = z.object({
  'A+': z.number().int(),
  A: z.number().int(),
  'A-': z.number().int(),
  B: z.number().int(),
  C: z.number().int(),
  D: z.number().int(),
  F: z.number().int(),
});
export type GradeDistribution = z.infer<typeof distribution>;

export const analysisLine = z.object({
  /** null: every section of the class together. */
  section_id: z.number().int().nullable(),
  section_default_name: z.string().nullable(),
  /** null: the whole result (GPA), else one subject. */
  subject_id: z.number().int().nullable(),
  subject_name: z.string().nullable(),
  students: z.number().int(),
  passed: z.number().int(),
  /** 0-100, one decimal; null with no student. */
  pass_rate: z.number().nullable(),
  grades: distribution,
  /** Subjects: average and highest mark (of 100 in a complete year); the whole result: of GPA. */
  average: z.number().nullable(),
  highest: z.number().nullable(),
});
export type AnalysisLine = z.infer<typeof analysisLine>;

export const examAnalysisLine = z.object({
  exam_type_id: z.number().int(),
  exam_name: z.string(),
  section_id: z.number().int().nullable(),
  section_default_name: z.string().nullable(),
  /** Marks entered (absent counts as sat and failed). */
  sat: z.number().int(),
  /** At least 33% of the exam's full marks. */
  passed: z.number().int(),
  pass_rate: z.number().nullable(),
  /** Average percentage of full marks over every mark of that exam type. */
  average_percent: z.number().nullable(),
});
export type ExamAnalysisLine = z.infer<typeof examAnalysisLine>;

export const resultAnalysis = z.object({
  class_name: z.string(),
  session_year: z.string(),
  sections: z.array(z.object({ section_id: z.number().int(), section_default_name: z.string() })),
  /** The whole result per section and for the class (section_id null). */
  overall: z.array(analysisLine),
  /** Per subject: per section and for the class. */
  subjects: z.array(analysisLine),
  /** Per exam type of the session: per section and for the class. */
  exams: z.array(examAnalysisLine),
});
export type ResultAnalysis = z.infer<typeof resultAnalysis>;
