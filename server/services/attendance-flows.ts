/**
 * The attendance routes' steps (routes/attendance.ts), each on rows server/auth/scope.ts has
 * already resolved (a routine entry, a section, a student): a taking judged and recorded, a
 * section's roll and absentees for a day, a student's history range, a school's day, and the
 * absence messages of today's period. The statements are services/attendance.ts.
 *
 * Which window a taking or correction is judged by (docs/DOMAIN.md, "Attendance") follows the
 * caller's user type: a teacher's, or the school admin's (who corrects any routine of their school).
 */
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import { USER_TYPES } from '@/api/permissions';
import type { TakeAttendanceBody } from '@/api/schemas/attendance';
import type { SectionRecord } from '../cache/hot-cache';
import type { Db, DbOrTx } from '../db/client';
import {
  absentStudents,
  checkEditWindow,
  checkQueuedTakenAt,
  checkTakingDate,
  clockTimeOf,
  historyRange,
  previewAbsenceMessages,
  queueAbsenceMessages,
  recordAttendance,
  refusal,
  sectionPeriods,
  sectionStudents,
  studentHistory,
  studentHistoryTotals,
  submissionSeen,
  type RoutineRef,
  type SubmissionOutcome,
} from './attendance';
import { detectChronicAbsence } from './chronic-absence';
import { holidayDatesBetween, schoolHolidayOn, schoolHolidays } from './calendar';
import { deliverPending, MAX_ATTEMPTS, type DeliveryAdapter } from './messaging';
import { schoolClock, sessionIdForDate } from './school-time';

/** The answer's English text per outcome (the client shows its code in the user's language). */
const OUTCOME_MESSAGES: Record<SubmissionOutcome, string> = {
  saved: 'Attendance saved',
  corrected: 'Attendance corrected',
  duplicate: 'This attendance had already reached the school; nothing was changed.',
  kept_admin:
    'The school admin corrected this period meanwhile; the admin’s marks stand. Your taking is kept in the record.',
  kept_later: 'A later taking of this period already counts; your earlier taking is kept in the record.',
};

/** Who takes: the signed-in user and their user type (which window judges them). */
export interface Taker {
  userId: number;
  userType: number;
}

/**
 * Take (or correct) a routine entry's attendance for a date: the date must be one the routine
 * meets on in its session and not a holiday; a first taking and a correction are judged by the
 * caller's window (a queued one by the time the roll was taken). A submission already seen under
 * its idempotency key (`key`) is answered as the period stands, however late the replay.
 */
export async function takeAttendance(
  db: Db,
  routine: RoutineRef,
  taker: Taker,
  body: TakeAttendanceBody,
  key: string | null,
  log?: Pick<FastifyBaseLogger, 'error'>,
) {
  const { date, attendance, taken_at } = body;
  const isTeacher = taker.userType === USER_TYPES.teacher;
  const clock = await schoolClock(db, routine.schoolId);
  // A submission that already arrived is answered as the period stands, however late the
  // replay (the date and window checks below judged it the first time).
  const replay = key !== null && (await submissionSeen(db, taker.userId, key));
  if (!replay) checkTakingDate(routine, date, clock, await sessionIdForDate(db, date));
  const holiday = await schoolHolidayOn(db, routine.schoolId, date);
  if (holiday && !replay) {
    throw refusal(
      'holiday',
      'date',
      `${DateTime.fromISO(date).toFormat('dd-MM-yyyy')} is a holiday (${holiday.topics}): attendance cannot be taken.`,
      409,
    );
  }
  // A queued submission (README, "Offline attendance") is bounded by the time the roll was taken; a first taking
  // is judged on it, a correction on the school's clock (recordAttendance, with `clock`). Its
  // clock time is the attendance time a first taking records (the admin sees the original).
  if (replay) {
    /* judged before */
  } else if (taken_at) checkQueuedTakenAt(taken_at, date, clock, isTeacher);
  else checkEditWindow(date, clock, isTeacher);
  const saved = await recordAttendance(db, {
    routine,
    date,
    time: taken_at ? clockTimeOf(taken_at, clock.timeZone) : body.time,
    userId: taker.userId,
    entries: attendance,
    key,
    takenAt: taken_at ?? null,
    isAdmin: !isTeacher,
    clock,
  });
  if (saved.outcome === 'saved' || saved.outcome === 'corrected') {
    // The section's chronic-absence episodes follow its marks (docs/DOMAIN.md, "Early
    // warnings"). The roll is saved whatever happens here: a failure is logged, and the next
    // save of the section detects again.
    await detectChronicAbsence(db, {
      schoolId: routine.schoolId,
      sectionId: routine.sectionId,
      userId: taker.userId,
    }).catch((err: unknown) => log?.error({ err }, 'chronic absence detection failed'));
  }
  return {
    ok: true as const,
    message: OUTCOME_MESSAGES[saved.outcome],
    code: `attendance.${saved.outcome === 'saved' || saved.outcome === 'corrected' ? saved.outcome : `sync_${saved.outcome}`}`,
    outcome: saved.outcome,
    taken_at: taken_at ?? null,
    routine_id: routine.id,
    date,
    time: saved.takenTime,
    corrected: saved.corrected,
    total: saved.total,
    present: saved.present,
    absent: saved.absent,
    students: saved.students,
  };
}

/** A class named must be the section's (400 `section_not_in_class`). */
export function checkSectionOfClass(section: SectionRecord, classId: number | undefined) {
  if (classId && classId !== section.classId)
    throw refusal('section_not_in_class', 'class_id', 'That section is not of this class.');
}

/** A routine entry named with a section must be of it (400 `routine_not_in_section`). */
export function checkRoutineOfSection(routine: RoutineRef | undefined, sectionId: number | undefined) {
  if (routine && sectionId && sectionId !== routine.sectionId) {
    throw refusal('routine_not_in_section', 'routine_id', 'That class is not of this section.');
  }
}

/**
 * A section's students for a day (default the school's today) in the routine's session, else the
 * day's (none: an empty list), with their marks of the routine entry if one is named.
 */
export async function sectionRoll(
  db: DbOrTx,
  section: SectionRecord,
  routine: RoutineRef | undefined,
  q: { class_id?: number; date?: string },
) {
  checkSectionOfClass(section, q.class_id);
  const { today } = await schoolClock(db, section.schoolId);
  const date = q.date ?? today;
  const sessionId = routine?.sessionId ?? (await sessionIdForDate(db, date));
  if (!sessionId) return [];
  return sectionStudents(db, { sectionId: section.id, sessionId, routineId: routine?.id, date });
}

/** What a student's history is read over: the range (default the last 30 days) without the school's holidays. */
export async function historyFilterOf(
  db: DbOrTx,
  student: { id: number; schoolId: number },
  q: { period_id?: number; subject_id?: number; start_date?: string; end_date?: string },
) {
  const { today } = await schoolClock(db, student.schoolId);
  const { startDate, endDate } = historyRange(today, q.start_date, q.end_date);
  // Holidays are not school days: a mark on one (taken before it was declared) is not counted.
  const holidays = holidayDatesBetween(await schoolHolidays(db, student.schoolId), startDate, endDate);
  return {
    studentId: student.id,
    schoolId: student.schoolId,
    startDate,
    endDate,
    holidays,
    periodId: q.period_id,
    subjectId: q.subject_id,
  };
}

/** A student's marks over the history range, paged. */
export async function studentHistoryPage(
  db: DbOrTx,
  student: { id: number; schoolId: number },
  q: Parameters<typeof historyFilterOf>[2] & { limit: number; offset: number },
) {
  return studentHistory(db, { ...(await historyFilterOf(db, student, q)), limit: q.limit, offset: q.offset });
}

/** A student's totals over the history range, with the range. */
export async function studentHistorySummaryOf(
  db: DbOrTx,
  student: { id: number; schoolId: number },
  q: Parameters<typeof historyFilterOf>[2],
) {
  const f = await historyFilterOf(db, student, q);
  const totals = await studentHistoryTotals(db, f);
  return { student_id: f.studentId, start_date: f.startDate, end_date: f.endDate, ...totals };
}

/** A section's absentees on a day (default the school's today), of one routine entry if named. */
export async function sectionAbsentees(
  db: DbOrTx,
  section: SectionRecord,
  routine: RoutineRef | undefined,
  q: { routine_id?: number; date?: string },
) {
  if (routine && routine.sectionId !== section.id)
    throw refusal('routine_not_in_section', 'routine_id', 'That class is not of this section.');
  const { today } = await schoolClock(db, section.schoolId);
  return absentStudents(db, { sectionId: section.id, date: q.date ?? today, routineId: q.routine_id });
}

/** A section's periods of a day (default the school's today): none without a session or on a holiday. */
export async function sectionDay(db: DbOrTx, section: SectionRecord, q: { class_id?: number; date?: string }) {
  checkSectionOfClass(section, q.class_id);
  const { today } = await schoolClock(db, section.schoolId);
  const date = q.date ?? today;
  const sessionId = await sessionIdForDate(db, date);
  if (!sessionId) return [];
  const holiday = !!(await schoolHolidayOn(db, section.schoolId, date));
  return sectionPeriods(db, { sectionId: section.id, sessionId, date, holiday });
}

/** School, date (default the school's today) and that date's session (0 when none: counts are empty). */
export async function schoolDateOf(db: DbOrTx, schoolId: number, date: string | undefined) {
  const { today, weeklyOffDays } = await schoolClock(db, schoolId);
  const day = date ?? today;
  const holiday = (await schoolHolidayOn(db, schoolId, day))?.topics ?? null;
  return { schoolId, date: day, sessionId: (await sessionIdForDate(db, day)) ?? 0, weeklyOffDays, holiday };
}

/** Absence messages go for today's attendance only (409 `messages_today_only`). */
async function checkToday(db: DbOrTx, routine: RoutineRef, date: string) {
  const { today } = await schoolClock(db, routine.schoolId);
  if (date !== today) {
    throw refusal(
      'messages_today_only',
      'date',
      'Absence messages go only for today’s attendance, never for an earlier date.',
      409,
    );
  }
}

/** What the absence messages of a routine entry's period today would be. */
export async function absenceMessagePreview(db: DbOrTx, routine: RoutineRef, date: string) {
  await checkToday(db, routine, date);
  return previewAbsenceMessages(db, { routine, date });
}

/**
 * Queue the absence messages of a routine entry's period today and start delivering them (new
 * ones, and earlier failures with attempts left) without waiting: a slow gateway must not hold
 * the teacher's screen. The outbox shows the outcome.
 */
export async function sendAbsenceMessages(
  db: Db,
  sms: DeliveryAdapter,
  log: FastifyBaseLogger,
  routine: RoutineRef,
  date: string,
  userId: number,
) {
  await checkToday(db, routine, date);
  const result = await queueAbsenceMessages(db, { routine, date, userId });
  deliverPending(db, sms, { scope: { routineId: routine.id, date }, limit: 500 }).catch((err: unknown) =>
    log.error({ err }, 'absence message delivery failed'),
  );
  return {
    ok: true as const,
    message: absenceMessageSummary(result),
    code: 'attendance.messages_queued',
    queued: result.queued,
    retried: result.retried,
    already: result.already,
    failed: result.failed,
    cancelled: result.cancelled,
    no_phone: result.noPhone,
  };
}

const messages = (n: number) => `${n} message${n === 1 ? '' : 's'}`;

/** What a press of 'Send Absent Message' did, every count named (none claimed that did not happen). */
function absenceMessageSummary(r: {
  absent: number;
  queued: number;
  retried: number;
  already: number;
  failed: number;
  cancelled: number;
  noPhone: number;
}): string {
  const parts = [
    r.queued ? `${messages(r.queued)} queued` : '',
    r.retried ? `${messages(r.retried)} not sent earlier, sending again` : '',
    r.already ? `${messages(r.already)} already sent` : '',
    r.failed ? `${messages(r.failed)} failed after ${MAX_ATTEMPTS} attempts (see the outbox)` : '',
    r.cancelled ? `${messages(r.cancelled)} cancelled (student now present)` : '',
    r.noPhone ? `${r.noPhone} absent student${r.noPhone === 1 ? '' : 's'} without a guardian phone number` : '',
  ].filter(Boolean);
  const lead = r.absent === 0 ? 'No student is absent in this class' : '';
  const text = [lead, ...parts].filter(Boolean).join('; ') || 'Nothing to send';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}
