/**
 * Result analysis (docs/DOMAIN.md, "Result analysis"): the tabulation sheet of a section, the merit
 * list of a class and the pass rates and grade distributions of a class's sections. Every figure
 * is read off the sections' computed grade sheets (services/exams.ts `sectionSheetsKept`, the
 * arithmetic of services/grades.ts: GPA, grade, the 4th-subject rule, position in section), so a
 * tabulation sheet never disagrees with a student's grade sheet. The merit list ranks a class with
 * the same rule (`positions`: GPA, then total marks; ties share).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  AnalysisLine,
  ExamAnalysisLine,
  GradeDistribution,
  MeritListPage,
  MeritRow,
  ResultAnalysis,
  TabulationSheet,
} from '@/api/schemas/reports';
import type { HotCache } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import { academicSessions, classes, examMarks, examTypes, exams, sections } from '../db/schema';
import { notFound } from '../errors';
import { sectionSheetsKept, type SectionSheets } from './exams';
import { positions, round2, type Letter } from './grades';

// ------------------------------------------------------------------ the tabulation sheet

/** A section's sheets as one table: every student (roll order) × every subject of the section. */
export function tabulationOf(sheets: SectionSheets, sectionId: number): TabulationSheet {
  const subjects = new Map<number, string>();
  for (const s of sheets.students) for (const sub of s.result.subjects) subjects.set(sub.subjectId, sub.subjectName);
  const rows = [...sheets.students]
    .sort((a, b) => a.classRollNo - b.classRollNo)
    .map((s) => ({
      student_id: s.studentId,
      student_code: s.studentCode,
      name: s.name,
      class_roll_no: s.classRollNo,
      cells: s.result.subjects.map((sub) => ({
        subject_id: sub.subjectId,
        total: sub.total,
        maximum: sub.maximum,
        grade: sub.grade,
        grade_point: sub.gradePoint,
        is_fourth_subject: sub.isFourthSubject,
      })),
      total_marks: s.result.totalMarks,
      gpa: s.result.gpa,
      grade: s.result.grade,
      failed: s.result.failed,
      position: s.result.subjects.length ? s.position : null,
    }));
  return {
    school_name: sheets.school.name,
    address: sheets.school.address,
    session_year: sheets.sessionYear,
    class_name: sheets.className,
    section_id: sectionId,
    section_default_name: sheets.sectionName,
    subjects: [...subjects].map(([subject_id, subject_name]) => ({ subject_id, subject_name })),
    rows,
  };
}

/** GET /api/report/tabulation's sheet (404 when the section has no students that session). */
export async function tabulationSheet(
  db: DbOrTx,
  cache: HotCache,
  section: { id: number; schoolId: number },
  sessionId: number,
): Promise<TabulationSheet> {
  const sheets = await sectionSheetsKept(db, cache, section.schoolId, section.id, sessionId);
  if (!sheets || !sheets.students.length) throw notFound('Students of that section in that session');
  return tabulationOf(sheets, section.id);
}

// ------------------------------------------------------------------ a class's sections

interface ClassSheets {
  className: string;
  sessionYear: string;
  sections: { id: number; name: string; sheets: SectionSheets | null }[];
}

/** Every section of a class with its computed sheets of the session (404 for a class of another school). */
async function classSheets(
  db: DbOrTx,
  cache: HotCache,
  schoolId: number,
  classId: number,
  sessionId: number,
): Promise<ClassSheets> {
  const [cls] = await db.select({ name: classes.className }).from(classes).where(eq(classes.id, classId));
  const [session] = await db
    .select({ year: academicSessions.sessionYear })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  if (!cls) throw notFound('Class');
  if (!session) throw notFound('Session');
  const rows = await db
    .select({ id: sections.id, name: sections.sectionDefaultName })
    .from(sections)
    .where(and(eq(sections.schoolId, schoolId), eq(sections.classId, classId)))
    .orderBy(asc(sections.sectionDefaultName), asc(sections.id));
  const withSheets = await Promise.all(
    rows.map(async (s) => ({ ...s, sheets: await sectionSheetsKept(db, cache, schoolId, s.id, sessionId) })),
  );
  return { className: cls.name, sessionYear: session.year, sections: withSheets };
}

/** The merit list of a class: every student of its sections ranked together. */
export function meritOf(c: ClassSheets): MeritRow[] {
  const all = c.sections.flatMap((sec) =>
    (sec.sheets?.students ?? []).map((s) => ({ sec, s, key: `${sec.id}:${s.enrolmentId}` })),
  );
  const ranked = positions(all.map((a) => ({ key: a.key, gpa: a.s.result.gpa, totalMarks: a.s.result.totalMarks })));
  return all
    .map(({ sec, s, key }) => ({
      merit_position: ranked.get(key)!,
      section_position: s.result.subjects.length ? s.position : null,
      student_id: s.studentId,
      student_code: s.studentCode,
      name: s.name,
      section_id: sec.id,
      section_default_name: sec.name,
      class_roll_no: s.classRollNo,
      total_marks: s.result.totalMarks,
      gpa: s.result.gpa,
      grade: s.result.grade,
    }))
    .sort(
      (a, b) =>
        a.merit_position - b.merit_position ||
        a.section_default_name.localeCompare(b.section_default_name) ||
        a.class_roll_no - b.class_roll_no,
    );
}

export async function meritList(
  db: DbOrTx,
  cache: HotCache,
  q: { schoolId: number; classId: number; sessionId: number; limit: number; offset: number },
): Promise<MeritListPage & { all: MeritRow[] }> {
  const c = await classSheets(db, cache, q.schoolId, q.classId, q.sessionId);
  const all = meritOf(c);
  return {
    rows: all.slice(q.offset, q.offset + q.limit),
    total: all.length,
    limit: q.limit,
    offset: q.offset,
    class_name: c.className,
    session_year: c.sessionYear,
    all,
  };
}

// ------------------------------------------------------------------ pass rates and grades

const emptyGrades = (): GradeDistribution => ({ 'A+': 0, A: 0, 'A-': 0, B: 0, C: 0, D: 0, F: 0 });
const rate = (passed: number, n: number) => (n ? Math.round((1000 * passed) / n) / 10 : null);

interface Tally {
  students: number;
  passed: number;
  grades: GradeDistribution;
  sum: number;
  highest: number | null;
}
const emptyTally = (): Tally => ({ students: 0, passed: 0, grades: emptyGrades(), sum: 0, highest: null });
function add(t: Tally, grade: Letter, passed: boolean, value: number) {
  t.students += 1;
  if (passed) t.passed += 1;
  t.grades[grade] += 1;
  t.sum += value;
  t.highest = t.highest === null ? value : Math.max(t.highest, value);
}
const lineOf = (
  t: Tally,
  section: { id: number; name: string } | null,
  subject: { id: number; name: string } | null,
): AnalysisLine => ({
  section_id: section?.id ?? null,
  section_default_name: section?.name ?? null,
  subject_id: subject?.id ?? null,
  subject_name: subject?.name ?? null,
  students: t.students,
  passed: t.passed,
  pass_rate: rate(t.passed, t.students),
  grades: t.grades,
  average: t.students ? round2(t.sum / t.students) : null,
  highest: t.highest,
});

/**
 * The overall result (pass: not failed by the compulsory-F rule; average and highest of GPA) and
 * each subject's (pass: not F; average and highest of the subject's percentage), per section and
 * for the class. A student with nothing held yet is left out.
 */
export function analysisOf(c: ClassSheets): Pick<ResultAnalysis, 'overall' | 'subjects'> {
  const overall: AnalysisLine[] = [];
  const classOverall = emptyTally();
  const subjectNames = new Map<number, string>();
  const classSubjects = new Map<number, Tally>();
  const sectionSubjects: AnalysisLine[] = [];
  for (const sec of c.sections) {
    const t = emptyTally();
    const bySubject = new Map<number, Tally>();
    for (const s of sec.sheets?.students ?? []) {
      if (!s.result.subjects.length) continue;
      add(t, s.result.grade, !s.result.failed, s.result.gpa);
      add(classOverall, s.result.grade, !s.result.failed, s.result.gpa);
      for (const sub of s.result.subjects) {
        subjectNames.set(sub.subjectId, sub.subjectName);
        for (const map of [bySubject, classSubjects]) {
          const st = map.get(sub.subjectId) ?? emptyTally();
          add(st, sub.grade, sub.grade !== 'F', sub.percentage);
          map.set(sub.subjectId, st);
        }
      }
    }
    overall.push(lineOf(t, sec, null));
    for (const [id, st] of bySubject) sectionSubjects.push(lineOf(st, sec, { id, name: subjectNames.get(id)! }));
  }
  overall.push(lineOf(classOverall, null, null));
  const subjects: AnalysisLine[] = [];
  for (const [id, st] of classSubjects) {
    const name = subjectNames.get(id)!;
    subjects.push(lineOf(st, null, { id, name }));
    subjects.push(...sectionSubjects.filter((l) => l.subject_id === id));
  }
  return { overall, subjects };
}

/** Pass mark of one exam: 33% of its full marks (the D band's floor, services/grades.ts). */
export const EXAM_PASS_PERCENT = 33;

/** Per exam type of the session: marks entered, passed and the average percentage, per section and for the class. */
async function examLines(
  db: DbOrTx,
  schoolId: number,
  classId: number,
  sessionId: number,
  sectionNames: Map<number, string>,
): Promise<ExamAnalysisLine[]> {
  const pct = sql`(case when ${examMarks.absent} or ${examMarks.marksObtained} is null then 0 else ${examMarks.marksObtained} * 100.0 / nullif(${exams.fullMarks}, 0) end)`;
  const rows = await db
    .select({
      examTypeId: examTypes.id,
      examName: examTypes.examName,
      sortOrder: examTypes.sortOrder,
      sectionId: exams.sectionId,
      sat: sql<number>`count(*)::int`,
      passed: sql<number>`(count(*) filter (where ${pct} >= ${EXAM_PASS_PERCENT}))::int`,
      sumPct: sql<string>`coalesce(sum(${pct}), 0)`,
    })
    .from(examMarks)
    .innerJoin(exams, eq(exams.id, examMarks.examId))
    .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
    .where(and(eq(exams.schoolId, schoolId), eq(exams.classId, classId), eq(exams.sessionId, sessionId)))
    .groupBy(examTypes.id, examTypes.examName, examTypes.sortOrder, exams.sectionId)
    .orderBy(asc(examTypes.sortOrder), asc(examTypes.id));
  const out: ExamAnalysisLine[] = [];
  const types = [...new Map(rows.map((r) => [r.examTypeId, r])).values()];
  for (const type of types) {
    const mine = rows.filter((r) => r.examTypeId === type.examTypeId);
    const line = (sectionId: number | null, rs: typeof rows): ExamAnalysisLine => {
      const sat = rs.reduce((a, r) => a + r.sat, 0);
      const passed = rs.reduce((a, r) => a + r.passed, 0);
      const sum = rs.reduce((a, r) => a + Number(r.sumPct), 0);
      return {
        exam_type_id: type.examTypeId,
        exam_name: type.examName,
        section_id: sectionId,
        section_default_name: sectionId === null ? null : (sectionNames.get(sectionId) ?? ''),
        sat,
        passed,
        pass_rate: rate(passed, sat),
        average_percent: sat ? round2(sum / sat) : null,
      };
    };
    out.push(line(null, mine));
    for (const r of [...mine].sort((a, b) =>
      (sectionNames.get(a.sectionId) ?? '').localeCompare(sectionNames.get(b.sectionId) ?? ''),
    ))
      out.push(line(r.sectionId, [r]));
  }
  return out;
}

/** GET /api/report/result_analysis. */
export async function resultAnalysis(
  db: DbOrTx,
  cache: HotCache,
  q: { schoolId: number; classId: number; sessionId: number },
): Promise<ResultAnalysis> {
  const c = await classSheets(db, cache, q.schoolId, q.classId, q.sessionId);
  const names = new Map(c.sections.map((s) => [s.id, s.name]));
  return {
    class_name: c.className,
    session_year: c.sessionYear,
    sections: c.sections.map((s) => ({ section_id: s.id, section_default_name: s.name })),
    ...analysisOf(c),
    exams: await examLines(db, q.schoolId, q.classId, q.sessionId, names),
  };
}
