/**
 * A student's results as the reads ask for them (routes/exams.ts, routes/gradesheet-pdf.ts): the
 * mark sheet (every exam of their section that session, their subjects only) and the grade sheet
 * (from the section's computed sheets, services/exams.ts `sectionSheetsKept`). Whose results a
 * caller may read, and whether they are published for them, is server/auth/scope.ts's
 * (`resultsStudentInScope`); these take its answer.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Gradesheet } from '@/api/schemas/exams';
import type { HotCache } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  enrolments,
  examMarks,
  examTypes,
  exams,
  sections,
  students,
  subjects,
} from '../db/schema';
import { notFound } from '../errors';
import { markOf, sectionSheetsKept } from './exams';
import { gradesheetOf } from './gradesheet';
import { studentFullName } from './names';

/** The student a sheet is about, as the scope found them: their enrolment that session. */
export interface SheetStudent {
  schoolId: number;
  sectionId: number;
  enrolmentId: number;
  publication: { published: boolean };
}

/** A student's marks of a session, optionally of one exam type or one exam, by type and subject. */
export async function studentMarks(
  db: DbOrTx,
  who: SheetStudent,
  q: { session_id: number; exam_name_id?: number; exam_info_id?: number },
) {
  const where = [eq(exams.sectionId, who.sectionId), eq(exams.sessionId, q.session_id)];
  if (q.exam_name_id) where.push(eq(exams.examTypeId, q.exam_name_id));
  if (q.exam_info_id) where.push(eq(exams.id, q.exam_info_id));
  const rows = await db
    .select({
      exam_info_id: exams.id,
      student_code: students.studentCode,
      name: studentFullName(),
      class_name: classes.className,
      section_default_name: sections.sectionDefaultName,
      session_year: academicSessions.sessionYear,
      exam_name: examTypes.examName,
      subject_name: subjects.subjectName,
      full_marks: exams.fullMarks,
      marksObtained: examMarks.marksObtained,
      absent: examMarks.absent,
      groupId: subjects.groupId,
      studentGroup: enrolments.groupId,
    })
    .from(exams)
    .innerJoin(enrolments, eq(enrolments.id, who.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, exams.classId))
    .innerJoin(sections, eq(sections.id, exams.sectionId))
    .innerJoin(academicSessions, eq(academicSessions.id, exams.sessionId))
    .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .leftJoin(examMarks, and(eq(examMarks.examId, exams.id), eq(examMarks.enrolmentId, who.enrolmentId)))
    .where(and(...where))
    .orderBy(asc(examTypes.sortOrder), asc(subjects.subjectCode));
  return rows
    .filter((r) => r.groupId === null || r.groupId === r.studentGroup)
    .map(({ marksObtained, absent, groupId: _g, studentGroup: _sg, ...r }) => ({
      marks_obtained: markOf(marksObtained, !!absent),
      ...r,
    }));
}

/** A student's grade sheet of a session (404 when the section has none for them). */
export async function studentGradesheet(
  db: DbOrTx,
  cache: HotCache,
  who: SheetStudent,
  sessionId: number,
): Promise<Gradesheet> {
  const sheets = await sectionSheetsKept(db, cache, who.schoolId, who.sectionId, sessionId);
  const me = sheets?.students.find((s) => s.enrolmentId === who.enrolmentId);
  if (!sheets || !me) throw notFound('Grade sheet');
  return gradesheetOf(sheets, me, sessionId, who.publication.published);
}
