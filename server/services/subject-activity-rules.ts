/**
 * The subject activities' rules, pure (no database, no clock of their own): when an activity
 * takes answers, and what its marks make of a subject's Extra Curriculum (5%) on the grade sheet.
 * docs/DOMAIN.md, "Exams and grades", is the rule book; tests/server/subject-activity-rules.test.ts
 * checks each with hand-computed numbers.
 */

export type ActivityState = 'upcoming' | 'open' | 'closed';

/**
 * Where `now` (epoch ms, the server's clock) stands against an activity's window: before its start
 * time it is upcoming, from its start time to its due time (both included) open, after it closed.
 */
export function activityState(now: number, startsAt: number, dueAt: number): ActivityState {
  if (now < startsAt) return 'upcoming';
  if (now > dueAt) return 'closed';
  return 'open';
}

/** One marked answer: its mark out of the activity's full mark. */
export interface MarkedAnswer {
  mark: number;
  fullMark: number;
}

/**
 * A student's activity rate in one subject and session: the mean of their marked answers'
 * fractions (mark / full mark, each at most 1), every activity weighing the same whatever its full
 * mark. Null when none is marked: answers not yet marked and activities not answered count for
 * nothing (they are not a 0).
 */
export function subjectActivityRate(answers: readonly MarkedAnswer[]): number | null {
  const counted = answers.filter((a) => a.fullMark > 0);
  if (!counted.length) return null;
  let sum = 0;
  for (const a of counted) sum += Math.min(1, Math.max(0, a.mark / a.fullMark));
  return sum / counted.length;
}

/**
 * The rate a subject's Extra Curriculum is made of: the subject's own activity rate when the
 * student has a marked subject activity in it; otherwise the school's clubs and sports rate (the
 * same for every subject, services/activities.ts); null when neither (the part is then left out of
 * the subject's maximum, or its older "Extra Curricular" exam counts: services/grades.ts).
 */
export function extraCurriculumRate(subjectRate: number | null, clubsRate: number | null): number | null {
  return subjectRate ?? clubsRate;
}

/**
 * Each enrolment's subject activity rates from its marked answers (the rows services/
 * subject-activities.ts reads for a section's grade sheets): enrolment -> subject -> rate.
 */
export function ratesBySubject(
  rows: readonly { enrolmentId: number; subjectId: number; mark: number; fullMark: number }[],
): Map<number, Map<number, number>> {
  const grouped = new Map<number, Map<number, MarkedAnswer[]>>();
  for (const r of rows) {
    let bySubject = grouped.get(r.enrolmentId);
    if (!bySubject) grouped.set(r.enrolmentId, (bySubject = new Map()));
    let list = bySubject.get(r.subjectId);
    if (!list) bySubject.set(r.subjectId, (list = []));
    list.push({ mark: r.mark, fullMark: r.fullMark });
  }
  const out = new Map<number, Map<number, number>>();
  for (const [enrolmentId, bySubject] of grouped) {
    const rates = new Map<number, number>();
    for (const [subjectId, answers] of bySubject) {
      const rate = subjectActivityRate(answers);
      if (rate !== null) rates.set(subjectId, rate);
    }
    out.set(enrolmentId, rates);
  }
  return out;
}
