/**
 * The subject activities' rules (server/services/subject-activity-rules.ts) and what they make of
 * the grade sheet's Extra Curriculum (server/services/grades.ts), each from a worked example with
 * the figures written out (docs/DOMAIN.md, "Exams and grades"). No database.
 */
import { subjectResult, yearResult, type SubjectInput } from '@server/services/grades';
import {
  activityState,
  extraCurriculumRate,
  ratesBySubject,
  subjectActivityRate,
} from '@server/services/subject-activity-rules';

describe('the answer window', () => {
  // 2026-11-25 10:00 and 12:00 in Dhaka (04:00 and 06:00 UTC).
  const start = Date.parse('2026-11-25T04:00:00Z');
  const due = Date.parse('2026-11-25T06:00:00Z');

  it('is upcoming before its start, open from start to due (both included), closed after', () => {
    expect(activityState(Date.parse('2026-11-25T03:59:59Z'), start, due)).toBe('upcoming');
    expect(activityState(Date.parse('2026-11-25T04:00:00Z'), start, due)).toBe('open');
    expect(activityState(Date.parse('2026-11-25T05:00:00Z'), start, due)).toBe('open');
    expect(activityState(Date.parse('2026-11-25T06:00:00Z'), start, due)).toBe('open');
    expect(activityState(Date.parse('2026-11-25T06:00:01Z'), start, due)).toBe('closed');
  });
});

describe('a subject’s activity rate', () => {
  it('is the mean of mark / full mark, each activity weighing the same', () => {
    // 8 of 10 and 12 of 20: (0.8 + 0.6) / 2 = 0.7, not (8 + 12) / 30 = 0.667
    expect(
      subjectActivityRate([
        { mark: 8, fullMark: 10 },
        { mark: 12, fullMark: 20 },
      ]),
    ).toBe(0.7);
    expect(subjectActivityRate([{ mark: 7, fullMark: 10 }])).toBe(0.7);
    expect(subjectActivityRate([{ mark: 0, fullMark: 25 }])).toBe(0);
  });

  it('counts a mark above the full mark as the full mark, and has none without a marked answer', () => {
    expect(subjectActivityRate([{ mark: 12, fullMark: 10 }])).toBe(1);
    expect(subjectActivityRate([])).toBeNull();
  });

  it('falls back to the clubs and sports rate only when the subject has no marked activity', () => {
    expect(extraCurriculumRate(0.7, 0.9)).toBe(0.7);
    expect(extraCurriculumRate(0, 0.9)).toBe(0);
    expect(extraCurriculumRate(null, 0.9)).toBe(0.9);
    expect(extraCurriculumRate(null, null)).toBeNull();
  });

  it('groups a section’s marked answers by enrolment and subject', () => {
    const rates = ratesBySubject([
      { enrolmentId: 1, subjectId: 10, mark: 8, fullMark: 10 },
      { enrolmentId: 1, subjectId: 10, mark: 12, fullMark: 20 },
      { enrolmentId: 1, subjectId: 11, mark: 9, fullMark: 10 },
      { enrolmentId: 2, subjectId: 10, mark: 15, fullMark: 20 },
    ]);
    expect([...rates.entries()].map(([e, m]) => [e, [...m.entries()]])).toEqual([
      [
        1,
        [
          [10, 0.7],
          [11, 0.9],
        ],
      ],
      [2, [[10, 0.75]]],
    ]);
  });
});

describe('on the grade sheet', () => {
  /** Class tests 14 of 20, half-yearly and final 52.5 of 70: 66.5 before attendance and extra. */
  const physics = (subjectId: number): SubjectInput => ({
    subjectId,
    subjectName: `Subject ${subjectId}`,
    optional: false,
    exams: [
      { kind: 'class_test', fullMarks: 20, convertedMarks: 20, mark: 14 },
      { kind: 'half_yearly_sub', fullMarks: 50, convertedMarks: 35, mark: 40 },
      { kind: 'half_yearly_mcq', fullMarks: 50, convertedMarks: 35, mark: 30 },
      { kind: 'final_sub', fullMarks: 50, convertedMarks: 35, mark: 45 },
      { kind: 'final_mcq', fullMarks: 50, convertedMarks: 35, mark: 35 },
    ],
  });

  it('a subject with marked activities: 5 × its rate; the others: 5 × the clubs rate', () => {
    // Subject 1's activities 8/10 and 12/20: 5 × 0.7 = 3.5; subject 2 has none: clubs 0.9 → 4.5.
    const r = yearResult([physics(1), physics(2)], 1, null, 0.9, new Map([[1, 0.7]]));
    expect(r.subjects.map((s) => [s.subjectId, s.extraCurriculum, s.total, s.maximum])).toEqual([
      [1, 3.5, 75, 100], // 14 + 52.5 + 5 + 3.5
      [2, 4.5, 76, 100], // 14 + 52.5 + 5 + 4.5
    ]);
    expect(r.totalMarks).toBe(151);
  });

  it('rounds the part to two decimals: 5 × 0.775 (8/10 and 15/20) is 3.88', () => {
    const rate = subjectActivityRate([
      { mark: 8, fullMark: 10 },
      { mark: 15, fullMark: 20 },
    ]);
    expect(subjectResult(physics(1), 1, rate).extraCurriculum).toBe(3.88);
  });

  it('without marked activities and without clubs the part leaves the maximum (95), as before', () => {
    const r = yearResult([physics(1)], 1, null, null, new Map());
    expect(r.subjects[0]).toMatchObject({ extraCurriculum: 0, total: 71.5, maximum: 95, percentage: 75.26 });
  });

  it('a marked 0 is a 0 of 5, not an absent part: the maximum stays 100', () => {
    const r = yearResult([physics(1)], 1, null, null, new Map([[1, 0]]));
    expect(r.subjects[0]).toMatchObject({ extraCurriculum: 0, total: 71.5, maximum: 100, percentage: 71.5 });
  });
});
