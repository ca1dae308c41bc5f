/**
 * The grade sheet's arithmetic, in one place and pure (no database): a subject's columns, total,
 * grade and grade point from its exams' marks and the student's attendance; the yearly block
 * (total marks, total grade point, GPA with the 4th-subject rule and the compulsory-F rule, letter
 * grade); the position in section. docs/DOMAIN.md, "Exams and grades", is the rule book.
 *
 * Choices written down here:
 * - Every exam weighs its converted marks: a mark counts mark / full × converted. The grade
 *   sheet's columns are the kinds: class tests (averaged: the "Average 20%"), half-yearly Sub and
 *   MCQ, final Sub and MCQ (converted = (half-yearly + final) / 2: the "70%"), extra-curricular
 *   (the "5%"), and attendance, 5 × present periods / periods taken in the session (holidays have
 *   no takings, so they never count).
 * - Extra Curriculum (the "5%"): a subject's own marked subject activities first: 5 × the mean of
 *   the student's marked answers in that subject and session, each as mark / full mark
 *   (services/subject-activity-rules.ts; e.g. 8 of 10 and 15 of 20: 5 × 0.775 = 3.88). A subject
 *   without one falls back to 5 × the average of the student's club and sport marks in the
 *   session, each as marks / the activity's full marks (services/activities.ts; e.g. 80 of 100 in a
 *   club and 6 of 10 in a sport: 5 × 0.7 = 3.5), the same for every such subject.
 *   Activities the student joined but was not yet marked in do not count. A student with no marked
 *   activity in the session: docs/DOMAIN.md names no default, so no number is made up; the part
 *   leaves the maximum exactly as attendance does when none was taken, unless the school still
 *   sets the older per-subject "Extra Curricular" exam, whose converted marks then count as before.
 * - Absent and not entered both count 0 (the sheet shows which).
 * - The grade bands a subject's percentage of what it could have earned (100 when the school set
 *   the usual 20 + 70 + 5 + 5); exams not held yet and a session with no attendance taken are left
 *   out of that maximum. The percentage is rounded to a whole number before banding (79.5 -> 80, A+).
 * - The 4th subject: the one registered as the student's 4th subject (subject registration), when
 *   there is one and the sheet has it. Without a registration, the fallback of before registrations
 *   existed: among the student's optional subjects (subjects.optional) not registered as compulsory,
 *   the one with the best grade point. Every other subject counts as compulsory. Only the 4th's
 *   grade points above 2.00 are added, and its F fails nothing.
 * - Position: by GPA, then total marks, both descending; equal students share a position and the
 *   next one skips (1, 1, 3).
 */
import type { ExamKind } from '@/api/schemas/exams';
import { extraCurriculumRate } from './subject-activity-rules';

export const ATTENDANCE_WEIGHT = 5;
export const EXTRA_CURRICULUM_WEIGHT = 5;
export const FOURTH_SUBJECT_BASE = 2;
export const GPA_MAX = 5;

export type Letter = 'A+' | 'A' | 'A-' | 'B' | 'C' | 'D' | 'F';

/** Per-subject bands on a whole-number percentage. */
const BANDS: [min: number, letter: Letter, point: number][] = [
  [80, 'A+', 5],
  [70, 'A', 4],
  [60, 'A-', 3.5],
  [50, 'B', 3],
  [40, 'C', 2],
  [33, 'D', 1],
  [0, 'F', 0],
];

/** GPA to letter: the same points as the bands. */
const GPA_LETTERS: [min: number, letter: Letter][] = [
  [5, 'A+'],
  [4, 'A'],
  [3.5, 'A-'],
  [3, 'B'],
  [2, 'C'],
  [1, 'D'],
  [0, 'F'],
];

/** Round to 2 decimals, away from float noise (79.49999999 -> 79.5). */
export const round2 = (v: number) => Math.round((v + Number.EPSILON) * 100) / 100;

export function band(percentage: number): { grade: Letter; gradePoint: number } {
  const whole = Math.round(round2(percentage));
  const [, grade, gradePoint] = BANDS.find(([min]) => whole >= min) ?? BANDS[BANDS.length - 1];
  return { grade, gradePoint };
}

export function letterOfGpa(gpa: number): Letter {
  return (GPA_LETTERS.find(([min]) => gpa >= min) ?? GPA_LETTERS[GPA_LETTERS.length - 1])[1];
}

export type Mark = number | 'absent' | null;

export interface ExamResult {
  kind: ExamKind;
  fullMarks: number;
  convertedMarks: number;
  mark: Mark;
}

export interface SubjectInput {
  subjectId: number;
  subjectName: string;
  /** May be taken as the 4th subject. */
  optional: boolean;
  exams: ExamResult[];
}

export interface SubjectResult {
  subjectId: number;
  subjectName: string;
  isFourthSubject: boolean;
  monthlyClassTestAverage: number;
  halfYearlySub: Mark;
  halfYearlyMcq: Mark;
  finalSub: Mark;
  finalMcq: Mark;
  converted: number;
  attendanceMarks: number;
  extraCurriculum: number;
  total: number;
  /** What the subject could have earned with the exams held so far (100 in a complete year). */
  maximum: number;
  percentage: number;
  grade: Letter;
  gradePoint: number;
}

const scaled = (e: ExamResult) => (typeof e.mark === 'number' ? (e.mark / e.fullMarks) * e.convertedMarks : 0);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => (xs.length ? sum(xs) / xs.length : 0);

/** The shown mark of a part (several exams of one part are unusual: the first is shown). */
const shown = (exams: ExamResult[], kind: ExamKind): Mark => exams.find((e) => e.kind === kind)?.mark ?? null;

/**
 * One subject's row. `attendanceRate` is present / taken over the session (null: nothing taken,
 * and attendance leaves the maximum). `activityRate` is the student's average activity mark as a
 * fraction (null: no marked activity; the subject's extra-curricular exam, if any, counts instead).
 */
export function subjectResult(
  input: SubjectInput,
  attendanceRate: number | null,
  activityRate: number | null = null,
): Omit<SubjectResult, 'isFourthSubject'> {
  const of = (...kinds: ExamKind[]) => input.exams.filter((e) => kinds.includes(e.kind));
  const tests = of('class_test');
  const half = of('half_yearly_sub', 'half_yearly_mcq');
  const final = of('final_sub', 'final_mcq');
  const extra = of('extra_curricular');

  const ctAverage = mean(tests.map(scaled));
  const ctMax = mean(tests.map((e) => e.convertedMarks));
  const converted = (sum(half.map(scaled)) + sum(final.map(scaled))) / 2;
  const convertedMax = (sum(half.map((e) => e.convertedMarks)) + sum(final.map((e) => e.convertedMarks))) / 2;
  const attendance = attendanceRate == null ? 0 : attendanceRate * ATTENDANCE_WEIGHT;
  const attendanceMax = attendanceRate == null ? 0 : ATTENDANCE_WEIGHT;
  const extraMarks = activityRate != null ? activityRate * EXTRA_CURRICULUM_WEIGHT : sum(extra.map(scaled));
  const extraMax = activityRate != null ? EXTRA_CURRICULUM_WEIGHT : sum(extra.map((e) => e.convertedMarks));

  const parts = [ctAverage, converted, attendance, extraMarks].map(round2);
  const total = round2(sum(parts));
  const maximum = round2(ctMax + convertedMax + attendanceMax + extraMax);
  const percentage = maximum > 0 ? round2((total / maximum) * 100) : 0;
  return {
    subjectId: input.subjectId,
    subjectName: input.subjectName,
    monthlyClassTestAverage: parts[0],
    halfYearlySub: shown(half, 'half_yearly_sub'),
    halfYearlyMcq: shown(half, 'half_yearly_mcq'),
    finalSub: shown(final, 'final_sub'),
    finalMcq: shown(final, 'final_mcq'),
    converted: parts[1],
    attendanceMarks: parts[2],
    extraCurriculum: parts[3],
    total,
    maximum,
    percentage,
    ...band(percentage),
  };
}

export interface YearResult {
  subjects: SubjectResult[];
  totalMarks: number;
  /** The GPA's numerator: compulsory grade points plus the 4th subject's points above 2.00. */
  totalGradePoint: number;
  gpa: number;
  grade: Letter;
  failed: boolean;
}

/**
 * A student's whole sheet from their subjects (in the order to show them). `fourthSubjectId`: the
 * registered 4th subject, if any (null or absent: the best optional subject is taken). `activityRate`:
 * see subjectResult.
 */
export function yearResult(
  inputs: SubjectInput[],
  attendanceRate: number | null,
  fourthSubjectId: number | null = null,
  activityRate: number | null = null,
  /** subject id -> the student's subject activity rate there (docs/DOMAIN.md, "Exams and grades"). */
  subjectActivityRates: ReadonlyMap<number, number> | null = null,
): YearResult {
  const rows = inputs.map((s) => ({
    ...subjectResult(
      s,
      attendanceRate,
      extraCurriculumRate(subjectActivityRates?.get(s.subjectId) ?? null, activityRate),
    ),
    optional: s.optional,
  }));
  let fourth: (typeof rows)[number] | undefined =
    fourthSubjectId == null ? undefined : rows.find((r) => r.subjectId === fourthSubjectId);
  if (!fourth) for (const r of rows) if (r.optional && (!fourth || r.gradePoint > fourth.gradePoint)) fourth = r;

  const compulsory = rows.filter((r) => r !== fourth);
  const failed = compulsory.some((r) => r.grade === 'F');
  const bonus = fourth ? Math.max(0, fourth.gradePoint - FOURTH_SUBJECT_BASE) : 0;
  const totalGradePoint = round2(sum(compulsory.map((r) => r.gradePoint)) + bonus);
  const gpa = failed || compulsory.length === 0 ? 0 : Math.min(GPA_MAX, round2(totalGradePoint / compulsory.length));
  const subjects: SubjectResult[] = rows.map((row) => {
    const { optional: _optional, ...r } = row;
    return { ...r, isFourthSubject: row === fourth };
  });
  return {
    subjects,
    totalMarks: round2(sum(rows.map((r) => r.total))),
    totalGradePoint,
    gpa,
    grade: failed ? 'F' : letterOfGpa(gpa),
    failed,
  };
}

/** Positions in a section: GPA, then total marks, descending; ties share (1, 1, 3). */
export function positions<K>(students: { key: K; gpa: number; totalMarks: number }[]): Map<K, number> {
  const sorted = [...students].sort((a, b) => b.gpa - a.gpa || b.totalMarks - a.totalMarks);
  const out = new Map<K, number>();
  sorted.forEach((s, i) => {
    const prev = sorted[i - 1];
    const same = prev && prev.gpa === s.gpa && prev.totalMarks === s.totalMarks;
    out.set(s.key, same ? out.get(prev.key)! : i + 1);
  });
  return out;
}
