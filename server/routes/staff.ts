/**
 * The teachers' own day (docs/DOMAIN.md, "Staff attendance, leave and substitutes"): check-in and
 * check-out, the admin's day of the staff, marks and monthly register (services/staff.ts); leave
 * and its balance (services/leave.ts); substitutes (services/substitutions.ts); notices to staff
 * (services/staff-notices.ts). The school and rows are server/auth/tenant.ts's and scope.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_SUCCESS_CODES } from '@/api/schemas/staff';
import { authOf } from '../auth/guard';
import { callerTeacher, narrowedToTeacher, routineInScope, teacherInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { balanceOf, decideLeave, leaveById, leavePage, requestLeave } from '../services/leave';
import {
  checkIn,
  checkOut,
  markDay,
  myDay,
  readSettings,
  saveSettings,
  staffDay,
  staffRegister,
} from '../services/staff';
import { staffRegisterFile } from '../services/pdf-files';
import { staffNoticePage, sendStaffNotice } from '../services/staff-notices';
import { sendPdf } from '../storage/files';
import { assignSubstitute, neededOn, removeSubstitute } from '../services/substitutions';
import { leaveEndpoints, staffEndpoints, staffNoticeEndpoints, substitutionEndpoints } from '@/api/endpoints/staff';
import { route } from './define';

export async function staffRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- settings and the day

  route(app, staffEndpoints.settings, {}, async (req) =>
    readSettings(db, await schoolOf(req, req.query.school_info_id)),
  );

  route(app, staffEndpoints.saveSettings, {}, async (req) =>
    saveSettings(db, await schoolOf(req, req.body.school_info_id), authOf(req).userId, req.body),
  );

  /** The caller's teacher record, in the school the body names (if it names one). */
  const me = async (req: Parameters<typeof callerTeacher>[0], schoolInfoId?: number) => {
    const teacher = await callerTeacher(req);
    await schoolOf(req, schoolInfoId ?? teacher.schoolId);
    return { ...teacher, userId: authOf(req).userId };
  };

  route(app, staffEndpoints.me, {}, async (req) => myDay(db, await me(req)));
  route(app, staffEndpoints.checkIn, {}, async (req) => checkIn(db, await me(req, req.body?.school_info_id)));
  route(app, staffEndpoints.checkOut, {}, async (req) => checkOut(db, await me(req, req.body?.school_info_id)));

  route(app, staffEndpoints.attendance, {}, async (req) => {
    const { school_info_id, ...q } = req.query;
    return staffDay(db, await schoolOf(req, school_info_id), q);
  });

  route(app, staffEndpoints.mark, {}, async (req) =>
    markDay(db, await schoolOf(req, req.body.school_info_id), authOf(req).userId, req.body),
  );

  route(app, staffEndpoints.register, {}, async (req) =>
    staffRegister(db, await schoolOf(req, req.query.school_info_id), req.query.month),
  );

  route(app, staffEndpoints.registerPdf, {}, async (req, reply) => {
    const schoolId = await schoolOf(req, req.query.school_info_id);
    const register = await staffRegister(db, schoolId, req.query.month);
    return sendPdf(reply, await staffRegisterFile(db, authOf(req).userId, schoolId, register, req.query.lang));
  });

  // ---------------------------------------------------------------- leave

  route(app, leaveEndpoints.request, {}, async (req) => {
    const leave = await requestLeave(db, await me(req, req.body.school_info_id), req.body);
    return { ok: true as const, code: STAFF_SUCCESS_CODES.leaveRequested, message: 'Leave requested.', leave };
  });

  route(app, leaveEndpoints.decide, {}, async (req) => {
    const leave = await leaveById(db, req.body.id);
    await schoolOf(req, leave.school_info_id);
    return decideLeave(db, leave, authOf(req).userId, req.body);
  });

  route(app, leaveEndpoints.list, {}, async (req) => {
    const { school_info_id, teacher_id, ...q } = req.query;
    const schoolId = await schoolOf(req, school_info_id);
    const own = await narrowedToTeacher(req);
    return leavePage(db, schoolId, { teacherId: own?.id ?? teacher_id, ...q });
  });

  route(app, leaveEndpoints.balance, {}, async (req) => {
    const teacher = await teacherInScope(req, req.query.teacher_id);
    if (req.query.school_info_id) await schoolOf(req, req.query.school_info_id);
    return balanceOf(db, teacher, req.query.year);
  });

  // ---------------------------------------------------------------- substitutes

  route(app, substitutionEndpoints.needed, {}, async (req) =>
    neededOn(db, await schoolOf(req, req.query.school_info_id), req.query.date),
  );

  route(app, substitutionEndpoints.assign, {}, async (req) => {
    const routine = await routineInScope(req, req.body.routine_id);
    return assignSubstitute(db, routine, req.body.date, req.body.teacher_id, authOf(req).userId);
  });

  route(app, substitutionEndpoints.remove, {}, async (req) => {
    const routine = await routineInScope(req, req.body.routine_id);
    return removeSubstitute(db, routine, req.body.date, authOf(req).userId);
  });

  // ---------------------------------------------------------------- notices to staff

  route(app, staffNoticeEndpoints.send, {}, async (req) =>
    sendStaffNotice(db, await schoolOf(req, req.body.school_info_id), authOf(req).userId, req.body),
  );

  route(app, staffNoticeEndpoints.list, {}, async (req) => {
    const { school_info_id, ...q } = req.query;
    const schoolId = await schoolOf(req, school_info_id);
    const own = await narrowedToTeacher(req);
    return staffNoticePage(db, schoolId, { teacherId: own?.id, ...q });
  });
}
