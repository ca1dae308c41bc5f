/**
 * Attendance (spec part 2, sections 2 and 7): taking it, the dashboards' summaries, a student's
 * history, absentees and absence messages. Who may touch which routine, section and student is
 * decided here; the queries are in services/attendance.ts.
 *
 * Which rows a caller reaches is server/auth/scope.ts's to say (`routineInScope`, `sectionInScope`,
 * `studentInScope`): a teacher takes (and messages) attendance only for their own routine entries
 * and lists a section's students or absentees only for a section they teach in the session; a
 * school admin works on any routine or section of their school; a viewer reads linked schools; a
 * student reads only their own history, a guardian a linked child's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DateTime } from 'luxon';
import {
  absentMessageBody,
  absentMessagePreview,
  absentMessageQuery,
  absentMessageResponse,
  absentStudentRow,
  attendanceAuditPage,
  attendanceAuditQuery,
  attendanceStudentRow,
  outboxPage,
  outboxQuery,
  periodAttendanceRow,
  schoolAttendanceSummary,
  schoolDayQuery,
  schoolTodaySectionRow,
  schoolTodaySectionsQuery,
  sectionAbsentQuery,
  sectionAttendanceSummaryRow,
  sectionDayQuery,
  sectionStudentsQuery,
  studentHistoryFilter,
  studentHistoryQuery,
  studentHistoryRow,
  studentHistorySummary,
  takeAttendanceBody,
  takeAttendanceResponse,
} from '@/api/schemas/attendance';
import { USER_TYPES } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { routineInScope, sectionInScope, studentInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import {
  absentStudents,
  checkEditWindow,
  checkQueuedTakenAt,
  checkTakingDate,
  clockTimeOf,
  historyRange,
  listOutbox,
  previewAbsenceMessages,
  queueAbsenceMessages,
  recordAttendance,
  schoolDay,
  schoolSections,
  sectionPeriods,
  sectionStudents,
  sectionsOfDay,
  studentHistory,
  studentHistoryTotals,
  takingAudit,
  refusal,
  submissionSeen,
  type RoutineRef,
  type SubmissionOutcome,
} from '../services/attendance';
import { adapterFromConfig, deliveriesSettled, deliverPending, MAX_ATTEMPTS } from '../services/messaging';
import { schoolClock, sessionIdForDate } from '../services/school-time';
import { holidayDatesBetween, schoolHolidayOn, schoolHolidays } from '../services/calendar';

/** The answer's English text per outcome (the client shows its code in the user's language). */
const OUTCOME_MESSAGES: Record<SubmissionOutcome, string> = {
  saved: 'Attendance saved',
  corrected: 'Attendance corrected',
  duplicate: 'This attendance had already reached the school; nothing was changed.',
  kept_admin:
    'The school admin corrected this period meanwhile; the admin’s marks stand. Your taking is kept in the record.',
  kept_later: 'A later taking of this period already counts; your earlier taking is kept in the record.',
};

export async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const sms = adapterFromConfig(app.config, app.log);
  // Let deliveries in flight finish before the database closes.
  app.addHook('onClose', () => deliveriesSettled(db));

  // Which window a taking or correction is judged by (docs/DOMAIN.md, "Attendance"): the rows are
  // decided before, by server/auth/scope.ts.
  const isTeacher = (req: FastifyRequest) => authOf(req).userType === USER_TYPES.teacher;

  app.post(
    '/attendance/student',
    {
      config: { action: 'attendance.take' },
      schema: { body: takeAttendanceBody, response: { 200: takeAttendanceResponse } },
    },
    async (req) => {
      const { date, routine_id, attendance, taken_at } = req.body;
      const routine = await routineInScope(req, routine_id);
      const clock = await schoolClock(db, routine.schoolId);
      const header = req.headers['idempotency-key'];
      const key = typeof header === 'string' && header ? header : null;
      // A submission that already arrived is answered as the period stands, however late the
      // replay (the date and window checks below judged it the first time).
      const replay = key !== null && (await submissionSeen(db, authOf(req).userId, key));
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
      } else if (taken_at) checkQueuedTakenAt(taken_at, date, clock, isTeacher(req));
      else checkEditWindow(date, clock, isTeacher(req));
      const saved = await recordAttendance(db, {
        routine,
        date,
        time: taken_at ? clockTimeOf(taken_at, clock.timeZone) : req.body.time,
        userId: authOf(req).userId,
        entries: attendance,
        key,
        takenAt: taken_at ?? null,
        isAdmin: !isTeacher(req),
        clock,
      });
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
    },
  );

  app.get(
    '/attendance/student',
    {
      config: { action: 'attendance.section-students' },
      schema: { querystring: sectionStudentsQuery, response: { 200: z.array(attendanceStudentRow) } },
    },
    async (req) => {
      const q = req.query;
      if (!q.section_id && !q.routine_id) throw refusal('choose_section', 'section_id', 'Choose a section.');
      let routine: RoutineRef | undefined;
      if (q.routine_id) {
        routine = await routineInScope(req, q.routine_id);
        if (q.section_id && q.section_id !== routine.sectionId) {
          throw refusal('routine_not_in_section', 'routine_id', 'That class is not of this section.');
        }
      }
      // A teacher's own routine entry is a section they teach in its session; else the date's.
      const section = await sectionInScope(req, routine?.sectionId ?? q.section_id!, {
        schoolInfoId: q.school_info_id,
        sessionId: routine?.sessionId,
        date: q.date,
      });
      if (q.class_id && q.class_id !== section.classId)
        throw refusal('section_not_in_class', 'class_id', 'That section is not of this class.');
      const { today } = await schoolClock(db, section.schoolId);
      const date = q.date ?? today;
      const sessionId = routine?.sessionId ?? (await sessionIdForDate(db, date));
      if (!sessionId) return [];
      return sectionStudents(db, { sectionId: section.id, sessionId, routineId: routine?.id, date });
    },
  );

  const historyFilter = async (req: FastifyRequest, q: z.infer<typeof studentHistoryFilter>) => {
    // A student's own record, a guardian's linked child, or a student of a school the caller sees.
    const student = await studentInScope(req, q.student_id);
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
  };

  app.get(
    '/attendance/student/individual',
    {
      config: { action: 'attendance.student-history', cacheable: true },
      schema: { querystring: studentHistoryQuery, response: { 200: z.array(studentHistoryRow) } },
    },
    async (req) => {
      const { limit, offset } = req.query;
      return studentHistory(db, { ...(await historyFilter(req, req.query)), limit, offset });
    },
  );

  app.get(
    '/attendance/student/individual/summary',
    {
      config: { action: 'attendance.student-history', cacheable: true },
      schema: { querystring: studentHistoryFilter, response: { 200: studentHistorySummary } },
    },
    async (req) => {
      const f = await historyFilter(req, req.query);
      const totals = await studentHistoryTotals(db, f);
      return { student_id: f.studentId, start_date: f.startDate, end_date: f.endDate, ...totals };
    },
  );

  app.get(
    '/attendance/section/absent',
    {
      config: { action: 'attendance.section-absent' },
      schema: { querystring: sectionAbsentQuery, response: { 200: z.array(absentStudentRow) } },
    },
    async (req) => {
      const q = req.query;
      const routine = q.routine_id ? await routineInScope(req, q.routine_id) : undefined;
      const section = await sectionInScope(req, q.section_id, { sessionId: routine?.sessionId, date: q.date });
      if (routine && routine.sectionId !== section.id)
        throw refusal('routine_not_in_section', 'routine_id', 'That class is not of this section.');
      const { today } = await schoolClock(db, section.schoolId);
      const date = q.date ?? today;
      return absentStudents(db, { sectionId: section.id, date, routineId: q.routine_id });
    },
  );

  app.get(
    '/attendance/summary/section/today',
    {
      config: { action: 'attendance.summary', cacheable: true },
      schema: { querystring: sectionDayQuery, response: { 200: z.array(periodAttendanceRow) } },
    },
    async (req) => {
      const q = req.query;
      const section = await sectionInScope(req, q.section_id);
      if (q.class_id && q.class_id !== section.classId)
        throw refusal('section_not_in_class', 'class_id', 'That section is not of this class.');
      const { today } = await schoolClock(db, section.schoolId);
      const date = q.date ?? today;
      const sessionId = await sessionIdForDate(db, date);
      if (!sessionId) return [];
      const holiday = !!(await schoolHolidayOn(db, section.schoolId, date));
      return sectionPeriods(db, { sectionId: section.id, sessionId, date, holiday });
    },
  );

  /** School, date (default the school's today) and that date's session (0 when none: counts are empty). */
  const schoolDate = async (req: FastifyRequest, schoolInfoId: number | undefined, date: string | undefined) => {
    const schoolId = await schoolOf(req, schoolInfoId);
    const { today, weeklyOffDays } = await schoolClock(db, schoolId);
    const day = date ?? today;
    const holiday = (await schoolHolidayOn(db, schoolId, day))?.topics ?? null;
    return { schoolId, date: day, sessionId: (await sessionIdForDate(db, day)) ?? 0, weeklyOffDays, holiday };
  };

  app.get(
    '/attendance/summary/all',
    {
      config: { action: 'attendance.summary', cacheable: true },
      schema: { querystring: schoolDayQuery, response: { 200: z.array(sectionAttendanceSummaryRow) } },
    },
    async (req) => schoolSections(db, await schoolDate(req, req.query.school_info_id, req.query.date)),
  );

  app.get(
    '/attendance/summary/school',
    {
      config: { action: 'attendance.summary', cacheable: true },
      schema: { querystring: schoolDayQuery, response: { 200: schoolAttendanceSummary } },
    },
    async (req) => schoolDay(db, await schoolDate(req, req.query.school_info_id, req.query.date)),
  );

  app.get(
    '/routine/school/today/sections',
    {
      config: { action: 'routine.school-today-sections', cacheable: true },
      schema: { querystring: schoolTodaySectionsQuery, response: { 200: z.array(schoolTodaySectionRow) } },
    },
    async (req) => sectionsOfDay(db, await schoolDate(req, req.query.school_info_id, req.query.today)),
  );

  /** A routine in scope and a date that is the school's today: absence messages go for today only. */
  const todaysRoutine = async (req: FastifyRequest, routineId: number, date: string) => {
    const routine = await routineInScope(req, routineId);
    const { today } = await schoolClock(db, routine.schoolId);
    if (date !== today) {
      throw refusal(
        'messages_today_only',
        'date',
        'Absence messages go only for today’s attendance, never for an earlier date.',
        409,
      );
    }
    return routine;
  };

  app.get(
    '/attendance/absent-message',
    {
      config: { action: 'attendance.take' },
      schema: { querystring: absentMessageQuery, response: { 200: absentMessagePreview } },
    },
    async (req) => {
      const { routine_id, date } = req.query;
      return previewAbsenceMessages(db, { routine: await todaysRoutine(req, routine_id, date), date });
    },
  );

  app.post(
    '/attendance/absent-message',
    {
      config: { action: 'attendance.take' },
      schema: { body: absentMessageBody, response: { 200: absentMessageResponse } },
    },
    async (req) => {
      const { date } = req.body;
      const routine = await todaysRoutine(req, req.body.routine_id, date);
      const result = await queueAbsenceMessages(db, { routine, date, userId: authOf(req).userId });
      // Deliver this period's messages (new ones, and earlier failures with attempts left) without
      // waiting: a slow gateway must not hold the teacher's screen. The outbox shows the outcome.
      deliverPending(db, sms, { scope: { routineId: routine.id, date }, limit: 500 }).catch((err: unknown) =>
        req.log.error({ err }, 'absence message delivery failed'),
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
    },
  );

  app.get(
    '/attendance/outbox',
    {
      config: { action: 'attendance.outbox' },
      schema: { querystring: outboxQuery, response: { 200: outboxPage } },
    },
    async (req) => {
      const schoolId = await schoolOf(req);
      const { limit, offset } = req.query;
      const { total, rows } = await listOutbox(db, { schoolId, ...req.query });
      return { rows, total, limit, offset };
    },
  );

  // The school admin's record of corrections. It shares the outbox's action (school admins only)
  // until the permission table has its own 'attendance.audit'.
  app.get(
    '/attendance/audit',
    {
      config: { action: 'attendance.outbox' },
      schema: { querystring: attendanceAuditQuery, response: { 200: attendanceAuditPage } },
    },
    async (req) => {
      const { routine_id, date, limit, offset } = req.query;
      const routine = await routineInScope(req, routine_id);
      const { total, rows } = await takingAudit(db, { routineId: routine.id, date, limit, offset });
      return { rows, total, limit, offset };
    },
  );
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
