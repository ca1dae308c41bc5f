/**
 * Extra-curricular activities (routes/activities.ts): a session's activities and their teacher in
 * charge, participation and marks, and a student's own. Who may record is the route's scope call
 * (server/auth/scope.ts: the school admin, or the teacher in charge).
 *
 * Activities' part in the grade sheet: the Extra Curriculum 5% of a student is 5 × the average of
 * their marked activities' marks / full marks in the session (services/grades.ts writes the rule
 * down). Enrolments belong to one session, so an enrolment's activities are that session's.
 * Published results lock marks: activity marks make the grade sheet's 5% too.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ACTIVITY_FIELD_MESSAGES,
  ACTIVITY_MESSAGES,
  ACTIVITY_SUCCESS_CODES,
  type activityBody,
  type activityListQuery,
  type ActivityKind,
  type myActivitiesQuery,
  type participantsBody,
} from '@/api/schemas/activities';
import type { Db, DbOrTx } from '../db/client';
import { preparedFor } from '../db/prepared';
import {
  academicSessions,
  activities,
  activityParticipants,
  classes,
  enrolments,
  sections,
  students,
  teachers,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { lockedError, publicationOf } from './exams';
import { EXTRA_CURRICULUM_WEIGHT, round2 } from './grades';
import { studentFullName, teacherFullName } from './names';
import { pgErrorOf } from '../db/pg-error';
import { schoolClock, sessionIdForDate } from './school-time';

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

// ---------------------------------------------------------------- the routes' calls

/** An activity's record, for its school and who is in charge (404 for none). */
export async function activityRecord(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: activities.id,
      schoolId: activities.schoolId,
      sessionId: activities.sessionId,
      teacherId: activities.teacherId,
      fullMarks: activities.fullMarks,
    })
    .from(activities)
    .where(eq(activities.id, id));
  if (!row) throw notFound('Activity');
  return row;
}
export type ActivityRecord = Awaited<ReturnType<typeof activityRecord>>;

const isDuplicate = (e: unknown) => pgErrorOf(e)?.code === '23505';

/** The teacher named in charge must be of the school (400); none named is none. */
async function checkTeacher(db: DbOrTx, schoolId: number, teacherId: number | undefined) {
  if (!teacherId) return null;
  const [t] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(and(eq(teachers.id, teacherId), eq(teachers.schoolId, schoolId)));
  if (!t) throw badRequest('teacher_id', ACTIVITY_FIELD_MESSAGES.noTeacher);
  return teacherId;
}

async function checkSession(db: DbOrTx, sessionId: number) {
  const [s] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  if (!s) throw badRequest('session_id', ACTIVITY_FIELD_MESSAGES.noSession);
}

/**
 * A school's activities in a session (named, else the current one; none: an empty page), by name,
 * with how many take part and are marked. `can_record`: the caller records at all (`records`, the
 * permission table) and the activity is theirs to record (`mine`: a teacher's own record, whose
 * activities in their charge; null for the school admin, every one of the school's).
 */
export async function activitiesPage(
  db: DbOrTx,
  schoolId: number,
  q: z.output<typeof activityListQuery>,
  records: boolean,
  mine: () => Promise<{ id: number } | null>,
) {
  const { today } = await schoolClock(db, schoolId);
  const sessionId = q.session_id ?? (await sessionIdForDate(db, today));
  if (!sessionId) return { rows: [], total: 0, limit: q.limit, offset: q.offset };
  const me = await mine();
  const cond = and(eq(activities.schoolId, schoolId), eq(activities.sessionId, sessionId));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: activities.id,
        session_id: activities.sessionId,
        session_year: academicSessions.sessionYear,
        name: activities.name,
        kind: sql<ActivityKind>`${activities.kind}`,
        teacher_id: activities.teacherId,
        teacher_name: sql<string | null>`case when ${teachers.id} is null then null else ${teacherFullName()} end`,
        full_marks: activities.fullMarks,
        description: activities.description,
        participants: sql<number>`(select count(*)::int from ${activityParticipants} p where p.activity_id = ${activities.id})`,
        marked: sql<number>`(select count(*)::int from ${activityParticipants} p where p.activity_id = ${activities.id} and p.marks is not null)`,
      })
      .from(activities)
      .innerJoin(academicSessions, eq(academicSessions.id, activities.sessionId))
      .leftJoin(teachers, eq(teachers.id, activities.teacherId))
      .where(cond)
      .orderBy(asc(activities.name), asc(activities.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activities)
      .where(cond),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, can_record: records && (me === null || r.teacher_id === me.id) })),
    total,
    limit: q.limit,
    offset: q.offset,
  };
}

/** Add an activity to a session of the school; a second of the same name is 409 naming `name`. */
export async function addActivity(db: DbOrTx, schoolId: number, b: z.output<typeof activityBody>) {
  await checkSession(db, b.session_id);
  const teacherId = await checkTeacher(db, schoolId, b.teacher_id);
  try {
    const [row] = await db
      .insert(activities)
      .values({
        schoolId,
        sessionId: b.session_id,
        name: b.name,
        kind: b.kind,
        teacherId,
        fullMarks: b.full_marks,
        description: b.description,
      })
      .returning({ id: activities.id });
    return {
      ok: true as const,
      id: row.id,
      code: ACTIVITY_SUCCESS_CODES.created,
      message: ACTIVITY_MESSAGES.created,
    };
  } catch (e) {
    if (isDuplicate(e)) throw conflict(ACTIVITY_FIELD_MESSAGES.duplicate, 'name');
    throw e;
  }
}

/**
 * Edit an activity of the school (a school_info_id naming another is 400): full marks not below
 * marks already given, the session unchanged once students take part; in one transaction.
 */
export async function editActivity(db: Db, schoolId: number, rec: ActivityRecord, b: z.output<typeof activityBody>) {
  if (b.school_info_id && b.school_info_id !== schoolId) throw badRequest('school_info_id', 'That is another school.');
  await checkSession(db, b.session_id);
  const teacherId = await checkTeacher(db, schoolId, b.teacher_id);
  try {
    await db.transaction(async (tx) => {
      const [top] = await tx
        .select({ max: sql<string | null>`max(${activityParticipants.marks})` })
        .from(activityParticipants)
        .where(eq(activityParticipants.activityId, rec.id));
      if (top.max !== null && Number(top.max) > b.full_marks)
        throw badRequest('full_marks', ACTIVITY_FIELD_MESSAGES.hasMarks);
      if (b.session_id !== rec.sessionId) {
        const [any] = await tx
          .select({ id: activityParticipants.id })
          .from(activityParticipants)
          .where(eq(activityParticipants.activityId, rec.id))
          .limit(1);
        if (any) throw badRequest('session_id', 'Students already take part: the session cannot change.');
      }
      await tx
        .update(activities)
        .set({
          sessionId: b.session_id,
          name: b.name,
          kind: b.kind,
          teacherId,
          fullMarks: b.full_marks,
          description: b.description,
        })
        .where(eq(activities.id, rec.id));
    });
  } catch (e) {
    if (isDuplicate(e)) throw conflict(ACTIVITY_FIELD_MESSAGES.duplicate, 'name');
    throw e;
  }
  return {
    ok: true as const,
    id: rec.id,
    code: ACTIVITY_SUCCESS_CODES.updated,
    message: ACTIVITY_MESSAGES.updated,
  };
}

/** Delete an activity; its participants go with it (on delete cascade), in the one statement. */
export async function deleteActivity(db: DbOrTx, rec: ActivityRecord) {
  await db.delete(activities).where(eq(activities.id, rec.id));
  return {
    ok: true as const,
    id: rec.id,
    code: ACTIVITY_SUCCESS_CODES.deleted,
    message: ACTIVITY_MESSAGES.deleted,
  };
}

/** An activity's participants by class, section and roll, paged, with their role and marks. */
export async function participantsPage(db: DbOrTx, rec: ActivityRecord, q: { limit: number; offset: number }) {
  const cond = eq(activityParticipants.activityId, rec.id);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        student_id: students.id,
        student_code: students.studentCode,
        name: studentFullName(),
        class_name: classes.className,
        section_default_name: sections.sectionDefaultName,
        class_roll_no: enrolments.classRollNo,
        role: activityParticipants.role,
        marks: sql<number | null>`${activityParticipants.marks}::float8`,
      })
      .from(activityParticipants)
      .innerJoin(enrolments, eq(enrolments.id, activityParticipants.enrolmentId))
      .innerJoin(students, eq(students.id, enrolments.studentId))
      .innerJoin(classes, eq(classes.id, enrolments.classId))
      .innerJoin(sections, eq(sections.id, enrolments.sectionId))
      .where(cond)
      .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName), asc(enrolments.classRollNo))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(activityParticipants)
      .where(cond),
  ]);
  return { rows, total, limit: q.limit, offset: q.offset };
}

/**
 * Add or update participants (role and marks, at most the full marks) and take the `remove`
 * students off, in one transaction; each must be enrolled in the activity's school and session.
 * Published results lock marks (409).
 */
export async function saveParticipants(db: Db, rec: ActivityRecord, body: z.output<typeof participantsBody>) {
  if ((await publicationOf(db, rec.schoolId, rec.sessionId)).locked) throw lockedError();
  const { participants, remove } = body;
  participants.forEach((p, i) => {
    if (p.marks !== null && p.marks > rec.fullMarks) {
      throw badRequest(`participants.${i}.marks`, ACTIVITY_FIELD_MESSAGES.overFull);
    }
  });
  const ids = [...new Set([...participants.map((p) => p.student_id), ...remove])];
  const enrolled = ids.length
    ? await db
        .select({ id: enrolments.id, studentId: enrolments.studentId })
        .from(enrolments)
        .where(
          and(
            eq(enrolments.schoolId, rec.schoolId),
            eq(enrolments.sessionId, rec.sessionId),
            inArray(enrolments.studentId, ids),
          ),
        )
    : [];
  const enrolmentOf = new Map(enrolled.map((e) => [e.studentId, e.id]));
  participants.forEach((p, i) => {
    if (!enrolmentOf.has(p.student_id))
      throw badRequest(`participants.${i}.student_id`, ACTIVITY_FIELD_MESSAGES.notEnrolled);
  });
  await db.transaction(async (tx) => {
    if (participants.length) {
      await tx
        .insert(activityParticipants)
        .values(
          participants.map((p) => ({
            schoolId: rec.schoolId,
            activityId: rec.id,
            enrolmentId: enrolmentOf.get(p.student_id)!,
            role: p.role,
            marks: p.marks === null ? null : p.marks.toFixed(2),
          })),
        )
        .onConflictDoUpdate({
          target: [activityParticipants.activityId, activityParticipants.enrolmentId, activityParticipants.schoolId],
          set: { role: sql`excluded.role`, marks: sql`excluded.marks`, updatedAt: sql`now()` },
        });
    }
    const gone = remove.map((s) => enrolmentOf.get(s)).filter((e): e is number => e !== undefined);
    if (gone.length) {
      await tx
        .delete(activityParticipants)
        .where(and(eq(activityParticipants.activityId, rec.id), inArray(activityParticipants.enrolmentId, gone)));
    }
  });
  const saved = participants.length > 0 || remove.length === 0;
  return {
    ok: true as const,
    id: rec.id,
    code: saved ? ACTIVITY_SUCCESS_CODES.participantsSaved : ACTIVITY_SUCCESS_CODES.participantsRemoved,
    message: saved ? ACTIVITY_MESSAGES.participantsSaved : ACTIVITY_MESSAGES.participantsRemoved,
  };
}

/** A student's activities (a hot read: the dashboard's): prepared once, planned once per connection. */
const myStatements = preparedFor((db: Db) => ({
  // The enrolment of the asked session (only), else of the current one, else the latest.
  enrolment: db
    .select({ id: enrolments.id, sessionId: enrolments.sessionId, sessionYear: academicSessions.sessionYear })
    .from(enrolments)
    .innerJoin(academicSessions, eq(academicSessions.id, enrolments.sessionId))
    .where(
      and(
        eq(enrolments.studentId, sql.placeholder('studentId')),
        sql`(${sql.placeholder('only')}::int is null or ${enrolments.sessionId} = ${sql.placeholder('only')}::int)`,
      ),
    )
    .orderBy(
      sql`(${enrolments.sessionId} = ${sql.placeholder('current')}::int) desc`,
      desc(academicSessions.sessionYear),
    )
    .limit(1)
    .prepare('activities_my_enrolment'),
  activities: db
    .select({
      id: activities.id,
      name: activities.name,
      kind: sql<ActivityKind>`${activities.kind}`,
      teacher_name: sql<string | null>`case when ${teachers.id} is null then null else ${teacherFullName()} end`,
      full_marks: activities.fullMarks,
      role: activityParticipants.role,
      marks: sql<number | null>`${activityParticipants.marks}::float8`,
    })
    .from(activityParticipants)
    .innerJoin(activities, eq(activities.id, activityParticipants.activityId))
    .leftJoin(teachers, eq(teachers.id, activities.teacherId))
    .where(eq(activityParticipants.enrolmentId, sql.placeholder('enrolmentId')))
    .orderBy(asc(activities.name))
    .prepare('activities_mine'),
}));

/**
 * A student's own activities in a session (named only, else the current one, else their latest
 * enrolment's), with their role, marks and the Extra Curriculum part (out of 5) they make.
 */
export async function studentActivities(
  db: Db,
  student: { id: number; schoolId: number },
  q: z.output<typeof myActivitiesQuery>,
) {
  const statements = myStatements(db);
  const { today } = await schoolClock(db, student.schoolId);
  const current = q.session_id ?? (await sessionIdForDate(db, today));
  const [enrolment] = await statements.enrolment.execute({
    studentId: student.id,
    current: current ?? 0,
    only: q.session_id && current ? current : null,
  });
  if (!enrolment) return { session_id: null, session_year: null, rows: [], extra_curriculum: null };
  const rows = await statements.activities.execute({ enrolmentId: enrolment.id });
  const marked = rows.filter((r) => r.marks !== null);
  const rate = marked.length ? marked.reduce((a, r) => a + r.marks! / r.full_marks, 0) / marked.length : null;
  return {
    session_id: enrolment.sessionId,
    session_year: enrolment.sessionYear,
    rows,
    extra_curriculum: rate === null ? null : round2(Math.min(1, rate) * EXTRA_CURRICULUM_WEIGHT),
  };
}
