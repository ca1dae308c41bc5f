/**
 * Substitutes (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): for a date, the periods
 * whose teacher is away (approved leave, or marked absent), each with the teachers free then (on
 * the books, not away, no period of their own or substitution at an overlapping time that day;
 * those who teach the period's subject first), and the admin's assignment of one. A substitution
 * is for that date only: the routine stays. The substitute takes the period's attendance that day
 * and the routine's own teacher does not (`substituteOf`, asked by server/auth/scope.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { STAFF_SUCCESS_CODES, type SubstitutionNeeded } from '@/api/schemas/staff';
import type { DbOrTx } from '../db/client';
import { classes, periods, routines, sections, subjects, substitutions, teachers } from '../db/schema';
import { ApiError, badRequest, notFound } from '../errors';
import type { RoutineRef } from './attendance';
import { recordAudit } from './audit';
import { onTheBooks } from './leaving';
import { teacherFullName } from './names';
import { dayIdOf, schoolClock, sessionIdForDate } from './school-time';
import { closedOn, teachersAwayOn } from './staff';

/** The substitute assigned to a routine on a date, if any. */
export async function substituteOf(db: DbOrTx, routineId: number, date: string) {
  const [row] = await db
    .select({ id: substitutions.id, teacherId: substitutions.teacherId })
    .from(substitutions)
    .where(and(eq(substitutions.routineId, routineId), eq(substitutions.date, date)));
  return row;
}

interface DayPeriod {
  routineId: number;
  teacherId: number;
  subjectId: number;
  start: string;
  end: string;
  class_name: string;
  section_name: string;
  subject_name: string;
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  a.start < b.end && b.start < a.end;

/** The school's periods of a date's weekday in its session, with their times. */
async function dayPeriods(db: DbOrTx, schoolId: number, sessionId: number, date: string) {
  return db
    .select({
      routineId: routines.id,
      teacherId: routines.teacherId,
      subjectId: routines.subjectId,
      start: periods.startTime,
      end: periods.endTime,
      period_code: periods.periodCode,
      class_name: classes.className,
      section_name: sections.sectionDefaultName,
      subject_name: subjects.subjectName,
      initial: teachers.initial,
      full_name: teacherFullName(),
    })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(classes, eq(classes.id, routines.classId))
    .innerJoin(sections, eq(sections.id, routines.sectionId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .where(and(eq(routines.schoolId, schoolId), eq(routines.sessionId, sessionId), eq(routines.dayId, dayIdOf(date))))
    .orderBy(asc(periods.startTime), asc(classes.sortOrder), asc(sections.sectionDefaultName));
}

async function daySubstitutions(db: DbOrTx, schoolId: number, date: string) {
  return db
    .select({ routineId: substitutions.routineId, teacherId: substitutions.teacherId })
    .from(substitutions)
    .where(and(eq(substitutions.schoolId, schoolId), eq(substitutions.date, date)));
}

/** Whether `teacherId` is busy at `slot` that day: a period of their own, or another substitution. */
function busyAt(
  teacherId: number,
  slot: { routineId: number; start: string; end: string },
  day: DayPeriod[],
  subs: { routineId: number; teacherId: number }[],
) {
  const byRoutine = new Map(day.map((p) => [p.routineId, p]));
  const own = day.find((p) => p.teacherId === teacherId && overlaps(p, slot));
  if (own) return own;
  for (const s of subs) {
    if (s.teacherId !== teacherId || s.routineId === slot.routineId) continue;
    const p = byRoutine.get(s.routineId);
    if (p && overlaps(p, slot)) return p;
  }
  return undefined;
}

/** GET /api/substitution/needed: the periods of a date whose teacher is away, each with who is free. */
export async function neededOn(db: DbOrTx, schoolId: number, asked?: string): Promise<SubstitutionNeeded> {
  const date = asked ?? (await schoolClock(db, schoolId)).today;
  const sessionId = await sessionIdForDate(db, date);
  if (!sessionId || (await closedOn(db, schoolId, date))) return { date, school_day: false, rows: [] };
  const away = await teachersAwayOn(db, schoolId, date);
  if (!away.size) return { date, school_day: true, rows: [] };
  const [day, subs, staff, subjectTeachers] = await Promise.all([
    dayPeriods(db, schoolId, sessionId, date),
    daySubstitutions(db, schoolId, date),
    db
      .select({ id: teachers.id, initial: teachers.initial, full_name: teacherFullName() })
      .from(teachers)
      .where(and(eq(teachers.schoolId, schoolId), onTheBooks(teachers.leftOn, date)))
      .orderBy(asc(teachers.initial)),
    db
      .selectDistinct({ teacherId: routines.teacherId, subjectId: routines.subjectId })
      .from(routines)
      .where(and(eq(routines.schoolId, schoolId), eq(routines.sessionId, sessionId))),
  ]);
  const teaches = new Set(subjectTeachers.map((r) => `${r.teacherId}:${r.subjectId}`));
  const byId = new Map(staff.map((t) => [t.id, t]));
  const subOf = new Map(subs.map((s) => [s.routineId, s.teacherId]));
  const rows = day
    .filter((p) => away.has(p.teacherId))
    .map((p) => {
      const free = staff
        .filter((t) => t.id !== p.teacherId && !away.has(t.id) && !busyAt(t.id, p, day, subs))
        .map((t) => ({
          teacher_id: t.id,
          initial: t.initial,
          full_name: t.full_name,
          teaches_subject: teaches.has(`${t.id}:${p.subjectId}`),
        }))
        .sort((a, b) => Number(b.teaches_subject) - Number(a.teaches_subject) || a.initial.localeCompare(b.initial));
      const subId = subOf.get(p.routineId);
      const sub = subId ? byId.get(subId) : undefined;
      return {
        routine_id: p.routineId,
        date,
        class_name: p.class_name,
        section_name: p.section_name,
        subject_id: p.subjectId,
        subject_name: p.subject_name,
        period_code: p.period_code,
        start_time: p.start,
        end_time: p.end,
        teacher_id: p.teacherId,
        initial: p.initial,
        full_name: p.full_name,
        reason: away.get(p.teacherId)!,
        substitute: sub ? { teacher_id: sub.id, initial: sub.initial, full_name: sub.full_name } : null,
        free_teachers: free,
      };
    });
  return { date, school_day: true, rows };
}

const subError = (
  status: number,
  code:
    | 'substitution.clash'
    | 'substitution.teacher_away'
    | 'substitution.own_teacher'
    | 'substitution.wrong_day'
    | 'substitution.not_school_day'
    | 'substitution.teacher_left',
  field: string,
  message: string,
) => new ApiError(status, code, message, { [field]: message });

/**
 * POST /api/substitution: a teacher of the routine's school for the routine on a date of its
 * weekday in its session, when the school is open: not the routine's own teacher, on the books,
 * not away that day, and free at that time. A second assignment for the same period and date
 * replaces the first. Audited.
 */
export async function assignSubstitute(
  db: DbOrTx,
  routine: RoutineRef,
  date: string,
  teacherId: number,
  userId: number,
) {
  if (dayIdOf(date) !== routine.dayId) {
    throw subError(400, 'substitution.wrong_day', 'date', 'This class does not meet on that day of the week.');
  }
  if ((await sessionIdForDate(db, date)) !== routine.sessionId) {
    throw subError(400, 'substitution.wrong_day', 'date', 'That date is outside the routine’s session.');
  }
  if (await closedOn(db, routine.schoolId, date)) {
    throw subError(409, 'substitution.not_school_day', 'date', 'The school is closed that day.');
  }
  if (teacherId === routine.teacherId) {
    throw subError(409, 'substitution.own_teacher', 'teacher_id', 'That is the class’s own teacher.');
  }
  const [teacher] = await db
    .select({ id: teachers.id, userId: teachers.userId, leftOn: teachers.leftOn, schoolId: teachers.schoolId })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  if (!teacher) throw notFound('Teacher');
  if (teacher.schoolId !== routine.schoolId) throw badRequest('teacher_id', 'That teacher is not of this school.');
  if (teacher.leftOn && teacher.leftOn <= date) {
    throw subError(409, 'substitution.teacher_left', 'teacher_id', 'That teacher has left the school.');
  }
  const away = await teachersAwayOn(db, routine.schoolId, date);
  if (away.has(teacherId)) {
    throw subError(409, 'substitution.teacher_away', 'teacher_id', 'That teacher is away that day.');
  }
  return db.transaction(async (tx) => {
    // One assignment at a time per school and date: the clash check and the write see the same rows.
    await tx.execute(sql`select pg_advisory_xact_lock(7352, ${routine.schoolId})`);
    const day = await dayPeriods(tx, routine.schoolId, routine.sessionId, date);
    const subs = await daySubstitutions(tx, routine.schoolId, date);
    const slot = day.find((p) => p.routineId === routine.id);
    if (!slot) throw notFound('Routine');
    const clash = busyAt(teacherId, slot, day, subs);
    if (clash) {
      throw subError(
        409,
        'substitution.clash',
        'teacher_id',
        `That teacher has ${clash.class_name} ${clash.section_name} (${clash.subject_name}) at ${clash.start.slice(0, 5)}.`,
      );
    }
    const before = subs.find((s) => s.routineId === routine.id);
    const [row] = await tx
      .insert(substitutions)
      .values({ schoolId: routine.schoolId, routineId: routine.id, date, teacherId, assignedByUserId: userId })
      .onConflictDoUpdate({
        target: [substitutions.schoolId, substitutions.routineId, substitutions.date],
        set: { teacherId, assignedByUserId: userId, createdAt: new Date() },
      })
      .returning({ id: substitutions.id });
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'substitution.assign',
      schoolId: routine.schoolId,
      subjectUserId: teacher.userId,
      detail: { routine_id: routine.id, date, from: before?.teacherId ?? null, to: teacherId },
    });
    return {
      ok: true as const,
      code: STAFF_SUCCESS_CODES.substituteAssigned,
      message: 'Substitute assigned.',
      id: row.id,
      routine_id: routine.id,
      date,
      teacher_id: teacherId,
    };
  });
}

/** POST /api/substitution/delete: the period goes back to its own teacher that day. Audited. */
export async function removeSubstitute(db: DbOrTx, routine: RoutineRef, date: string, userId: number) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(substitutions)
      .where(and(eq(substitutions.routineId, routine.id), eq(substitutions.date, date)))
      .returning({ teacherId: substitutions.teacherId });
    if (!removed.length) throw notFound('Substitution');
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'substitution.remove',
      schoolId: routine.schoolId,
      detail: { routine_id: routine.id, date, teacher_id: removed[0].teacherId },
    });
    return { ok: true as const, code: STAFF_SUCCESS_CODES.substituteRemoved, message: 'Substitute removed.' };
  });
}

/** The routine ids a teacher substitutes on a date (their day's extra periods). */
export async function substitutedRoutines(db: DbOrTx, teacherId: number, date: string): Promise<number[]> {
  const rows = await db
    .select({ routineId: substitutions.routineId })
    .from(substitutions)
    .where(and(eq(substitutions.teacherId, teacherId), eq(substitutions.date, date)));
  return rows.map((r) => r.routineId);
}

/** Which of these routines have a substitute on a date, and who (initial). */
export async function coveredRoutines(db: DbOrTx, routineIds: number[], date: string) {
  if (!routineIds.length) return new Map<number, string>();
  const rows = await db
    .select({ routineId: substitutions.routineId, initial: teachers.initial })
    .from(substitutions)
    .innerJoin(teachers, eq(teachers.id, substitutions.teacherId))
    .where(and(inArray(substitutions.routineId, routineIds), eq(substitutions.date, date)));
  return new Map(rows.map((r) => [r.routineId, r.initial]));
}
