/**
 * Demo eSchool and activities, current session only (the previous, published session's
 * grade sheets stay as they were): for every section, online classes of two of its routine's
 * subjects this week (one ended yesterday, the others upcoming at 16:00 school time), and per school
 * three activities (a club in teacher1's charge in school 1, a sport, a competition) with the first
 * rolls of every section taking part, most of them marked. Set-based inserts: no query per row.
 */
import type { DateTime } from 'luxon';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../client';
import {
  academicSessions,
  activities,
  activityParticipants,
  enrolments,
  onlineClasses,
  routines,
  schools,
  teachers,
  users,
} from '../schema';

const ACTIVITIES = [
  { name: 'Debate Club', kind: 'club', fullMarks: 20, description: 'Weekly debates in English and Bangla.' },
  { name: 'Football Team', kind: 'sport', fullMarks: 10, description: 'Inter-house football.' },
  { name: 'Science Fair', kind: 'competition', fullMarks: 100, description: 'Projects judged in November.' },
] as const;

export async function seedEschool(tx: Tx, today: DateTime): Promise<Record<string, number>> {
  const [session] = await tx
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.sessionYear, String(today.year)));
  if (!session) return { onlineClasses: 0, activities: 0, activityParticipants: 0 };

  const taught = await tx
    .selectDistinct({
      schoolId: routines.schoolId,
      classId: routines.classId,
      sectionId: routines.sectionId,
      subjectId: routines.subjectId,
      teacherId: routines.teacherId,
    })
    .from(routines)
    .where(eq(routines.sessionId, session.id))
    .orderBy(routines.sectionId, routines.subjectId, routines.teacherId);
  const perSection = new Map<number, typeof taught>();
  for (const r of taught) {
    const list = perSection.get(r.sectionId) ?? [];
    if (list.length < 2 && !list.some((x) => x.subjectId === r.subjectId)) list.push(r);
    perSection.set(r.sectionId, list);
  }
  const zone = await tx.select({ id: schools.id, tz: schools.timeZone }).from(schools);
  const tzOf = new Map(zone.map((z) => [z.id, z.tz]));
  const classes: (typeof onlineClasses.$inferInsert)[] = [];
  for (const [sectionId, list] of perSection) {
    list.forEach((r, i) => {
      const at = (days: number, hour: number) =>
        today
          .setZone(tzOf.get(r.schoolId) ?? 'Asia/Dhaka')
          .startOf('day')
          .plus({ days })
          .set({ hour })
          .toJSDate();
      const base = {
        schoolId: r.schoolId,
        sessionId: session.id,
        classId: r.classId,
        sectionId,
        subjectId: r.subjectId,
        teacherId: r.teacherId,
        durationMinutes: 40,
        meetingUrl: `https://meet.jit.si/pathshala-${sectionId}-${r.subjectId}`,
      };
      if (i === 0) classes.push({ ...base, topic: 'Revision of last week', startsAt: at(-1, 16) });
      classes.push({ ...base, topic: i === 0 ? 'Doubts and answers' : 'Chapter review', startsAt: at(i + 1, 16) });
    });
  }
  if (classes.length) await tx.insert(onlineClasses).values(classes);

  // teacher1 is in charge of school 1's debate club (the demo's recording teacher).
  const [t1] = await tx
    .select({ id: teachers.id, schoolId: teachers.schoolId })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(eq(users.userCode, 'teacher1'));
  const schoolIds = [...new Set(taught.map((r) => r.schoolId))].sort((a, b) => a - b);
  const acts = await tx
    .insert(activities)
    .values(
      schoolIds.flatMap((schoolId) =>
        ACTIVITIES.map((a, i) => ({
          schoolId,
          sessionId: session.id,
          name: a.name,
          kind: a.kind,
          fullMarks: a.fullMarks,
          description: a.description,
          teacherId:
            i === 0 && t1?.schoolId === schoolId
              ? t1.id
              : (taught.find((r) => r.schoolId === schoolId)?.teacherId ?? null),
        })),
      ),
    )
    .returning({
      id: activities.id,
      schoolId: activities.schoolId,
      name: activities.name,
      fullMarks: activities.fullMarks,
    });

  // The first rolls of each section: 1-2 debate, 3-4 football, 1 and 5 science fair; the last of each unmarked.
  const pupils = await tx
    .select({ id: enrolments.id, schoolId: enrolments.schoolId, roll: enrolments.classRollNo })
    .from(enrolments)
    .where(and(eq(enrolments.sessionId, session.id), sql`${enrolments.classRollNo} <= 5`))
    .orderBy(asc(enrolments.id));
  const rolls: Record<string, number[]> = { 'Debate Club': [1, 2], 'Football Team': [3, 4], 'Science Fair': [1, 5] };
  const roles: Record<string, string> = {
    'Debate Club': 'Speaker',
    'Football Team': 'Player',
    'Science Fair': 'Team member',
  };
  const participants = acts.flatMap((a) =>
    pupils
      .filter((p) => p.schoolId === a.schoolId && rolls[a.name].includes(p.roll))
      .map((p) => {
        const last = p.roll === rolls[a.name][1];
        // deterministic marks from 60% to 95% of the full marks
        const share = 0.6 + ((p.id * 7) % 8) * 0.05;
        return {
          schoolId: a.schoolId,
          activityId: a.id,
          enrolmentId: p.id,
          role: roles[a.name],
          marks: last && a.name === 'Science Fair' ? null : (Math.round(a.fullMarks * share * 2) / 2).toFixed(2),
        };
      }),
  );
  if (participants.length) await tx.insert(activityParticipants).values(participants);
  return { onlineClasses: classes.length, activities: acts.length, activityParticipants: participants.length };
}
