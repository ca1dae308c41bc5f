/**
 * One student's grade sheet as the API answers it, from a section's computed sheets: the JSON of
 * GET /api/gradesheet and every page of the grade sheet PDFs come from here, so screen and paper
 * never disagree.
 */
import type { Gradesheet } from '@/api/schemas/exams';
import type { SectionSheets } from './exams';

export function gradesheetOf(
  sheets: SectionSheets,
  me: SectionSheets['students'][number],
  sessionId: number,
  published: boolean,
): Gradesheet {
  const r = me.result;
  return {
    school_name: sheets.school.name,
    address_division: sheets.school.division,
    address: sheets.school.address,
    student_id: me.studentId,
    student_code: me.studentCode,
    name: me.name,
    session_id: sessionId,
    session_year: sheets.sessionYear,
    class_name: sheets.className,
    section_default_name: sheets.sectionName,
    class_roll_no: me.classRollNo,
    published,
    attendance_rate: me.attendanceRate,
    // Written out, not spread from a common object: V8 adds each property written after a spread
    // one by one on a slow path (~1 µs each), which made this map 150 µs of every grade sheet.
    subjects: r.subjects.map((s) => ({
      student_code: me.studentCode,
      name: me.name,
      session_year: sheets.sessionYear,
      class_name: sheets.className,
      section_default_name: sheets.sectionName,
      subject_id: s.subjectId,
      subject_name: s.subjectName,
      is_fourth_subject: s.isFourthSubject,
      monthly_class_test_average: s.monthlyClassTestAverage,
      half_yearly_exam_sub: s.halfYearlySub,
      half_yearly_exam_mcq: s.halfYearlyMcq,
      final_exam_sub: s.finalSub,
      final_exam_mcq: s.finalMcq,
      converted: s.converted,
      attendance_marks: s.attendanceMarks,
      extra_curriculum: s.extraCurriculum,
      total: s.total,
      maximum: s.maximum,
      percentage: s.percentage,
      grade: s.grade,
      gradePoint: s.gradePoint,
    })),
    total_marks: r.totalMarks,
    total_grade_point: r.totalGradePoint,
    gpa: r.gpa,
    grade: r.grade,
    position: r.subjects.length ? me.position : null,
    section_size: sheets.students.length,
  };
}
