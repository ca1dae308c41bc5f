/**
 * The grade sheet's edge rules (server/services/grades.ts), each from a worked example with the
 * expected figures written out: 0% attendance against none taken, extra-curricular activities,
 * rounding, the fallbacks of the bands and of the 4th subject, and an empty sheet. No database:
 * these run once per mutant in `npm run mutate` (docs/testing.md), next to grades.test.ts.
 */
import {
  band,
  letterOfGpa,
  positions,
  round2,
  subjectResult,
  yearResult,
  type ExamResult,
  type SubjectInput,
} from '@server/services/grades';

/** Class tests out of 20 (weight 20), half-yearly and final Sub 50 + MCQ 50 (weight 35 each), extra 10 (weight 5). */
function subject(m: {
  ct?: ExamResult['mark'][];
  halfSub?: ExamResult['mark'];
  halfMcq?: ExamResult['mark'];
  finalSub?: ExamResult['mark'];
  finalMcq?: ExamResult['mark'];
  extra?: ExamResult['mark'];
}): SubjectInput {
  const exams: ExamResult[] = (m.ct ?? []).map((mark) => ({
    kind: 'class_test',
    fullMarks: 20,
    convertedMarks: 20,
    mark,
  }));
  if (m.halfSub !== undefined)
    exams.push({ kind: 'half_yearly_sub', fullMarks: 50, convertedMarks: 35, mark: m.halfSub });
  if (m.halfMcq !== undefined)
    exams.push({ kind: 'half_yearly_mcq', fullMarks: 50, convertedMarks: 35, mark: m.halfMcq });
  if (m.finalSub !== undefined) exams.push({ kind: 'final_sub', fullMarks: 50, convertedMarks: 35, mark: m.finalSub });
  if (m.finalMcq !== undefined) exams.push({ kind: 'final_mcq', fullMarks: 50, convertedMarks: 35, mark: m.finalMcq });
  if (m.extra !== undefined) exams.push({ kind: 'extra_curricular', fullMarks: 10, convertedMarks: 5, mark: m.extra });
  return { subjectId: 1, subjectName: 'Physics', optional: false, exams };
}

const FULL_YEAR = { ct: [16, 12], halfSub: 40, halfMcq: 30, finalSub: 45, finalMcq: 35, extra: 8 };
// Class tests (16 + 12) / 2 = 14 of 20; converted (28 + 21 + 31.5 + 24.5) / 2 = 52.5 of 70;
// extra 8 of 10 = 4 of 5: 70.5 before attendance.

/** A subject whose percentage is exactly `pct` (one 100-mark exam of weight 100). */
const subjectAt = (subjectId: number, pct: number, optional = false): SubjectInput => ({
  subjectId,
  subjectName: `Subject ${subjectId}`,
  optional,
  exams: [{ kind: 'extra_curricular', fullMarks: 100, convertedMarks: 100, mark: pct }],
});

describe('attendance in a subject', () => {
  it('0% attendance is 0 of 5, not "no attendance taken": the maximum stays 100', () => {
    const r = subjectResult(subject(FULL_YEAR), 0);
    expect(r.attendanceMarks).toBe(0);
    expect(r.total).toBe(70.5);
    expect(r.maximum).toBe(100);
    expect(r.percentage).toBe(70.5);
    expect(r).toMatchObject({ grade: 'A', gradePoint: 4 });
  });

  it('no attendance taken leaves attendance out of the maximum (95)', () => {
    const r = subjectResult(subject(FULL_YEAR), null);
    expect(r.attendanceMarks).toBe(0);
    expect(r.total).toBe(70.5);
    expect(r.maximum).toBe(95);
    expect(r.percentage).toBe(74.21); // 70.5 / 95
    expect(r).toMatchObject({ grade: 'A', gradePoint: 4 });
  });

  it('full attendance is 5 of 5', () => {
    const r = subjectResult(subject(FULL_YEAR), 1);
    expect(r.attendanceMarks).toBe(5);
    expect(r.total).toBe(75.5);
    expect(r.percentage).toBe(75.5);
  });
});

describe('extra-curricular activities', () => {
  it('the activity average weighs 5 and replaces the extra-curricular exam', () => {
    const r = subjectResult(subject(FULL_YEAR), 1, 0.7);
    expect(r.extraCurriculum).toBe(3.5); // 5 × 0.7, not the exam's 4
    expect(r.total).toBe(75);
    expect(r.maximum).toBe(100);
  });

  it('an activity average of 0 is 0 of 5, not "no activity": the maximum keeps its 5', () => {
    const r = subjectResult(subject({ ...FULL_YEAR, extra: undefined }), 1, 0);
    expect(r.extraCurriculum).toBe(0);
    expect(r.maximum).toBe(100);
    expect(r.total).toBe(71.5); // 14 + 52.5 + 5
  });

  it('without activities or an extra-curricular exam, the part leaves the maximum', () => {
    const r = subjectResult(subject({ ...FULL_YEAR, extra: undefined }), 1, null);
    expect(r.extraCurriculum).toBe(0);
    expect(r.maximum).toBe(95);
    expect(r.percentage).toBe(75.26); // 71.5 / 95
  });
});

describe('the parts of a subject', () => {
  it('shows each part and counts every exam at its weight', () => {
    const r = subjectResult(subject({ ...FULL_YEAR, halfMcq: 'absent', finalMcq: null }), 1);
    expect(r).toMatchObject({
      subjectId: 1,
      subjectName: 'Physics',
      monthlyClassTestAverage: 14,
      halfYearlySub: 40,
      halfYearlyMcq: 'absent',
      finalSub: 45,
      finalMcq: null,
      converted: 29.75, // (28 + 0 + 31.5 + 0) / 2
      attendanceMarks: 5,
      extraCurriculum: 4,
      total: 52.75,
      maximum: 100,
      percentage: 52.75,
      grade: 'B',
      gradePoint: 3,
    });
  });

  it('a part not held yet shows nothing and weighs nothing', () => {
    const r = subjectResult(subject({ ct: [10], halfSub: 25, halfMcq: 25 }), null);
    expect(r).toMatchObject({ finalSub: null, finalMcq: null, halfYearlySub: 25, halfYearlyMcq: 25 });
    expect(r.converted).toBe(17.5); // (17.5 + 17.5) / 2
    expect(r.maximum).toBe(55); // 20 + (35 + 35) / 2
    expect(r.total).toBe(27.5);
    expect(r.percentage).toBe(50);
  });

  it('class tests are averaged, each at its own weight, and the average rounded to 2 decimals', () => {
    const r = subjectResult(subject({ ct: [17, 13, 14] }), null);
    expect(r.monthlyClassTestAverage).toBe(14.67); // 44 / 3
    expect(r.maximum).toBe(20); // the average of three 20s
    expect(r.percentage).toBe(73.35);
    const weighted = subjectResult(
      {
        subjectId: 2,
        subjectName: 'Chemistry',
        optional: false,
        exams: [
          { kind: 'class_test', fullMarks: 25, convertedMarks: 20, mark: 20 },
          { kind: 'class_test', fullMarks: 10, convertedMarks: 10, mark: 5 },
        ],
      },
      null,
    );
    expect(weighted.monthlyClassTestAverage).toBe(10.5); // (16 + 5) / 2
    expect(weighted.maximum).toBe(15); // (20 + 10) / 2
    expect(weighted.percentage).toBe(70);
  });

  it('two exams of one part: both count, the first is shown', () => {
    const r = subjectResult(
      {
        subjectId: 3,
        subjectName: 'Biology',
        optional: false,
        exams: [
          { kind: 'final_sub', fullMarks: 50, convertedMarks: 35, mark: 30 },
          { kind: 'final_sub', fullMarks: 50, convertedMarks: 35, mark: 'absent' },
        ],
      },
      null,
    );
    expect(r.finalSub).toBe(30);
    expect(r.converted).toBe(10.5); // (21 + 0) / 2
    expect(r.maximum).toBe(35);
    expect(r.percentage).toBe(30);
  });

  it('a subject with nothing held yet is 0 of 0: percentage 0 and an F, not NaN', () => {
    const r = subjectResult({ subjectId: 4, subjectName: 'Art', optional: true, exams: [] }, null);
    expect(r).toMatchObject({
      monthlyClassTestAverage: 0,
      converted: 0,
      total: 0,
      maximum: 0,
      percentage: 0,
      grade: 'F',
      gradePoint: 0,
    });
  });
});

describe('rounding and bands', () => {
  it('round2 keeps 2 decimals and is not fooled by float noise', () => {
    expect(round2(1.005)).toBe(1.01);
    expect(round2(79.49999999)).toBe(79.5);
    expect(round2(12.344)).toBe(12.34);
    expect(round2(0)).toBe(0);
  });

  it('a percentage a hair under .5 rounds up through round2 before banding', () => {
    expect(band(79.4999999)).toEqual({ grade: 'A+', gradePoint: 5 });
    expect(band(79.494)).toEqual({ grade: 'A', gradePoint: 4 });
  });

  it('each band starts exactly at its minimum', () => {
    const cases: [number, string, number][] = [
      [79, 'A', 4],
      [69, 'A-', 3.5],
      [60, 'A-', 3.5],
      [59.49, 'B', 3],
      [49.49, 'C', 2],
      [39.49, 'D', 1],
      [33, 'D', 1],
      [32, 'F', 0],
      [1, 'F', 0],
    ];
    for (const [pct, grade, gradePoint] of cases) expect(band(pct), String(pct)).toEqual({ grade, gradePoint });
  });

  it('below every band is an F (never a crash)', () => {
    expect(band(-1)).toEqual({ grade: 'F', gradePoint: 0 });
    expect(letterOfGpa(-1)).toBe('F');
  });

  it('GPA letters start exactly at 5, 4, 3.5, 3, 2 and 1', () => {
    expect([5, 4.99, 4, 3.99, 3.5, 3.49, 3, 2.99, 2, 1.99, 1, 0.99, 0].map(letterOfGpa)).toEqual([
      'A+',
      'A',
      'A',
      'A-',
      'A-',
      'B',
      'B',
      'C',
      'C',
      'D',
      'D',
      'F',
      'F',
    ]);
  });
});

describe('the yearly block: edge rules', () => {
  it('of two optional subjects with the same grade point, the first is the 4th', () => {
    const y = yearResult([subjectAt(1, 75), subjectAt(2, 55, true), subjectAt(3, 52, true)], null);
    expect(y.subjects.map((s) => s.isFourthSubject)).toEqual([false, true, false]);
    expect(y.totalGradePoint).toBe(8); // 4 + 3 + (3 - 2)
    expect(y.gpa).toBe(4);
  });

  it('a 4th subject at exactly 2.00 adds nothing and takes nothing away', () => {
    const y = yearResult([subjectAt(1, 75), subjectAt(2, 65), subjectAt(3, 45, true)], null);
    expect(y.subjects[2]).toMatchObject({ isFourthSubject: true, gradePoint: 2 });
    expect(y.totalGradePoint).toBe(7.5); // 4 + 3.5
    expect(y.gpa).toBe(3.75);
    expect(y.grade).toBe('A-');
  });

  it('the 4th subject is counted neither in the GPA divisor nor as compulsory', () => {
    const y = yearResult([subjectAt(1, 85), subjectAt(2, 99, true)], null);
    expect(y.totalGradePoint).toBe(8); // 5 + (5 - 2)
    expect(y.gpa).toBe(5); // 8 / 1, capped
    expect(y.failed).toBe(false);
  });

  it('a sheet with only a 4th subject has no GPA and fails nothing', () => {
    const y = yearResult([subjectAt(1, 90, true)], null);
    expect(y.subjects[0].isFourthSubject).toBe(true);
    expect(y).toMatchObject({ totalGradePoint: 3, gpa: 0, grade: 'F', failed: false, totalMarks: 90 });
  });

  it('an empty sheet is all zeros', () => {
    expect(yearResult([], null)).toEqual({
      subjects: [],
      totalMarks: 0,
      totalGradePoint: 0,
      gpa: 0,
      grade: 'F',
      failed: false,
    });
  });

  it('attendance and activities count in every subject of the year', () => {
    const y = yearResult([subject(FULL_YEAR)], 0.5, null, 1);
    expect(y.subjects[0]).toMatchObject({ attendanceMarks: 2.5, extraCurriculum: 5, total: 74, maximum: 100 });
    expect(y.totalMarks).toBe(74);
    expect(y.gpa).toBe(4);
    expect(y.grade).toBe('A');
    expect(Object.keys(y.subjects[0])).not.toContain('optional');
  });

  it('the total marks are rounded to 2 decimals', () => {
    const thirds = (id: number): SubjectInput => ({
      subjectId: id,
      subjectName: `Subject ${id}`,
      optional: false,
      exams: [{ kind: 'extra_curricular', fullMarks: 3, convertedMarks: 100, mark: 1 }],
    });
    const y = yearResult([thirds(1), thirds(2), thirds(3)], null);
    expect(y.subjects[0].total).toBe(33.33);
    expect(y.totalMarks).toBe(99.99);
  });

  it('the GPA is rounded to 2 decimals', () => {
    const y = yearResult([subjectAt(1, 85), subjectAt(2, 85), subjectAt(3, 75)], null);
    expect(y.gpa).toBe(4.67); // 14 / 3
    expect(y.grade).toBe('A');
  });
});

describe('positions: edge rules', () => {
  it('equal GPA and marks share; a different total on the same GPA does not', () => {
    const ranked = positions([
      { key: 1, gpa: 4, totalMarks: 500 },
      { key: 2, gpa: 4, totalMarks: 501 },
      { key: 3, gpa: 4, totalMarks: 500 },
      { key: 4, gpa: 3.5, totalMarks: 500 },
    ]);
    expect([...ranked.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [1, 2],
      [2, 1],
      [3, 2],
      [4, 4],
    ]);
  });

  it('a single student is first; nobody, no positions', () => {
    expect([...positions([{ key: 'x', gpa: 0, totalMarks: 0 }])]).toEqual([['x', 1]]);
    expect(positions([]).size).toBe(0);
  });
});
