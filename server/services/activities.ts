/**
 * Activities' part in the grade sheet: the Extra Curriculum 5% of a student is 5 × the average of
 * their marked activities' marks / full marks in the session (services/grades.ts writes the rule
 * down). Enrolments belong to one session, so an enrolment's activities are that session's.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { activities, activityParticipants } from '../db/schema';

/** Enrolment id -> average of marks / full marks over its marked activities (absent: none marked). */
export async function activityRates(db: DbOrTx, enrolmentIds: number[]): Promise<Map<number, number>> {
  if (!enrolmentIds.length) return new Map();
  const rows = await db
    .select({
      enrolmentId: activityParticipants.enrolmentId,
      rate: sql<string>`avg(${activityParticipants.marks} / ${activities.fullMarks})`,
    })
    .from(activityParticipants)
    .innerJoin(activities, eq(activities.id, activityParticipants.activityId))
    .where(
      sql`${inArray(activityParticipants.enrolmentId, enrolmentIds)} and ${activityParticipants.marks} is not null`,
    )
    .groupBy(activityParticipants.enrolmentId);
  return new Map(rows.map((r) => [r.enrolmentId, Math.min(1, Number(r.rate))]));
}
