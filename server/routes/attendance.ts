/**
 * Attendance (spec part 2, sections 2 and 7): taking it, the dashboards' summaries, a student's
 * history, absentees and absence messages. The steps and rules are services/attendance-flows.ts
 * (which window judges a taking, by the caller's user type, among them), the statements
 * services/attendance.ts.
 *
 * Which rows a caller reaches is server/auth/scope.ts's to say (`routineInScope`, `sectionInScope`,
 * `studentInScope`): a teacher takes (and messages) attendance only for their own routine entries
 * and lists a section's students or absentees only for a section they teach in the session; a
 * school admin works on any routine or section of their school; a viewer reads linked schools; a
 * student reads only their own history, a guardian a linked child's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { untakenPeriods } from '../services/attendance-summaries';
import { authOf } from '../auth/guard';
import { routineInScope, sectionInScope, studentInScope, type RoutineInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { listOutbox, refusal, schoolDay, schoolSections, sectionsOfDay, takingAudit } from '../services/attendance';
import {
  absenceMessagePreview,
  checkRoutineOfSection,
  schoolDateOf,
  sectionAbsentees,
  sectionDay,
  sectionRoll,
  sendAbsenceMessages,
  studentHistoryPage,
  studentHistorySummaryOf,
  takeAttendance,
} from '../services/attendance-flows';
import { adapterFromConfig, deliveriesSettled } from '../services/messaging';
import { attendanceEndpoints } from '@/api/endpoints/attendance';
import { route } from './define';

export async function attendanceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const sms = adapterFromConfig(app.config, app.log);
  // Let deliveries in flight finish before the database closes.
  app.addHook('onClose', () => deliveriesSettled(db));

  route(app, attendanceEndpoints.postAttendanceStudent, {}, async (req) => {
    const routine = await routineInScope(req, req.body.routine_id, { date: req.body.date });
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' && header ? header : null;
    return takeAttendance(db, routine, authOf(req), req.body, key, req.log);
  });

  route(app, attendanceEndpoints.attendanceStudent, {}, async (req) => {
    const q = req.query;
    if (!q.section_id && !q.routine_id) throw refusal('choose_section', 'section_id', 'Choose a section.');
    let routine: RoutineInScope | undefined;
    if (q.routine_id) {
      routine = await routineInScope(req, q.routine_id, { date: q.date });
      checkRoutineOfSection(routine, q.section_id);
    }
    // A teacher's own routine entry is a section they teach in its session; else the date's.
    const section = await sectionInScope(req, routine?.sectionId ?? q.section_id!, {
      schoolInfoId: q.school_info_id,
      sessionId: routine?.sessionId,
      date: q.date,
      through: routine,
    });
    return sectionRoll(db, section, routine, q);
  });

  route(
    app,
    attendanceEndpoints.attendanceStudentIndividual,
    {
      config: { cacheable: true },
    },
    async (req) => {
      // A student's own record, a guardian's linked child, or a student of a school the caller sees.
      const student = await studentInScope(req, req.query.student_id);
      return studentHistoryPage(db, student, req.query);
    },
  );

  route(
    app,
    attendanceEndpoints.attendanceStudentIndividualSummary,
    {
      config: { cacheable: true },
    },
    async (req) => {
      const student = await studentInScope(req, req.query.student_id);
      return studentHistorySummaryOf(db, student, req.query);
    },
  );

  route(app, attendanceEndpoints.attendanceSectionAbsent, {}, async (req) => {
    const q = req.query;
    const routine = q.routine_id ? await routineInScope(req, q.routine_id, { date: q.date }) : undefined;
    const section = await sectionInScope(req, q.section_id, {
      sessionId: routine?.sessionId,
      date: q.date,
      through: routine,
    });
    return sectionAbsentees(db, section, routine, q);
  });

  route(
    app,
    attendanceEndpoints.attendanceSummarySectionToday,
    {
      config: { cacheable: true },
    },
    async (req) => {
      const q = req.query;
      const section = await sectionInScope(req, q.section_id);
      return sectionDay(db, section, q);
    },
  );

  /** School, date (default the school's today) and that date's session (0 when none: counts are empty). */
  const schoolDate = async (req: FastifyRequest, schoolInfoId: number | undefined, date: string | undefined) =>
    schoolDateOf(db, await schoolOf(req, schoolInfoId), date);

  route(
    app,
    attendanceEndpoints.attendanceSummaryAll,
    {
      config: { cacheable: true },
    },
    async (req) => schoolSections(db, await schoolDate(req, req.query.school_info_id, req.query.date)),
  );

  route(
    app,
    attendanceEndpoints.attendanceSummarySchool,
    {
      config: { cacheable: true },
    },
    async (req) => schoolDay(db, await schoolDate(req, req.query.school_info_id, req.query.date)),
  );

  route(app, attendanceEndpoints.reportUntakenPeriods, {}, async (req) => {
    const { school_info_id, ...rest } = req.query;
    return untakenPeriods(db, { schoolId: await schoolOf(req, school_info_id), ...rest });
  });

  route(
    app,
    attendanceEndpoints.routineSchoolTodaySections,
    {
      config: { cacheable: true },
    },
    async (req) => sectionsOfDay(db, await schoolDate(req, req.query.school_info_id, req.query.today)),
  );

  route(app, attendanceEndpoints.attendanceAbsentMessage, {}, async (req) => {
    const routine = await routineInScope(req, req.query.routine_id, { date: req.query.date });
    return absenceMessagePreview(db, routine, req.query.date);
  });

  route(app, attendanceEndpoints.postAttendanceAbsentMessage, {}, async (req) => {
    const routine = await routineInScope(req, req.body.routine_id, { date: req.body.date });
    return sendAbsenceMessages(db, sms, req.log, routine, req.body.date, authOf(req).userId);
  });

  route(app, attendanceEndpoints.attendanceOutbox, {}, async (req) => {
    const schoolId = await schoolOf(req);
    const { limit, offset } = req.query;
    const { total, rows } = await listOutbox(db, { schoolId, ...req.query });
    return { rows, total, limit, offset };
  });

  // The school admin's record of corrections. It shares the outbox's action (school admins only)
  // until the permission table has its own 'attendance.audit'.
  route(app, attendanceEndpoints.attendanceAudit, {}, async (req) => {
    const { routine_id, date, limit, offset } = req.query;
    const routine = await routineInScope(req, routine_id);
    const { total, rows } = await takingAudit(db, { routineId: routine.id, date, limit, offset });
    return { rows, total, limit, offset };
  });
}
