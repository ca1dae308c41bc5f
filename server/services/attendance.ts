/**
 * Attendance: recording a period's marks, the summaries the dashboards show, a student's history,
 * absentee lists and the absence messages. Callers (server/services/attendance-flows.ts) have already
 * decided who may touch which school, section and routine; these functions only read and write.
 *
 * Every summary is one statement of grouped counts over indexed columns (takings by routine and
 * date, marks by taking, enrolments by section and session): never a query per section or student.
 *
 * "Present for the day" (the section and school summaries): a student counts as present when
 * marked present in the section's FIRST taken period of the day, by period serial. That is the
 * morning roll call the class teacher takes, and it does not drift as later periods are taken.
 * Per-period counts are in the section's period table; absentees of any period in the absent list.
 * A section with no period taken yet has null present/absent/present_rate (never 0%).
 */
import { DateTime } from 'luxon';
import { and, asc, between, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OutboxStatus } from '@/api/schemas/attendance';
import { cacheOf, type RoutineLabel } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import { namedRows, preparedFor } from '../db/prepared';
import { rowsOf } from '../db/rows';
import {
  attendanceAudit,
  attendanceMarks,
  attendanceSectionDays,
  attendanceSubmissions,
  attendanceTakings,
  classes,
  enrolments,
  guardians,
  guardianStudents,
  messageOutbox,
  periods,
  routines,
  schools,
  sections,
  students,
  subjects,
  teachers,
  users,
} from '../db/schema';
import { formatDate, localDigits } from '@/i18n/format';
import { ApiError, badRequest } from '../errors';
import type { ErrorName } from '../error-codes';
import { absenceCancellation, cancelAbsenceMessages, isCancelled, MAX_ATTEMPTS, smsParts } from './messaging';
import { bnOr } from './bangla-names';
import { accountName, studentFullName, teacherFullName } from './names';
import { onTheBooks } from './leaving';
import { normalisePhone } from './phone';
import { queuedTimeProblem, QUEUED_MAX_AGE_DAYS } from './queued-time';
import { DAY_NAMES, dayIdOf, earliestEditableDate, serverClock, type SchoolClock } from './school-time';

// The bounds of a queued taking time, shared with queued mark saves.
export { QUEUED_CLOCK_SKEW_MS, QUEUED_MAX_AGE_DAYS } from './queued-time';

const studentName = studentFullName();
const teacherName = teacherFullName();

/** 0-100 with one decimal; null when nothing was marked. */
export const rateOf = (present: number, marked: number): number | null =>
  marked > 0 ? Math.round((1000 * present) / marked) / 10 : null;

/** The guardian's number for SMS: the first of father's, mother's, the student's own that is a valid BD mobile. */
export function guardianPhone(s: {
  mobileNo: string;
  fatherPhoneNumber: string;
  motherPhoneNumber: string;
}): string | null {
  for (const raw of [s.fatherPhoneNumber, s.motherPhoneNumber, s.mobileNo]) {
    const phone = raw ? normalisePhone(raw) : null;
    if (phone) return phone;
  }
  return null;
}

/** The phone shown in absentee lists: the guardian's SMS number, else whatever number is on file. */
const displayPhone = (s: { mobileNo: string; fatherPhoneNumber: string; motherPhoneNumber: string }) =>
  guardianPhone(s) ?? (s.mobileNo || s.fatherPhoneNumber || s.motherPhoneNumber || '');

// ------------------------------------------------------------------ routines and dates

export interface RoutineRef {
  id: number;
  schoolId: number;
  sessionId: number;
  classId: number;
  sectionId: number;
  dayId: number;
  periodId: number;
  subjectId: number;
  teacherId: number;
}

const routineById = preparedFor((db) =>
  db
    .select({
      id: routines.id,
      schoolId: routines.schoolId,
      sessionId: routines.sessionId,
      classId: routines.classId,
      sectionId: routines.sectionId,
      dayId: routines.dayId,
      periodId: routines.periodId,
      subjectId: routines.subjectId,
      teacherId: routines.teacherId,
    })
    .from(routines)
    .where(eq(routines.id, sql.placeholder('routineId')))
    .prepare('attendance_routine_by_id'),
);

export async function findRoutine(db: DbOrTx, routineId: number): Promise<RoutineRef | undefined> {
  const [row] = await routineById(db).execute({ routineId });
  return row;
}

/**
 * A date attendance may be taken for: not after the school's today, not a weekly off day, on the
 * routine's weekday and within the routine's session. Every refusal names `date`.
 */
export function checkTakingDate(
  routine: RoutineRef,
  date: string,
  clock: { today: string; weeklyOffDays: number[] },
  dateSessionId: number | null,
) {
  if (date > clock.today) throw refusal('future_date', 'date', 'Attendance cannot be taken for a future date.');
  const dayId = dayIdOf(date);
  if (clock.weeklyOffDays.includes(dayId)) {
    throw refusal('weekly_off', 'date', `${DAY_NAMES[dayId]} is a weekly off day.`);
  }
  if (dayId !== routine.dayId) {
    throw refusal(
      'wrong_weekday',
      'date',
      `That date is a ${DAY_NAMES[dayId]}; this class meets on ${DAY_NAMES[routine.dayId]}s.`,
    );
  }
  if (dateSessionId !== routine.sessionId) {
    throw refusal('outside_session', 'date', 'That date is outside this routine’s session.');
  }
}

/**
 * A refusal naming its field, with a stable code `attendance.<name>` the client shows in the
 * user's language; the English text stays as before (a 400 worded as `badRequest` does it).
 */
export function refusal(name: ErrorName<'attendance'>, field: string, message: string, status = 400): ApiError {
  const text = status === 400 ? badRequest(field, message).message : message;
  return new ApiError(status, `attendance.${name}`, text, { [field]: message });
}

const ddmmyyyy = (iso: string) => DateTime.fromISO(iso).toFormat('dd-MM-yyyy');

/**
 * The correction window (audit finding 3): a teacher takes or corrects a period only up
 * to the school's `attendance_edit_days` school days after it (0: only on the same school day); a
 * school admin may correct any date the rules above allow. A refusal is a 403 that names `date`
 * and says who can still change it.
 */
export function checkEditWindow(
  date: string,
  clock: Pick<SchoolClock, 'today' | 'weeklyOffDays' | 'attendanceEditDays'>,
  isTeacher: boolean,
) {
  if (!isTeacher || date >= earliestEditableDate(clock)) return;
  const window =
    clock.attendanceEditDays === 0
      ? 'only on the same school day'
      : `only within ${clock.attendanceEditDays} school day${clock.attendanceEditDays === 1 ? '' : 's'} after the class`;
  const message = `Attendance of ${ddmmyyyy(date)} can no longer be changed by a teacher (teachers may take or correct it ${window}). Ask the school admin to correct it.`;
  throw new ApiError(403, 'attendance.window_closed', message, { date: message });
}

// ------------------------------------------------------------------ taking attendance

export interface RecordInput {
  routine: RoutineRef;
  date: string;
  time: string;
  userId: number;
  entries: { student_id: number; attendance_status: 0 | 1 }[];
  /** The submission's Idempotency-Key: a second arrival with it (even after days) changes nothing. */
  key?: string | null;
  /** A queued submission's taking time (ISO instant, already bounded by checkQueuedTakenAt). */
  takenAt?: string | null;
  /** The saver is a school admin (their saves always apply, and a queued teacher's never replace them). */
  isAdmin?: boolean;
  /**
   * The school's clock when the submission arrived: a queued teacher's correction of a period
   * already taken is judged on it (`checkCorrectionWindow`). Required with a queued teacher's
   * submission; online ones were judged on it by the caller (`checkEditWindow`).
   */
  clock?: Pick<SchoolClock, 'today' | 'weeklyOffDays' | 'attendanceEditDays'>;
}

/** Whether this user's submission with this key already arrived (applied or judged). */
export async function submissionSeen(db: DbOrTx, userId: number, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: attendanceSubmissions.id })
    .from(attendanceSubmissions)
    .where(and(eq(attendanceSubmissions.userId, userId), eq(attendanceSubmissions.submissionKey, key)))
    .limit(1);
  return !!row;
}

export type SubmissionOutcome = 'saved' | 'corrected' | 'duplicate' | 'kept_admin' | 'kept_later';

/**
 * The bounds of a queued submission's claimed taking time (written in the README):
 * - not in the future (a phone clock up to QUEUED_CLOCK_SKEW_MS fast is tolerated);
 * - not before the period's own day began (in the school's time zone);
 * - a teacher's FIRST taking of a period is judged on the day the roll was taken (or the school's
 *   today when the phone's clock runs ahead of it), not the day the phone found a network: a roll
 *   taken in time stays in time while it waits in the queue, but no longer than QUEUED_MAX_AGE_DAYS
 *   (after that the school admin corrects it).
 * A CORRECTION (the period was already taken) is judged on the school's clock alone, inside the
 * transaction that knows whether it is one (`recordAttendance`, `checkCorrectionWindow`). Refusing
 * here on the claimed day is safe for both: that day is never later than the school's today, so a
 * window closed on it is closed on the school's today too.
 * Every refusal names `taken_at` (the window's names `date`).
 */
export function checkQueuedTakenAt(
  takenAt: string,
  date: string,
  clock: Pick<SchoolClock, 'timeZone' | 'today' | 'weeklyOffDays' | 'attendanceEditDays'>,
  isTeacher: boolean,
  now: DateTime = DateTime.fromMillis(serverClock.now()),
) {
  const problem = queuedTimeProblem(takenAt, now);
  if (problem === 'invalid') throw refusal('taken_at_invalid', 'taken_at', 'The taking time is not a valid date-time.');
  if (problem === 'future') {
    throw refusal('taken_at_future', 'taken_at', 'The taking time is in the future; check the phone’s clock.');
  }
  const at = DateTime.fromISO(takenAt, { setZone: true });
  const takenOn = at.setZone(clock.timeZone).toISODate()!;
  if (takenOn < date) {
    throw refusal('taken_at_before_day', 'taken_at', 'The roll cannot have been taken before the day of the class.');
  }
  if (!isTeacher) return;
  // A phone clock a few minutes fast may claim tomorrow: the school's today bounds the claim.
  checkEditWindow(date, { ...clock, today: takenOn < clock.today ? takenOn : clock.today }, true);
  if (problem === 'too_old') {
    const message = `This roll waited on the phone for more than ${QUEUED_MAX_AGE_DAYS} days. Ask the school admin to correct the attendance.`;
    throw new ApiError(403, 'attendance.window_closed', message, { date: message });
  }
}

/**
 * A teacher's correction of a period already taken, judged on the school's clock when it arrives
 * (`clock.today` is the server's today): a queued correction whose phone claims an earlier time
 * does not reopen the window, since nothing on the server shows it was made in time (a key the
 * school already saw is answered as it stands before this is asked). After the window the
 * correction is the school admin's: a 409 naming `date` that says so.
 */
export function checkCorrectionWindow(
  date: string,
  clock: Pick<SchoolClock, 'today' | 'weeklyOffDays' | 'attendanceEditDays'>,
) {
  if (date >= earliestEditableDate(clock)) return;
  const window =
    clock.attendanceEditDays === 0
      ? 'on the same school day'
      : `within ${clock.attendanceEditDays} school day${clock.attendanceEditDays === 1 ? '' : 's'} after the class`;
  const message = `Attendance of ${ddmmyyyy(date)} was already taken, and a teacher may correct it only ${window}. This correction reached the school after that (the school's clock decides, not the phone's), so it was not applied. Ask the school admin to correct it.`;
  throw new ApiError(409, 'attendance.correction_window_closed', message, { date: message });
}

/** Whether a teacher's correction of the date would arrive after their window (on the school's clock). */
function isLate(date: string, clock: RecordInput['clock']): boolean {
  if (!clock) throw new Error('recordAttendance: a queued teacher submission needs the school clock');
  return date < earliestEditableDate(clock);
}

/** A queued taking's clock time (HH:mm:ss) in the school's time zone: the attendance time it claims. */
export function clockTimeOf(takenAt: string, timeZone: string): string {
  return DateTime.fromISO(takenAt, { setZone: true }).setZone(timeZone).toFormat('HH:mm:ss');
}

/**
 * Save one period's marks in one transaction. A first taking is one statement (the taking and
 * its marks); a correction upserts the taking, reads the period's marks, then writes only the new
 * and changed marks with an audit row for each changed one and the corrector, in one statement.
 * Unlisted students keep their earlier marks (or stay unmarked).
 *
 * The answer (every mark of the period, by roll) is built from the section's roster read before
 * the transaction and the marks read and written inside it, not read back: the read-back joined
 * the period's marks to enrolments, which the planner turned into a scan of every enrolment.
 * The section-day summary follows by the database's triggers (migration 0005_attendance_scale).
 */
export async function recordAttendance(db: DbOrTx, input: RecordInput) {
  const { routine, date, time, userId, entries } = input;
  const key = input.key ?? null;
  const queued = !!input.takenAt;
  const ids = entries.map((e) => e.student_id);
  const seen = new Set<number>();
  const duplicates = [...new Set(ids.filter((id) => (seen.has(id) ? true : (seen.add(id), false))))];
  if (duplicates.length) {
    throw refusal(
      'duplicate_students',
      'attendance',
      `Each student may appear once; repeated student ids: ${duplicates.join(', ')}.`,
    );
  }
  const roster = await sectionRoster(db).execute({ sectionId: routine.sectionId, sessionId: routine.sessionId, date });
  const enrolmentOf = new Map(roster.map((e) => [e.student_id, e.enrolment_id]));
  const strangers = ids.filter((id) => !enrolmentOf.has(id));
  if (strangers.length) {
    throw refusal(
      'not_enrolled',
      'attendance',
      `Not enrolled in this section this session: student ids ${strangers.join(', ')}.`,
    );
  }

  /** The submission, applied or not, into the trail. */
  const recordSubmission = (tx: DbOrTx, takingId: number | null, outcome: SubmissionOutcome) =>
    tx.insert(attendanceSubmissions).values({
      schoolId: routine.schoolId,
      routineId: routine.id,
      date,
      takingId,
      userId,
      submissionKey: key,
      takenAt: new Date(input.takenAt ?? serverClock.now()),
      queued,
      outcome,
      marks: entries,
    });

  /** The period's marks as they stand, for a submission that changed nothing. */
  const asItStands = async (tx: DbOrTx, outcome: SubmissionOutcome) => {
    const [taking] = await tx
      .select({ id: attendanceTakings.id, takenTime: attendanceTakings.takenTime })
      .from(attendanceTakings)
      .where(and(eq(attendanceTakings.routineId, routine.id), eq(attendanceTakings.date, date)));
    const current = taking
      ? await tx
          .select({ enrolmentId: attendanceMarks.enrolmentId, status: attendanceMarks.status })
          .from(attendanceMarks)
          .where(eq(attendanceMarks.takingId, taking.id))
      : [];
    const status = new Map(current.map((m) => [m.enrolmentId, m.status]));
    return {
      takingId: taking?.id ?? 0,
      takenTime: taking?.takenTime ?? time,
      corrected: false,
      changed: 0,
      outcome,
      ...(await marksAnswer(tx, status)),
    };
  };

  /** Every mark of the period by roll, with its totals. */
  const marksAnswer = async (tx: DbOrTx, status: Map<number, number>) => {
    // Marks of students who have left the section since (rare) are named from their enrolments.
    const onRoster = new Set(roster.map((r) => r.enrolment_id));
    const leavers = [...status.keys()].filter((id) => !onRoster.has(id));
    const people = leavers.length ? [...roster, ...(await enrolmentPeople(tx, leavers))] : roster;
    const marks = people
      .filter((p) => status.has(p.enrolment_id))
      .map((p) => ({
        student_id: p.student_id,
        full_name: p.full_name,
        class_roll_no: p.class_roll_no,
        attendance_status: status.get(p.enrolment_id) as 0 | 1,
      }))
      .sort((a, b) => a.class_roll_no - b.class_roll_no);
    const present = marks.filter((m) => m.attendance_status === 1).length;
    return { total: marks.length, present, absent: marks.length - present, students: marks };
  };

  /** Whether every sent mark equals the period's mark as it stands. */
  const sameAsStanding = async (tx: DbOrTx, takingId: number) => {
    const standing = await tx
      .select({ enrolmentId: attendanceMarks.enrolmentId, status: attendanceMarks.status })
      .from(attendanceMarks)
      .where(eq(attendanceMarks.takingId, takingId));
    const now = new Map(standing.map((m) => [m.enrolmentId, m.status]));
    return entries.every((e) => now.get(enrolmentOf.get(e.student_id)!) === e.attendance_status);
  };

  return db.transaction(async (tx) => {
    // The same submission again (a queue replaying after its idempotency answer was purged, or a
    // phone that never heard the first answer): it was applied or judged once, and stays so.
    if (key && (await submissionSeen(tx, userId, key))) return asItStands(tx, 'duplicate');
    // THE OFFLINE CONFLICT RULE (README "Offline attendance"). A queued teacher's
    // submission meets a period someone saved meanwhile:
    // - an admin's save stands: a queued teacher's taking never overwrites it;
    // - otherwise the later taking time wins: a queued taking older than the marks that count
    //   now (by their own taking time) is not applied.
    // A submission not applied is still kept in attendance_submissions with its marks (the
    // trail keeps both), and the answer says which way it went. Online submissions and admin
    // saves apply as before (an online teacher re-takes from the saved marks, admin's included).
    // A queued teacher's submission that would be applied to a period already taken is a
    // correction: judged on the school's clock now, never on the phone's claim.
    const teacherLate = queued && !input.isAdmin && isLate(date, input.clock);
    if (queued && !input.isAdmin) {
      const found = rowsOf<{ id: number; admin_saved: boolean; last_at: string | Date }>(
        await tx.execute(sql`
        select id, admin_saved, coalesce(marks_taken_at, corrected_at, created_at) as last_at
        from ${attendanceTakings} where routine_id = ${routine.id} and date = ${date}::date
        for update`),
      );
      const current = found[0];
      if (current) {
        const lost = current.admin_saved
          ? 'kept_admin'
          : new Date(current.last_at).getTime() > new Date(input.takenAt!).getTime()
            ? 'kept_later'
            : null;
        if (lost) {
          // The same marks as stand (a send that arrived though the phone never heard the answer,
          // queued again under a key of its own): nothing was lost, so it is a duplicate.
          const outcome = (await sameAsStanding(tx, current.id)) ? 'duplicate' : lost;
          await recordSubmission(tx, current.id, outcome);
          return asItStands(tx, outcome);
        }
        if (teacherLate) {
          // The same marks as stand change nothing: answered as a duplicate, not refused.
          if (await sameAsStanding(tx, current.id)) {
            await recordSubmission(tx, current.id, 'duplicate');
            return asItStands(tx, 'duplicate');
          }
          checkCorrectionWindow(date, input.clock!);
        }
      }
    }
    // The taking time on the server's clock (server/clock.ts) when the phone claims none: the
    // offline conflict rule above compares it with a queued roll's claimed time.
    const marksTakenAt = new Date(input.takenAt ?? serverClock.now()).toISOString();
    const correctedAt = new Date(serverClock.now()).toISOString();
    const adminSaved = !!input.isAdmin;
    // The taking first: its row lock (held by the upsert until commit) serialises two submissions
    // of the same period, so the old statuses read next are the ones this upsert replaces.
    // A later submission is a correction: the first taker and time stay, the corrector is added
    // below when a mark actually changed. A first taking (the common case: the roll at 8 a.m.)
    // writes its marks in the same statement, one round trip and one summary recount.
    const marked = entries.map((e) => ({ enrolmentId: enrolmentOf.get(e.student_id)!, status: e.attendance_status }));
    const rows = await namedRows<{ id: number; taken_time: string; inserted: boolean }>(
      tx,
      'attendance_take',
      sql`
      with taking as (
        insert into ${attendanceTakings} (school_id, routine_id, date, taken_time, taken_by_user_id, marks_taken_at, admin_saved)
        values (${routine.schoolId}, ${routine.id}, ${date}, ${time}, ${userId},
          ${marksTakenAt}::timestamptz, ${adminSaved})
        on conflict (routine_id, date, school_id) do update set updated_at = now(),
          marks_taken_at = excluded.marks_taken_at, admin_saved = excluded.admin_saved
        -- xmax is 0 on a freshly inserted row version, set when ON CONFLICT updated an existing one.
        returning id, taken_time, (xmax = 0) as inserted
      ), first_marks as (
        insert into ${attendanceMarks} (school_id, taking_id, routine_id, date, enrolment_id, status)
        select ${routine.schoolId}::int, taking.id, ${routine.id}::int, ${date}::date, u.enrolment_id, u.status
        from taking, unnest(${sql.param(marked.map((m) => m.enrolmentId))}::int[], ${sql.param(marked.map((m) => m.status))}::smallint[])
          as u(enrolment_id, status)
        where taking.inserted
        returning 1
      )
      select id, taken_time, inserted from taking`,
    );
    const taking = { id: rows[0].id, takenTime: rows[0].taken_time, inserted: rows[0].inserted };
    // Taken by someone else since the check above (two first takings at once): this one is a
    // late correction after all, and the transaction's changes are rolled back with the refusal.
    if (teacherLate && !taking.inserted) checkCorrectionWindow(date, input.clock!);
    // A correction: every mark of the period, for the old statuses and the rest of the answer.
    const before = taking.inserted
      ? []
      : await namedRows<{ id: number; enrolmentId: number; status: number }>(
          tx,
          'attendance_take_marks',
          sql`select id, enrolment_id as "enrolmentId", status from ${attendanceMarks} where taking_id = ${taking.id}`,
        );
    const old = new Map(before.map((m) => [m.enrolmentId, m]));
    const status = new Map(before.map((m) => [m.enrolmentId, m.status]));

    const written = marked.flatMap((m) => {
      status.set(m.enrolmentId, m.status);
      return old.get(m.enrolmentId)?.status === m.status ? [] : [m];
    });
    const changes = written.flatMap((w) => {
      const prior = old.get(w.enrolmentId);
      return prior ? [{ markId: prior.id, oldStatus: prior.status, newStatus: w.status }] : [];
    });
    // Any new or changed mark after the first taking is a correction.
    const corrected = !taking.inserted && written.length > 0;
    // A correction in one statement: only the new and changed marks (a resubmission that changes
    // nothing writes none), an audit row for each changed one, and the corrector on the taking.
    if (corrected) {
      await tx.execute(sql`
        with upserted as (
          insert into ${attendanceMarks} (school_id, taking_id, routine_id, date, enrolment_id, status)
          select ${routine.schoolId}::int, ${taking.id}::int, ${routine.id}::int, ${date}::date, u.enrolment_id, u.status
          from unnest(${sql.param(written.map((w) => w.enrolmentId))}::int[], ${sql.param(written.map((w) => w.status))}::smallint[])
            as u(enrolment_id, status)
          on conflict (taking_id, enrolment_id, school_id) do update set status = excluded.status
          returning 1
        ), audited as (
          insert into ${attendanceAudit} (school_id, mark_id, changed_by_user_id, old_status, new_status)
          select ${routine.schoolId}::int, a.mark_id, ${userId}::int, a.old_status, a.new_status
          from unnest(${sql.param(changes.map((c) => c.markId))}::int[], ${sql.param(changes.map((c) => c.oldStatus))}::smallint[],
            ${sql.param(changes.map((c) => c.newStatus))}::smallint[]) as a(mark_id, old_status, new_status)
          returning 1
        )
        update ${attendanceTakings} set corrected_by_user_id = ${userId}, corrected_at = ${correctedAt}::timestamptz
        where id = ${taking.id}`);
    }
    const outcome: SubmissionOutcome = corrected ? 'corrected' : 'saved';
    if (taking.inserted) await recordSubmission(tx, taking.id, outcome);
    else {
      // A student marked present must not get the absence SMS of an earlier, absent mark (a period
      // taken for the first time has none yet: they are queued from a taking's marks); sent with
      // the trail's row as one statement.
      const present = entries.filter((e) => e.attendance_status === 1).map((e) => enrolmentOf.get(e.student_id)!);
      const cancel = absenceCancellation(tx, { routineId: routine.id, date, enrolmentIds: present });
      await namedRows(
        tx,
        'attendance_take_trail',
        sql`with cancelled as (${cancel.getSQL()}) ${recordSubmission(tx, taking.id, outcome).getSQL()}`,
      );
    }
    return {
      takingId: taking.id,
      takenTime: taking.takenTime,
      corrected,
      changed: changes.length,
      outcome,
      ...(await marksAnswer(tx, status)),
    };
  });
}

const rosterColumns = {
  enrolment_id: enrolments.id,
  student_id: students.id,
  full_name: studentName,
  class_roll_no: enrolments.classRollNo,
};

/** A section's students in a session (by its (section_id, session_id) index). */
const sectionRoster = preparedFor((db) =>
  db
    .select(rosterColumns)
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(
      and(
        eq(enrolments.sectionId, sql.placeholder('sectionId')),
        eq(enrolments.sessionId, sql.placeholder('sessionId')),
        // docs/DOMAIN.md, Records: a student who left is on no roll from their leaving date.
        onTheBooks(students.leftOn, sql`${sql.placeholder('date')}`),
      ),
    )
    .prepare('attendance_section_roster'),
);

const enrolmentPeople = (db: DbOrTx, enrolmentIds: number[]) =>
  db
    .select(rosterColumns)
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(inArray(enrolments.id, enrolmentIds));

const listColumns = {
  student_id: students.id,
  student_code: students.studentCode,
  full_name: studentName,
  class_roll_no: enrolments.classRollNo,
  enrolment_id: enrolments.id,
};
const sectionInSession = and(
  eq(enrolments.sectionId, sql.placeholder('sectionId')),
  eq(enrolments.sessionId, sql.placeholder('sessionId')),
);

const sectionList = preparedFor((db) =>
  db
    .select(listColumns)
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    // docs/DOMAIN.md, Records: without a date, the students on the school's books.
    .where(and(sectionInSession, isNull(students.leftOn)))
    .orderBy(asc(enrolments.classRollNo))
    .prepare('attendance_section_list'),
);

/** The Take Attendance list: the section by roll, each with the mark of the period's taking on the date. */
const sectionListWithMarks = preparedFor((db) =>
  db
    .select({ ...listColumns, status: attendanceMarks.status })
    .from(enrolments)
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .leftJoin(
      attendanceTakings,
      and(
        eq(attendanceTakings.routineId, sql.placeholder('routineId')),
        eq(attendanceTakings.date, sql`${sql.placeholder('date')}::date`),
      ),
    )
    .leftJoin(
      attendanceMarks,
      and(eq(attendanceMarks.takingId, attendanceTakings.id), eq(attendanceMarks.enrolmentId, enrolments.id)),
    )
    // docs/DOMAIN.md, Records: on the date, the students on the books, and any marked that day.
    .where(
      and(
        sectionInSession,
        or(onTheBooks(students.leftOn, sql`${sql.placeholder('date')}`), isNotNull(attendanceMarks.status)),
      ),
    )
    .orderBy(asc(enrolments.classRollNo))
    .prepare('attendance_section_list_marks'),
);

/** The students of a section in a session by roll, with their mark for (routine, date) when named. */
export async function sectionStudents(
  db: DbOrTx,
  opts: { sectionId: number; sessionId: number; routineId?: number; date?: string },
) {
  const section = { sectionId: opts.sectionId, sessionId: opts.sessionId };
  if (!opts.routineId || !opts.date) {
    const rows = await sectionList(db).execute(section);
    return rows.map((r) => ({ ...r, attendance_status: null }));
  }
  const rows = await sectionListWithMarks(db).execute({ ...section, routineId: opts.routineId, date: opts.date });
  return rows.map(({ status, ...r }) => ({ ...r, attendance_status: status == null ? null : (status as 0 | 1) }));
}

// ------------------------------------------------------------------ a student's history

export interface HistoryFilter {
  studentId: number;
  /** The student's school (their enrolments', marks' and routines'). */
  schoolId: number;
  startDate: string;
  endDate: string;
  /** The school's holiday dates in the range: not school days, so their marks are not counted. */
  holidays: string[];
  periodId?: number;
  subjectId?: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

const ph = sql.placeholder;
/** A nullable integer parameter of a prepared statement (an optional filter). */
const optionalInt = (name: string) => sql`${ph(name)}::int`;
/** A mark not on one of the `holidays` dates (the school's calendar holidays in the range). */
const notOnHoliday = sql`not (${attendanceMarks.date} = any(${ph('holidays')}::date[]))`;

/**
 * A page of a student's marks: the student's enrolments (at most one a session), then one range of
 * the marks' (enrolment_id, date, routine_id, status) index each, so a 30-day view reads 30 days
 * of marks and never the year's takings. Only the page is joined to subjects and teachers.
 */
const historyPage = preparedFor((db) => {
  const page = db
    .select({
      date: attendanceMarks.date,
      status: attendanceMarks.status,
      routineId: sql<number>`${routines.id}`.as('h_routine_id'),
      periodId: routines.periodId,
      subjectId: routines.subjectId,
      teacherId: routines.teacherId,
      serial: periods.serial,
      periodCode: periods.periodCode,
      startTime: periods.startTime,
    })
    .from(enrolments)
    .innerJoin(
      attendanceMarks,
      and(
        eq(attendanceMarks.enrolmentId, enrolments.id),
        between(attendanceMarks.date, sql`${ph('startDate')}::date`, sql`${ph('endDate')}::date`),
        notOnHoliday,
      ),
    )
    .innerJoin(routines, eq(routines.id, attendanceMarks.routineId))
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .where(
      and(
        eq(enrolments.studentId, ph('studentId')),
        sql`(${optionalInt('periodId')} is null or ${routines.periodId} = ${optionalInt('periodId')})`,
        sql`(${optionalInt('subjectId')} is null or ${routines.subjectId} = ${optionalInt('subjectId')})`,
      ),
    )
    .orderBy(desc(attendanceMarks.date), desc(periods.serial), desc(routines.id))
    .limit(ph('limit'))
    .offset(ph('offset'))
    .as('h');
  return db
    .select({
      date: page.date,
      period_code: page.periodCode,
      subject_name: subjects.subjectName,
      teacher_name: teacherName,
      present_status: page.status,
      period_id: page.periodId,
      subject_id: page.subjectId,
      routine_id: page.routineId,
      initial: teachers.initial,
      start_time: page.startTime,
    })
    .from(page)
    .innerJoin(subjects, eq(subjects.id, page.subjectId))
    .innerJoin(teachers, eq(teachers.id, page.teacherId))
    .orderBy(desc(page.date), desc(page.serial), desc(page.routineId))
    .prepare('attendance_student_history');
});

const historyParams = (f: HistoryFilter) => ({
  studentId: f.studentId,
  startDate: f.startDate,
  endDate: f.endDate,
  holidays: f.holidays,
  periodId: f.periodId ?? null,
  subjectId: f.subjectId ?? null,
});

/**
 * The marks of the days a page of a student's history falls on, without a period or subject
 * filter (what the screen asks for first), and how many rows come before those days: each
 * enrolment's first offset + limit marks of the range, newest first, come from the marks' index
 * read backward and no further (a first page reads ~50 entries of it, not the year's 1,200); they
 * name the page's newest and oldest day; those days' marks are read from the index alone. The
 * routines' labels and the order within a day come from `routineLabelsOf` (kept in the process).
 * historyPage joins and sorts every mark of the range first: a year's page of 50 took 2.1 ms of
 * execution at district size; counting every day of the range and joining the labels in SQL
 * 1.1 ms; this way the database spends ~0.2 ms of CPU a page (bench/README.md).
 */
export const historyMarksByDays = preparedFor((db) => {
  const upTo = sql`${ph('offset')}::int + ${ph('limit')}::int` as unknown as number;
  // An enrolment's first `offset + limit` dates of the range, newest first (one entry a mark).
  const firstDates = db
    .select({ date: sql<string>`${attendanceMarks.date}`.as('f_date') })
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.enrolmentId, enrolments.id),
        between(attendanceMarks.date, sql`${ph('startDate')}::date`, sql`${ph('endDate')}::date`),
        notOnHoliday,
      ),
    )
    .orderBy(desc(attendanceMarks.date))
    .limit(upTo)
    .as('f');
  // Those of every enrolment, in order (the student's first `offset + limit` marks are among them);
  // a mark's rank less one is how many marks come on later days.
  const ranked = db
    .select({
      date: sql<string>`${firstDates.date}`.as('r_date'),
      place: sql<number>`row_number() over (order by ${firstDates.date} desc)`.as('r_place'),
      later: sql<number>`rank() over (order by ${firstDates.date} desc) - 1`.as('r_later'),
    })
    .from(enrolments)
    .innerJoinLateral(firstDates, sql`true`)
    .where(eq(enrolments.studentId, ph('studentId')))
    .as('r');
  // The page's newest day (its first row's), its oldest (its last row's, or the range's last marked
  // day when the page is the last) and how many rows the later days hold.
  const span = db
    .select({
      hi: sql<string>`max(${ranked.date}) filter (where ${ranked.place} = ${ph('offset')}::int + 1)`.as('s_hi'),
      lo: sql<string>`coalesce(max(${ranked.date}) filter (where ${ranked.place} = ${upTo}), min(${ranked.date}))`.as(
        's_lo',
      ),
      before: sql<number>`(max(${ranked.later}) filter (where ${ranked.place} = ${ph('offset')}::int + 1))::int`.as(
        's_before',
      ),
    })
    .from(ranked)
    .as('s');
  return db
    .select({
      date: sql<string>`${attendanceMarks.date}`,
      status: attendanceMarks.status,
      routineId: attendanceMarks.routineId,
      before: span.before,
    })
    .from(span)
    .innerJoin(enrolments, eq(enrolments.studentId, ph('studentId')))
    .innerJoin(
      attendanceMarks,
      and(
        eq(attendanceMarks.enrolmentId, enrolments.id),
        between(attendanceMarks.date, span.lo, span.hi),
        notOnHoliday,
      ),
    )
    .prepare('attendance_student_history_by_days');
});

/** What a history row shows of its routine, by routine id. */
const routineLabelsById = preparedFor((db) =>
  db
    .select({
      id: routines.id,
      periodId: routines.periodId,
      subjectId: routines.subjectId,
      serial: periods.serial,
      periodCode: periods.periodCode,
      startTime: periods.startTime,
      subjectName: subjects.subjectName,
      teacherName,
      initial: teachers.initial,
    })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .where(and(eq(routines.schoolId, ph('schoolId')), sql`${routines.id} = any(${ph('ids')}::int[])`))
    .prepare('attendance_routine_labels'),
);

/**
 * The labels of a school's routines, from the process's cache (HotCache.routineLabels) where it
 * has them; those it lacks are read in one statement and kept, unless the school changed meanwhile.
 */
export async function routineLabelsOf(
  db: DbOrTx,
  schoolId: number,
  ids: Iterable<number>,
): Promise<ReadonlyMap<number, RoutineLabel>> {
  const cache = cacheOf(db);
  // Where the change counter stands before anything is read: labels read after a change are not kept.
  const mark = cache?.labelsMark(schoolId);
  const kept = cache?.routineLabels.get(schoolId);
  const missing = [...new Set(ids)].filter((id) => !kept?.has(id));
  if (kept && missing.length === 0) return kept;
  const found = await routineLabelsById(db).execute({ schoolId, ids: `{${missing.join(',')}}` });
  const labels = new Map(kept);
  for (const row of found) labels.set(row.id, row);
  if (cache && mark !== undefined) cache.keepRoutineLabels(schoolId, labels, mark);
  return labels;
}

/**
 * A page of a student's marks in a date range, newest first (latest date, then latest period).
 * The total for paging is studentHistoryTotals' `total` over the same filter.
 */
export async function studentHistory(db: DbOrTx, f: HistoryFilter & PageWindow) {
  if (f.periodId || f.subjectId) {
    const rows = await historyPage(db).execute({ ...historyParams(f), limit: f.limit, offset: f.offset });
    return rows.map(({ present_status, ...r }) => ({ present_status: present_status as 0 | 1, ...r }));
  }
  const marks = await historyMarksByDays(db).execute({
    studentId: f.studentId,
    startDate: f.startDate,
    endDate: f.endDate,
    holidays: f.holidays,
    limit: f.limit,
    offset: f.offset,
  });
  if (marks.length === 0) return [];
  const labels = await routineLabelsOf(
    db,
    f.schoolId,
    marks.map((m) => m.routineId),
  );
  const labelOf = (routineId: number) => {
    const label = labels.get(routineId);
    // The marks' foreign keys tie each to a routine of the student's school.
    if (!label) throw new Error(`routine ${routineId} of a history is not of school ${f.schoolId}`);
    return label;
  };
  const rows = marks.map((m) => ({ label: labelOf(m.routineId), ...m }));
  // Newest day first, then the later period, then the later routine (as historyPage orders).
  rows.sort(
    (x, y) =>
      (x.date < y.date ? 1 : x.date > y.date ? -1 : 0) || y.label.serial - x.label.serial || y.routineId - x.routineId,
  );
  const from = f.offset - (marks[0].before ?? 0);
  return rows.slice(from, from + f.limit).map(({ date, status, label }) => ({
    date,
    period_code: label.periodCode,
    subject_name: label.subjectName,
    teacher_name: label.teacherName,
    present_status: status as 0 | 1,
    period_id: label.periodId,
    subject_id: label.subjectId,
    routine_id: label.id,
    initial: label.initial,
    start_time: label.startTime,
  }));
}

const totalsColumns = {
  total: sql<number>`count(*)::int`,
  present: sql<number>`(count(*) filter (where ${attendanceMarks.status} = 1))::int`,
};
const studentMarksInRange = and(
  eq(attendanceMarks.enrolmentId, enrolments.id),
  between(attendanceMarks.date, sql`${ph('startDate')}::date`, sql`${ph('endDate')}::date`),
  notOnHoliday,
);

/** Counted from the index alone (status is in it); routines are joined only to filter by period or subject. */
const historyTotals = preparedFor((db) =>
  db
    .select(totalsColumns)
    .from(enrolments)
    .innerJoin(attendanceMarks, studentMarksInRange)
    .where(eq(enrolments.studentId, ph('studentId')))
    .prepare('attendance_student_totals'),
);
const historyTotalsFiltered = preparedFor((db) =>
  db
    .select(totalsColumns)
    .from(enrolments)
    .innerJoin(attendanceMarks, studentMarksInRange)
    .innerJoin(routines, eq(routines.id, attendanceMarks.routineId))
    .where(
      and(
        eq(enrolments.studentId, ph('studentId')),
        sql`(${optionalInt('periodId')} is null or ${routines.periodId} = ${optionalInt('periodId')})`,
        sql`(${optionalInt('subjectId')} is null or ${routines.subjectId} = ${optionalInt('subjectId')})`,
      ),
    )
    .prepare('attendance_student_totals_filtered'),
);

export async function studentHistoryTotals(db: DbOrTx, f: HistoryFilter) {
  const [row] =
    f.periodId || f.subjectId
      ? await historyTotalsFiltered(db).execute(historyParams(f))
      : await historyTotals(db).execute({
          studentId: f.studentId,
          startDate: f.startDate,
          endDate: f.endDate,
          holidays: f.holidays,
        });
  const total = Number(row?.total ?? 0);
  const present = Number(row?.present ?? 0);
  return { total, present, absent: total - present, present_rate: rateOf(present, total) };
}

const DAY_MS = 86_400_000;
/** Days from one calendar date to another (YYYY-MM-DD, both read as UTC midnights: no zone, no DST). */
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(date) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Resolve the history range: default the last 30 days to today; start after end is refused.
 * Plain date arithmetic: luxon's parsing and diff were 3% of a history read's CPU.
 */
export function historyRange(today: string, start?: string, end?: string) {
  const endDate = end ?? today;
  const startDate = start ?? daysBefore(endDate, 29);
  if (startDate > endDate)
    throw refusal('end_before_start', 'end_date', 'The end date must not be before the start date.');
  if (daysBetween(startDate, endDate) > 366) {
    throw refusal('range_too_long', 'end_date', 'Choose a range of at most one year.');
  }
  return { startDate, endDate };
}

// ------------------------------------------------------------------ absentees

/** Students marked absent on a date in a section (one period, or any period), one row each, by roll. */
export async function absentStudents(db: DbOrTx, opts: { sectionId: number; date: string; routineId?: number }) {
  const where: SQL[] = [
    eq(routines.sectionId, opts.sectionId),
    eq(attendanceTakings.date, opts.date),
    eq(attendanceMarks.status, 0),
  ];
  if (opts.routineId) where.push(eq(attendanceTakings.routineId, opts.routineId));
  const rows = await db
    .select({
      student_id: students.id,
      student_code: students.studentCode,
      full_name: studentName,
      class_name: classes.className,
      section_default_name: sections.sectionDefaultName,
      class_roll_no: enrolments.classRollNo,
      mobileNo: students.mobileNo,
      fatherPhoneNumber: students.fatherPhoneNumber,
      motherPhoneNumber: students.motherPhoneNumber,
      period_codes: sql<string[]>`array_agg(${periods.periodCode} order by ${periods.serial})`,
    })
    .from(attendanceTakings)
    .innerJoin(routines, eq(routines.id, attendanceTakings.routineId))
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(attendanceMarks, eq(attendanceMarks.takingId, attendanceTakings.id))
    .innerJoin(enrolments, eq(enrolments.id, attendanceMarks.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .where(and(...where))
    // Whole primary keys ((id, school_id)), so the other columns may be read.
    .groupBy(
      students.id,
      students.schoolId,
      enrolments.id,
      enrolments.schoolId,
      classes.id,
      sections.id,
      sections.schoolId,
    )
    .orderBy(asc(enrolments.classRollNo));
  return rows.map(({ mobileNo, fatherPhoneNumber, motherPhoneNumber, ...r }) => ({
    ...r,
    mobile_no: displayPhone({ mobileNo, fatherPhoneNumber, motherPhoneNumber }),
  }));
}

// ------------------------------------------------------------------ summaries

const correctorUser = alias(users, 'corrector_user');
const correctorTeacher = alias(teachers, 'corrector_teacher');

/** Present and absent counts of one taking, read by the marks' (taking_id, ...) unique index. */
const takingCounts = (db: DbOrTx) =>
  db
    .select({
      takingId: sql<number>`${attendanceMarks.takingId}`.as('counted_taking_id'),
      present: sql<number>`(count(*) filter (where ${attendanceMarks.status} = 1))::int`.as('present'),
      absent: sql<number>`(count(*) filter (where ${attendanceMarks.status} = 0))::int`.as('absent'),
    })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.takingId, attendanceTakings.id))
    .groupBy(attendanceMarks.takingId)
    .as('counts');

/**
 * One section's periods on a date: every routine entry of that weekday, taken or not, with who
 * corrected a taking last and when (the first taker's time stays the attendance time).
 * One prepared statement: the section's routines of the weekday (about six), each taking's marks
 * counted by a lateral index range.
 */
const sectionPeriodsQuery = preparedFor((db) => {
  const counts = takingCounts(db);
  return db
    .select({
      r_id: routines.id,
      period_id: periods.id,
      period_code: periods.periodCode,
      subject_id: subjects.id,
      subject_name: subjects.subjectName,
      start_time: periods.startTime,
      end_time: periods.endTime,
      time: attendanceTakings.takenTime,
      t_id: teachers.id,
      initial: teachers.initial,
      teacher_name: teacherName,
      all: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.sectionId} = ${ph('sectionId')} and ${enrolments.sessionId} = ${ph('sessionId')})`,
      taking_id: attendanceTakings.id,
      corrected_by: sql<
        string | null
      >`case when ${correctorUser.id} is null then null else ${accountName(correctorUser, correctorTeacher)} end`,
      corrected_at: attendanceTakings.correctedAt,
      present: counts.present,
      absent: counts.absent,
    })
    .from(routines)
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(teachers, eq(teachers.id, routines.teacherId))
    .leftJoin(
      attendanceTakings,
      and(eq(attendanceTakings.routineId, routines.id), eq(attendanceTakings.date, sql`${ph('date')}::date`)),
    )
    .leftJoinLateral(counts, sql`true`)
    .leftJoin(correctorUser, eq(correctorUser.id, attendanceTakings.correctedByUserId))
    .leftJoin(correctorTeacher, eq(correctorTeacher.userId, correctorUser.id))
    .where(
      and(
        eq(routines.sectionId, ph('sectionId')),
        eq(routines.sessionId, ph('sessionId')),
        eq(routines.dayId, ph('dayId')),
      ),
    )
    .orderBy(asc(periods.serial))
    .prepare('attendance_section_periods');
});

/** On a calendar holiday (`holiday` true) a section has no periods: none is "not taken". */
export async function sectionPeriods(
  db: DbOrTx,
  opts: { sectionId: number; sessionId: number; date: string; holiday?: boolean },
) {
  if (opts.holiday) return [];
  const rows = await sectionPeriodsQuery(db).execute({
    sectionId: opts.sectionId,
    sessionId: opts.sessionId,
    date: opts.date,
    dayId: dayIdOf(opts.date),
  });
  // The computed fields first, the row spread last (docs/ARCHITECTURE.md, "Conventions": V8 adds
  // each property written after a spread on a slow path); the row holds none of their names.
  return rows.map(({ taking_id, present, absent, all, corrected_at, ...r }) => {
    const taken = taking_id != null;
    return {
      corrected_at: corrected_at ? corrected_at.toISOString() : null,
      all: Number(all),
      // A taking without marks counts none of either (as the old grouped count did).
      present: taken ? Number(present ?? 0) : null,
      absent: taken ? Number(absent ?? 0) : null,
      taken,
      ...r,
    };
  });
}

/** The date's section-day rows of the read model (attendance_section_days), for a school. */
const dayRows = (db: DbOrTx) =>
  db
    .select({
      sectionId: sql<number>`${attendanceSectionDays.sectionId}`.as('day_section_id'),
      takenPeriods: attendanceSectionDays.takenPeriods,
      present: attendanceSectionDays.present,
      absent: attendanceSectionDays.absent,
    })
    .from(attendanceSectionDays)
    .where(
      and(
        eq(attendanceSectionDays.schoolId, ph('schoolId')),
        eq(attendanceSectionDays.date, sql`${ph('date')}::date`),
        eq(attendanceSectionDays.sessionId, ph('sessionId')),
      ),
    )
    .as('day_rows');

/** Per section of the school: the weekday's scheduled periods (routines by (school_id, day_id)). */
const scheduledRows = (db: DbOrTx) =>
  db
    .select({
      sectionId: sql<number>`${routines.sectionId}`.as('sched_section_id'),
      scheduled: sql<number>`count(*)::int`.as('scheduled'),
    })
    .from(routines)
    .where(
      and(
        eq(routines.schoolId, ph('schoolId')),
        eq(routines.sessionId, ph('sessionId')),
        eq(routines.dayId, ph('dayId')),
      ),
    )
    .groupBy(routines.sectionId)
    .as('sched');

/** Per section of the school: enrolled students in the session. */
const enrolledRows = (db: DbOrTx) =>
  db
    .select({
      sectionId: sql<number>`${enrolments.sectionId}`.as('enrolled_section_id'),
      all: sql<number>`count(*)::int`.as('enrolled'),
    })
    .from(enrolments)
    .where(and(eq(enrolments.schoolId, ph('schoolId')), eq(enrolments.sessionId, ph('sessionId'))))
    .groupBy(enrolments.sectionId)
    .as('enrolled');

/**
 * Every section of the school on a date, in one prepared statement: enrolled students, scheduled
 * and taken periods, and the present/absent counts of the section's first taken period (see the
 * header), read from one attendance_section_days row per section instead of from the marks.
 */
const schoolSectionsQuery = preparedFor((db) => {
  const day = dayRows(db);
  const sched = scheduledRows(db);
  const enrolled = enrolledRows(db);
  return db
    .select({
      class_id: classes.id,
      class_name: classes.className,
      section_id: sections.id,
      section_default_name: sections.sectionDefaultName,
      all: sql<number>`coalesce(${enrolled.all}, 0)`,
      present: day.present,
      absent: day.absent,
      taken_periods: sql<number>`coalesce(${day.takenPeriods}, 0)`,
      scheduled_periods: sql<number>`coalesce(${sched.scheduled}, 0)`,
    })
    .from(sections)
    .innerJoin(classes, eq(classes.id, sections.classId))
    .leftJoin(sched, eq(sched.sectionId, sections.id))
    .leftJoin(enrolled, eq(enrolled.sectionId, sections.id))
    .leftJoin(day, eq(day.sectionId, sections.id))
    .where(eq(sections.schoolId, ph('schoolId')))
    .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName), asc(sections.id))
    .prepare('attendance_school_sections');
});

/** On a calendar holiday (`holiday` set) no section has scheduled periods: nothing is due. */
export async function schoolSections(
  db: DbOrTx,
  opts: { schoolId: number; sessionId: number; date: string; holiday?: string | null },
) {
  const rows = await schoolSectionsQuery(db).execute({
    schoolId: opts.schoolId,
    sessionId: opts.sessionId,
    date: opts.date,
    dayId: dayIdOf(opts.date),
  });
  return rows.map(({ all, present: p, absent: a, taken_periods, scheduled_periods, ...r }) => {
    const takenPeriods = Number(taken_periods);
    const taken = takenPeriods > 0 && p != null;
    const present = taken ? Number(p) : null;
    const absent = taken ? Number(a) : null;
    return {
      all: Number(all),
      present,
      absent,
      present_rate: taken ? rateOf(present!, present! + absent!) : null,
      taken_periods: takenPeriods,
      scheduled_periods: opts.holiday ? 0 : Number(scheduled_periods),
      taken,
      ...r,
    };
  });
}

/**
 * The school's day in one prepared statement: the school's name, its enrolled students, the
 * sections with classes that weekday, and the totals of the sections taken (present and absent
 * from taken sections only), summed over the date's read-model rows.
 */
const schoolDayQuery = preparedFor((db) =>
  db
    .select({
      name: sql<string>`(select ${schools.schoolName} from ${schools} where ${schools.id} = ${ph('schoolId')})`,
      all: sql<number>`(select count(*)::int from ${enrolments} where ${enrolments.schoolId} = ${ph('schoolId')} and ${enrolments.sessionId} = ${ph('sessionId')})`,
      sectionsTotal: sql<number>`(select count(distinct ${routines.sectionId})::int from ${routines} where ${routines.schoolId} = ${ph('schoolId')} and ${routines.sessionId} = ${ph('sessionId')} and ${routines.dayId} = ${ph('dayId')})`,
      present: sql<number>`coalesce(sum(${attendanceSectionDays.present}), 0)::int`,
      absent: sql<number>`coalesce(sum(${attendanceSectionDays.absent}), 0)::int`,
      sectionsTaken: sql<number>`count(${attendanceSectionDays.sectionId})::int`,
    })
    .from(attendanceSectionDays)
    .where(
      and(
        eq(attendanceSectionDays.schoolId, ph('schoolId')),
        eq(attendanceSectionDays.date, sql`${ph('date')}::date`),
        eq(attendanceSectionDays.sessionId, ph('sessionId')),
        sql`${attendanceSectionDays.takenPeriods} > 0`,
        sql`${attendanceSectionDays.present} is not null`,
      ),
    )
    .prepare('attendance_school_day'),
);

/**
 * The school's day: totals over the sections above (present and absent from taken sections only),
 * and whether the school is closed that day (a weekly off day) so screens can say so.
 */
export async function schoolDay(
  db: DbOrTx,
  opts: {
    schoolId: number;
    sessionId: number;
    date: string;
    weeklyOffDays: readonly number[];
    /** The calendar holiday of the date (its topics), if any: no section is due that day. */
    holiday?: string | null;
  },
) {
  const [row] = await schoolDayQuery(db).execute({
    schoolId: opts.schoolId,
    sessionId: opts.sessionId,
    date: opts.date,
    dayId: dayIdOf(opts.date),
  });
  const present = Number(row.present);
  const absent = Number(row.absent);
  const sectionsTaken = Number(row.sectionsTaken);
  return {
    date: opts.date,
    school_info_id: opts.schoolId,
    school_name: row.name ?? '',
    all: Number(row.all),
    present,
    absent,
    present_rate: sectionsTaken ? rateOf(present, present + absent) : null,
    sections_taken: sectionsTaken,
    sections_total: opts.holiday ? 0 : Number(row.sectionsTotal),
    day_name: DAY_NAMES[dayIdOf(opts.date)],
    weekly_off: opts.weeklyOffDays.includes(dayIdOf(opts.date)),
    holiday: opts.holiday ?? null,
  };
}

/** Sections with classes on the date's weekday, with scheduled and taken period counts. */
const sectionsOfDayQuery = preparedFor((db) => {
  const sched = scheduledRows(db);
  const day = dayRows(db);
  return db
    .select({
      class_id: classes.id,
      class_name: classes.className,
      section_id: sections.id,
      section_default_name: sections.sectionDefaultName,
      scheduled_periods: sched.scheduled,
      taken_periods: sql<number>`coalesce(${day.takenPeriods}, 0)`,
    })
    .from(sched)
    .innerJoin(sections, eq(sections.id, sched.sectionId))
    .innerJoin(classes, eq(classes.id, sections.classId))
    .leftJoin(day, eq(day.sectionId, sections.id))
    .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName), asc(sections.id))
    .prepare('attendance_sections_of_day');
});

export async function sectionsOfDay(
  db: DbOrTx,
  opts: { schoolId: number; sessionId: number; date: string; holiday?: string | null },
) {
  // A calendar holiday has no classes.
  if (opts.holiday) return [];
  const rows = await sectionsOfDayQuery(db).execute({
    schoolId: opts.schoolId,
    sessionId: opts.sessionId,
    date: opts.date,
    dayId: dayIdOf(opts.date),
  });
  return rows.map(({ scheduled_periods, taken_periods, ...r }) => ({
    date: opts.date,
    scheduled_periods: Number(scheduled_periods),
    taken_periods: Number(taken_periods),
    ...r,
  }));
}

// ------------------------------------------------------------------ absence messages

export type SmsLanguage = 'en' | 'bn';

export function absenceText(
  m: {
    studentName: string;
    className: string;
    /** The class's stored Bangla name ('' or absent: the curriculum's, else the English). */
    classNameBn?: string;
    sectionName: string;
    roll: number;
    periodCode: string;
    subjectName: string;
    /** The subject's stored Bangla name ('' or absent: the curriculum's, else the English). */
    subjectNameBn?: string;
    date: string;
    /** The school's short name (the full name made every Bangla text a part longer). */
    schoolShortName: string;
  },
  lang: SmsLanguage = 'en',
) {
  if (lang === 'bn') {
    // Bangla is UCS-2: 70 characters in one SMS part, 67 per part beyond, so every character
    // costs. Class and subject in Bangla (stored, else ./bangla-names.ts), roll and date in Bangla digits, the
    // day without the year (it goes out the same day), the school's short name: a student's name
    // of up to 35 characters keeps it to two parts (134).
    return (
      `অভিভাবক, ${m.studentName} (${bnOr('classes', m.classNameBn, m.className)} ${m.sectionName}, ` +
      `রোল ${localDigits(String(m.roll), 'bn')}) ${formatDate(m.date, 'd MMMM', 'bn')} ` +
      `${localDigits(m.periodCode, 'bn')} পিরিয়ডে ${bnOr('subjects', m.subjectNameBn, m.subjectName)} ক্লাসে অনুপস্থিত ছিল। -${m.schoolShortName}`
    );
  }
  return (
    `Dear guardian, ${m.studentName} (Class ${m.className}, Section ${m.sectionName}, Roll ${m.roll}) ` +
    `was absent in the ${m.periodCode} period (${m.subjectName}) on ${ddmmyyyy(m.date)}. - ${m.schoolShortName}`
  );
}

/**
 * What a press of "Send Absent Message" would do for a taking, read without writing: each absent
 * student with the message (or none without a phone), and the period's existing outbox rows.
 */
async function planAbsenceMessages(db: DbOrTx, opts: { routine: RoutineRef; date: string }) {
  const { routine, date } = opts;
  const [taking] = await db
    .select({ id: attendanceTakings.id })
    .from(attendanceTakings)
    .where(and(eq(attendanceTakings.routineId, routine.id), eq(attendanceTakings.date, date)));
  if (!taking) {
    throw new ApiError(404, 'attendance.not_taken', 'Attendance has not been taken for this class on that date.');
  }
  const absent = await db
    .select({
      enrolmentId: enrolments.id,
      studentId: enrolments.studentId,
      studentName: studentName,
      roll: enrolments.classRollNo,
      mobileNo: students.mobileNo,
      fatherPhoneNumber: students.fatherPhoneNumber,
      motherPhoneNumber: students.motherPhoneNumber,
      className: classes.className,
      classNameBn: classes.classNameBn,
      sectionName: sections.sectionDefaultName,
      periodCode: periods.periodCode,
      subjectName: subjects.subjectName,
      subjectNameBn: subjects.subjectNameBn,
      schoolShortName: schools.shortName,
      smsLanguage: schools.smsLanguage,
    })
    .from(attendanceMarks)
    .innerJoin(enrolments, eq(enrolments.id, attendanceMarks.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(classes, eq(classes.id, enrolments.classId))
    .innerJoin(sections, eq(sections.id, enrolments.sectionId))
    .innerJoin(attendanceTakings, eq(attendanceTakings.id, attendanceMarks.takingId))
    .innerJoin(routines, eq(routines.id, attendanceTakings.routineId))
    .innerJoin(periods, eq(periods.id, routines.periodId))
    .innerJoin(subjects, eq(subjects.id, routines.subjectId))
    .innerJoin(schools, eq(schools.id, attendanceTakings.schoolId))
    .where(and(eq(attendanceMarks.takingId, taking.id), eq(attendanceMarks.status, 0)))
    .orderBy(asc(enrolments.classRollNo));
  const existing = await db
    .select({
      // Absence rows always name their enrolment (check message_outbox_absence_has_period).
      enrolmentId: sql<number>`${messageOutbox.enrolmentId}`,
      // A delivered message was sent (its delivery report came back).
      status: sql<string>`case when ${messageOutbox.status} = 'delivered' then 'sent' else ${messageOutbox.status} end`,
      attempts: messageOutbox.attempts,
      lastError: messageOutbox.lastError,
    })
    .from(messageOutbox)
    .where(
      and(eq(messageOutbox.kind, 'absence'), eq(messageOutbox.routineId, routine.id), eq(messageOutbox.date, date)),
    );
  const linked = await linkedGuardiansFor(
    db,
    absent.map((a) => a.studentId),
  );
  const messages = absent.flatMap((a) => {
    // Linked guardians decide: the first who wants SMS, in their language; when every
    // linked guardian chose none, none goes. A student with no linked guardian: the record's phones.
    const guardians = linked.get(a.studentId);
    const chosen = guardians?.find((g) => g.sms === 'sms');
    const phone = guardians ? (chosen?.phone ?? null) : guardianPhone(a);
    const schoolLanguage = a.smsLanguage === 'en' ? 'en' : 'bn';
    const language = chosen?.language === 'en' || chosen?.language === 'bn' ? chosen.language : schoolLanguage;
    return phone
      ? [
          {
            enrolmentId: a.enrolmentId,
            phone,
            body: absenceText({ ...a, date }, language).slice(0, 1000),
          },
        ]
      : [];
  });
  return { absent: absent.length, messages, existing };
}

/** Each student's linked guardians, oldest link first: phone, SMS choice, language. */
export async function linkedGuardiansFor(db: DbOrTx, studentIds: number[]) {
  const out = new Map<number, { phone: string; sms: string; language: string | null }[]>();
  if (!studentIds.length) return out;
  const rows = await db
    .select({
      studentId: guardianStudents.studentId,
      phone: guardians.phone,
      sms: guardians.smsPreference,
      language: users.language,
    })
    .from(guardianStudents)
    .innerJoin(guardians, eq(guardians.id, guardianStudents.guardianId))
    .innerJoin(users, eq(users.id, guardians.userId))
    .where(inArray(guardianStudents.studentId, studentIds))
    .orderBy(asc(guardianStudents.createdAt), asc(guardians.id));
  for (const r of rows) {
    const list = out.get(r.studentId) ?? [];
    list.push({ phone: r.phone, sms: r.sms, language: r.language });
    out.set(r.studentId, list);
  }
  return out;
}

/** The confirmation before a press: the text as guardians will read it and how many will get it. */
export async function previewAbsenceMessages(db: DbOrTx, opts: { routine: RoutineRef; date: string }) {
  const plan = await planAbsenceMessages(db, opts);
  const before = new Map(plan.existing.map((e) => [e.enrolmentId, e]));
  const going = plan.messages.filter((m) => {
    const e = before.get(m.enrolmentId);
    return !e || e.status === 'cancelled' || (e.status !== 'sent' && e.attempts < MAX_ATTEMPTS);
  });
  return {
    absent: plan.absent,
    guardians: going.length,
    already: plan.messages.filter((m) => before.get(m.enrolmentId)?.status === 'sent').length,
    no_phone: plan.absent - plan.messages.length,
    sample: going[0]?.body ?? null,
    // Each guardian's text differs only in names: the sample's length is what the school pays.
    sample_parts: going[0] ? smsParts(going[0].body).parts : null,
  };
}

/**
 * Queue one 'absence' message per absent student of a taking and say what became of each: newly
 * queued (or queued again after a cancellation), unsent and re-tried by this press's delivery,
 * already sent, failed with no attempts left; plus the period's messages cancelled because the
 * student is present now. The unique key (kind, enrolment, routine, date) keeps one row per
 * student, period and date, so a second press never queues a duplicate.
 */
export async function queueAbsenceMessages(db: DbOrTx, opts: { routine: RoutineRef; date: string; userId: number }) {
  const { routine, date, userId } = opts;
  // Rows left from before cancellations were made on resubmission: cancel them first.
  await cancelAbsenceMessages(db, { routineId: routine.id, date });
  const { absent, messages, existing } = await planAbsenceMessages(db, { routine, date });
  const rows = messages.map((m) => ({
    schoolId: routine.schoolId,
    kind: 'absence',
    enrolmentId: m.enrolmentId,
    routineId: routine.id,
    date,
    phone: m.phone,
    body: m.body,
    createdByUserId: userId,
  }));
  // New rows are inserted; a cancelled row of a student who is absent again is queued afresh.
  const queued = rows.length
    ? await db
        .insert(messageOutbox)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            messageOutbox.kind,
            messageOutbox.enrolmentId,
            messageOutbox.routineId,
            messageOutbox.date,
            messageOutbox.schoolId,
          ],
          set: {
            status: 'queued',
            attempts: 0,
            lastError: null,
            phone: sql`excluded.phone`,
            body: sql`excluded.body`,
            createdByUserId: userId,
          },
          setWhere: isCancelled,
        })
        .returning({ enrolmentId: messageOutbox.enrolmentId })
    : [];
  const queuedIds = new Set(queued.map((q) => q.enrolmentId));
  const absentIds = new Set(rows.map((r) => r.enrolmentId));
  const counts = { retried: 0, already: 0, failed: 0, cancelled: 0 };
  for (const e of existing) {
    if (queuedIds.has(e.enrolmentId)) continue;
    if (e.status === 'cancelled') counts.cancelled += 1;
    else if (!absentIds.has(e.enrolmentId)) continue;
    else if (e.status === 'sent') counts.already += 1;
    else if (e.attempts < MAX_ATTEMPTS) counts.retried += 1;
    else counts.failed += 1;
  }
  return {
    absent,
    queued: queued.length,
    ...counts,
    noPhone: absent - rows.length,
  };
}

export async function listOutbox(
  db: DbOrTx,
  opts: { schoolId: number; status?: OutboxStatus; limit: number; offset: number },
) {
  // The messages about one child (the SMS centre lists the rest: services/sms-centre.ts).
  const where: SQL[] = [eq(messageOutbox.schoolId, opts.schoolId), sql`${messageOutbox.enrolmentId} is not null`];
  if (opts.status) where.push(eq(messageOutbox.status, opts.status));
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messageOutbox)
    .where(and(...where));
  const rows = await db
    .select({
      id: messageOutbox.id,
      kind: messageOutbox.kind,
      student_name: studentName,
      phone: messageOutbox.phone,
      body: messageOutbox.body,
      date: messageOutbox.date,
      status: messageOutbox.status,
      attempts: messageOutbox.attempts,
      last_error: messageOutbox.lastError,
      created_at: messageOutbox.createdAt,
      sent_at: messageOutbox.sentAt,
    })
    .from(messageOutbox)
    .innerJoin(enrolments, eq(enrolments.id, messageOutbox.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .where(and(...where))
    .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    total: Number(count),
    rows: rows.map((r) => ({
      ...r,
      status: r.status as OutboxStatus,
      ...smsPartsOf(r.body),
      created_at: r.created_at.toISOString(),
      sent_at: r.sent_at ? r.sent_at.toISOString() : null,
    })),
  };
}

const smsPartsOf = (body: string) => {
  const { encoding, length, parts } = smsParts(body);
  return { encoding, length, parts };
};

// ------------------------------------------------------------------ corrections

const changerUser = alias(users, 'changer_user');
const changerTeacher = alias(teachers, 'changer_teacher');

/**
 * The audit of one period's taking on a date: every changed mark (whose, from what to what, by
 * whom, when), newest first, one page of it. An untaken period has no rows.
 */
export async function takingAudit(db: DbOrTx, opts: { routineId: number; date: string } & PageWindow) {
  const where = and(eq(attendanceTakings.routineId, opts.routineId), eq(attendanceTakings.date, opts.date));
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(attendanceAudit)
    .innerJoin(attendanceMarks, eq(attendanceMarks.id, attendanceAudit.markId))
    .innerJoin(attendanceTakings, eq(attendanceTakings.id, attendanceMarks.takingId))
    .where(where);
  const rows = await db
    .select({
      id: attendanceAudit.id,
      student_id: students.id,
      full_name: studentName,
      class_roll_no: enrolments.classRollNo,
      old_status: attendanceAudit.oldStatus,
      new_status: attendanceAudit.newStatus,
      changed_by: accountName(changerUser, changerTeacher),
      changed_at: attendanceAudit.changedAt,
    })
    .from(attendanceAudit)
    .innerJoin(attendanceMarks, eq(attendanceMarks.id, attendanceAudit.markId))
    .innerJoin(attendanceTakings, eq(attendanceTakings.id, attendanceMarks.takingId))
    .innerJoin(enrolments, eq(enrolments.id, attendanceMarks.enrolmentId))
    .innerJoin(students, eq(students.id, enrolments.studentId))
    .innerJoin(changerUser, eq(changerUser.id, attendanceAudit.changedByUserId))
    .leftJoin(changerTeacher, eq(changerTeacher.userId, changerUser.id))
    .where(where)
    .orderBy(desc(attendanceAudit.changedAt), desc(attendanceAudit.id))
    .limit(opts.limit)
    .offset(opts.offset);
  return {
    total: Number(count),
    rows: rows.map((r) => ({
      ...r,
      old_status: r.old_status as 0 | 1,
      new_status: r.new_status as 0 | 1,
      changed_at: r.changed_at.toISOString(),
    })),
  };
}
