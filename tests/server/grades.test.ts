/** The grade sheet's arithmetic from worked examples (server/services/grades.ts); no database. */
import {
  band,
  letterOfGpa,
  positions,
  subjectResult,
  yearResult,
  type ExamResult,
  type SubjectInput,
} from '@server/services/grades';

/** The usual year: two class tests out of 20 (weight 20), half-yearly and final Sub 50 + MCQ 50 (weight 35 + 35), extra 10 (weight 5). */
function usualSubject(m: {
  ct: number[];
  halfSub: ExamResult['mark'];
  halfMcq: ExamResult['mark'];
  finalSub: ExamResult['mark'];
  finalMcq: ExamResult['mark'];
  extra: ExamResult['mark'];
}): SubjectInput {
  return {
    subjectId: 1,
    subjectName: 'Mathematics',
    optional: false,
    exams: [
      ...m.ct.map((mark): ExamResult => ({ kind: 'class_test', fullMarks: 20, convertedMarks: 20, mark })),
      { kind: 'half_yearly_sub', fullMarks: 50, convertedMarks: 35, mark: m.halfSub },
      { kind: 'half_yearly_mcq', fullMarks: 50, convertedMarks: 35, mark: m.halfMcq },
      { kind: 'final_sub', fullMarks: 50, convertedMarks: 35, mark: m.finalSub },
      { kind: 'final_mcq', fullMarks: 50, convertedMarks: 35, mark: m.finalMcq },
      { kind: 'extra_curricular', fullMarks: 10, convertedMarks: 5, mark: m.extra },
    ],
  };
}

/** A subject whose total and percentage are exactly `pct` (one 100-mark exam of weight 100). */
const subjectAt = (subjectId: number, pct: number, optional = false): SubjectInput => ({
  subjectId,
  subjectName: `Subject ${subjectId}`,
  optional,
  exams: [{ kind: 'extra_curricular', fullMarks: 100, convertedMarks: 100, mark: pct }],
});

describe('one subject', () => {
  it('weighs class tests 20, (half-yearly + final) / 2 70, attendance 5 and extra-curricular 5', () => {
    const r = subjectResult(
      usualSubject({ ct: [16, 18], halfSub: 40, halfMcq: 40, finalSub: 45, finalMcq: 45, extra: 8 }),
      0.9,
    );
    expect(r.monthlyClassTestAverage).toBe(17); // (16 + 18) / 2 of 20
    expect(r.halfYearlySub).toBe(40);
    expect(r.finalMcq).toBe(45);
    expect(r.converted).toBe(59.5); // (56 + 63) / 2
    expect(r.attendanceMarks).toBe(4.5); // 90% of 5
    expect(r.extraCurriculum).toBe(4); // 8 of 10 weighs 4 of 5
    expect(r.total).toBe(85);
    expect(r.maximum).toBe(100);
    expect(r).toMatchObject({ grade: 'A+', gradePoint: 5 });
  });

  it('79.5 is rounded before banding: A+, and 79.4 is an A', () => {
    const marks = { ct: [15], halfSub: 40, halfMcq: 40, finalSub: 40, finalMcq: 40, extra: 8 };
    const at = subjectResult(usualSubject(marks), 0.9); // 15 + 56 + 4.5 + 4
    expect(at.total).toBe(79.5);
    expect(at).toMatchObject({ grade: 'A+', gradePoint: 5 });
    const below = subjectResult(usualSubject(marks), 0.88); // attendance 4.4
    expect(below.total).toBe(79.4);
    expect(below).toMatchObject({ grade: 'A', gradePoint: 4 });
  });

  it('absent and not entered count 0, and the sheet shows which is which', () => {
    const r = subjectResult(
      usualSubject({ ct: [20, 20], halfSub: 'absent', halfMcq: null, finalSub: 50, finalMcq: 50, extra: 10 }),
      1,
    );
    expect(r.halfYearlySub).toBe('absent');
    expect(r.halfYearlyMcq).toBeNull();
    expect(r.converted).toBe(35); // (0 + 70) / 2
    expect(r.total).toBe(65);
    expect(r).toMatchObject({ grade: 'A-', gradePoint: 3.5 });
  });

  it('exams not held yet and a session without attendance leave the maximum', () => {
    const r = subjectResult(
      {
        subjectId: 1,
        subjectName: 'English',
        optional: false,
        exams: [
          { kind: 'class_test', fullMarks: 20, convertedMarks: 20, mark: 14 },
          { kind: 'class_test', fullMarks: 20, convertedMarks: 20, mark: 'absent' },
        ],
      },
      null,
    );
    expect(r.monthlyClassTestAverage).toBe(7);
    expect(r.maximum).toBe(20);
    expect(r.percentage).toBe(35);
    expect(r).toMatchObject({ grade: 'D', gradePoint: 1 });
  });

  it('bands every boundary of docs/DOMAIN.md', () => {
    const cases: [number, string, number][] = [
      [100, 'A+', 5],
      [80, 'A+', 5],
      [79.49, 'A', 4],
      [70, 'A', 4],
      [69.5, 'A', 4],
      [60, 'A-', 3.5],
      [59, 'B', 3],
      [50, 'B', 3],
      [49, 'C', 2],
      [40, 'C', 2],
      [39, 'D', 1],
      [32.5, 'D', 1],
      [32.49, 'F', 0],
      [0, 'F', 0],
    ];
    for (const [pct, grade, gradePoint] of cases) expect(band(pct), String(pct)).toEqual({ grade, gradePoint });
    expect([5, 4.5, 4, 3.6, 3.5, 3, 2.2, 2, 1, 0.5].map(letterOfGpa)).toEqual([
      'A+',
      'A',
      'A',
      'A-',
      'A-',
      'B',
      'C',
      'C',
      'D',
      'F',
    ]);
  });
});

describe('the yearly block', () => {
  it('GPA is the compulsory subjects’ average grade point', () => {
    const y = yearResult([subjectAt(1, 85), subjectAt(2, 72), subjectAt(3, 65)], null);
    expect(y.totalMarks).toBe(222);
    expect(y.totalGradePoint).toBe(12.5);
    expect(y.gpa).toBe(4.17); // 12.5 / 3
    expect(y.grade).toBe('A');
    expect(y.subjects.every((s) => !s.isFourthSubject)).toBe(true);
  });

  it('a 4th subject below 2.00 adds nothing, and its F fails nothing', () => {
    const compulsory = [subjectAt(1, 85), subjectAt(2, 72), subjectAt(3, 75)]; // 5 + 4 + 4
    const d = yearResult([...compulsory, subjectAt(4, 35, true)], null);
    expect(d.subjects[3]).toMatchObject({ isFourthSubject: true, grade: 'D', gradePoint: 1 });
    expect(d.totalGradePoint).toBe(13);
    expect(d.gpa).toBe(4.33);
    const f = yearResult([...compulsory, subjectAt(4, 10, true)], null);
    expect(f.failed).toBe(false);
    expect(f.gpa).toBe(4.33);
    expect(f.grade).toBe('A');
  });

  it('a 4th subject adds its points above 2.00, and the GPA is capped at 5.00', () => {
    const b = yearResult([subjectAt(1, 85), subjectAt(2, 72), subjectAt(3, 75), subjectAt(4, 55, true)], null);
    expect(b.totalGradePoint).toBe(14); // 13 + (3 - 2)
    expect(b.gpa).toBe(4.67);
    const top = yearResult([subjectAt(1, 90), subjectAt(2, 95), subjectAt(3, 81), subjectAt(4, 99, true)], null);
    expect(top.totalGradePoint).toBe(18);
    expect(top.gpa).toBe(5);
    expect(top.grade).toBe('A+');
  });

  it('the best optional subject is the 4th; another optional one counts as compulsory', () => {
    const y = yearResult([subjectAt(1, 85), subjectAt(2, 45, true), subjectAt(3, 82, true)], null);
    expect(y.subjects.map((s) => s.isFourthSubject)).toEqual([false, false, true]);
    expect(y.totalGradePoint).toBe(10); // 5 + 2 + (5 - 2)
    expect(y.gpa).toBe(5);
  });

  it('a registered 4th subject is the 4th even when another optional subject scored better', () => {
    // Compulsory A (4), optional D (1) and A+ (5).
    const inputs = [subjectAt(1, 75), subjectAt(2, 35, true), subjectAt(3, 85, true)];
    const best = yearResult(inputs, null);
    expect(best.subjects.map((s) => s.isFourthSubject)).toEqual([false, false, true]);
    expect(best.gpa).toBe(4); // (4 + 1 + (5 - 2)) / 2
    const registered = yearResult(inputs, null, 2);
    expect(registered.subjects.map((s) => s.isFourthSubject)).toEqual([false, true, false]);
    expect(registered.totalGradePoint).toBe(9); // 4 + 5 + nothing for the D
    expect(registered.gpa).toBe(4.5);
    // A registered 4th subject with an F fails nothing; taken as compulsory, it would fail the year.
    const failing = [subjectAt(1, 75), subjectAt(2, 20, true), subjectAt(3, 85, true)];
    expect(yearResult(failing, null).failed).toBe(true);
    expect(yearResult(failing, null, 2)).toMatchObject({ failed: false, gpa: 4.5 });
    // A registered 4th subject the sheet does not have: the best optional one, as before.
    expect(yearResult(inputs, null, 99).gpa).toBe(4);
  });

  it('an F in a compulsory subject fails the year: GPA 0.00, grade F', () => {
    const y = yearResult([subjectAt(1, 95), subjectAt(2, 90), subjectAt(3, 32), subjectAt(4, 90, true)], null);
    expect(y.subjects[2]).toMatchObject({ grade: 'F', gradePoint: 0 });
    expect(y.failed).toBe(true);
    expect(y.gpa).toBe(0);
    expect(y.grade).toBe('F');
    expect(y.totalMarks).toBe(307);
  });
});

describe('position in section', () => {
  it('ranks by GPA, then total marks; ties share a position and the next skips', () => {
    const ranked = positions([
      { key: 'a', gpa: 4.5, totalMarks: 600 },
      { key: 'b', gpa: 5, totalMarks: 580 },
      { key: 'c', gpa: 4.5, totalMarks: 640 },
      { key: 'd', gpa: 4.5, totalMarks: 600 },
      { key: 'e', gpa: 0, totalMarks: 700 },
      { key: 'f', gpa: 3, totalMarks: 500 },
    ]);
    expect(Object.fromEntries(ranked)).toEqual({ b: 1, c: 2, a: 3, d: 3, f: 5, e: 6 });
  });
});

describe('attendance of 0% is not "no attendance taken"', () => {
  // Class tests 15 and 15 of 20 (15 of 20), half-yearly and final 40 + 40 of 50 each ((56 + 56) / 2
  // = 56 of 70), extra-curricular 10 of 10 (5 of 5): 76 marks before attendance.
  const marks = { ct: [15, 15], halfSub: 40, halfMcq: 40, finalSub: 40, finalMcq: 40, extra: 10 };

  it('a student with attendance taken and absent every period gets 0 of its 5 marks, and 5 stay in the maximum', () => {
    expect(subjectResult(usualSubject(marks), 0)).toMatchObject({
      attendanceMarks: 0,
      total: 76,
      maximum: 100,
      percentage: 76,
      grade: 'A',
      gradePoint: 4,
    });
    expect(yearResult([usualSubject(marks)], 0)).toMatchObject({ totalMarks: 76, gpa: 4, grade: 'A' });
  });

  it('a section with no attendance taken leaves attendance out of the maximum', () => {
    expect(subjectResult(usualSubject(marks), null)).toMatchObject({
      attendanceMarks: 0,
      total: 76,
      maximum: 95,
      percentage: 80,
      grade: 'A+',
      gradePoint: 5,
    });
    expect(yearResult([usualSubject(marks)], null)).toMatchObject({ totalMarks: 76, gpa: 5, grade: 'A+' });
  });
});
