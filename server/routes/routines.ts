/**
 * Class routines: a teacher's week, a section's week, a teacher's day, and the school admin's
 * entries. Whose routine a caller reaches is server/auth/scope.ts's (`knownTeacher`, a cache
 * shortcut, then `teacherInScope`); the reads and the rules of a write are
 * server/services/routine-reads.ts's and routines.ts's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ROUTINE_MESSAGES, ROUTINE_SUCCESS_CODES } from '@/api/schemas/routines';
import { knownTeacher, teacherInScope } from '../auth/scope';
import { schoolOf, sectionOf } from '../auth/tenant';
import { forbidden } from '../errors';
import { deleteRoutine, findRoutineRecord, routineListPage, writeRoutine } from '../services/routines';
import { routineSearchPage, sectionWeekRows, teacherDayRows, teacherWeekRows } from '../services/routine-reads';
import { routinesEndpoints } from '@/api/endpoints/routines';
import { route } from './define';

export async function routineRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** A routine the caller may change: it must exist (404) and be of the caller's school (403). */
  const manageableRoutine = async (req: FastifyRequest, routineId: number) => {
    const r = await findRoutineRecord(db, routineId);
    await schoolOf(req, r.schoolId);
    return r;
  };

  route(app, routinesEndpoints.teacher, { config: { cacheable: true } }, async (req) => {
    // The assumed teacher's week, unless it is empty and the assumption uncertain: then scope.ts decides.
    const known = await knownTeacher(req, req.query.teacher_id);
    if (known) {
      const rows = await teacherWeekRows(db, known);
      if (rows.length || known.certain) return rows;
    }
    return teacherWeekRows(db, await teacherInScope(req, req.query.teacher_id));
  });

  route(app, routinesEndpoints.student, { config: { cacheable: true } }, async (req) => {
    const { schoolId } = await sectionOf(req, req.query.section_id, req.query.school_info_id);
    return sectionWeekRows(db, schoolId, req.query.section_id, req.query.class_id);
  });

  route(app, routinesEndpoints.teacherToday, { config: { cacheable: true } }, async (req) => {
    const day = async (teacher: { id: number; schoolId: number }) => {
      if (req.query.school_info_id && req.query.school_info_id !== teacher.schoolId) throw forbidden();
      return teacherDayRows(db, teacher, req.query.today);
    };
    let known = await knownTeacher(req, req.query.teacher_id);
    // A school that is not the assumed one: let teacherInScope say which refusal it is.
    if (req.query.school_info_id && req.query.school_info_id !== known?.schoolId) known = undefined;
    if (known) {
      const rows = await day(known);
      if (rows.length || known.certain) return rows;
    }
    return day(await teacherInScope(req, req.query.teacher_id));
  });
  // ---------------------------------------------------------------- the admin's routines

  route(app, routinesEndpoints.all, {}, async (req) => {
    const body = req.body;
    const schoolId = await schoolOf(req, body.school_info_id);
    const existing = body.id ? await manageableRoutine(req, body.id) : null;
    const { id, done } = await writeRoutine(db, existing, schoolId, body);
    return { ok: true as const, id, message: ROUTINE_MESSAGES[done], code: ROUTINE_SUCCESS_CODES[done] };
  });

  route(app, routinesEndpoints.delete, {}, async (req) => {
    const r = await manageableRoutine(req, req.query.id);
    await deleteRoutine(db, r);
    return { ok: true as const, message: ROUTINE_MESSAGES.deleted, code: ROUTINE_SUCCESS_CODES.deleted };
  });

  route(app, routinesEndpoints.schoolFilter, {}, async (req) => {
    const { limit, offset, school_info_id, ...filters } = req.query;
    const schoolId = await schoolOf(req, school_info_id);
    // The newest session's first (a school keeps last year's routine), then the newest entries.
    return routineListPage(db, schoolId, filters, { limit, offset, order: 'newest' });
  });

  route(app, routinesEndpoints.adminSearch, {}, async (req) => {
    const { limit, offset, school_info_id, ...filters } = req.query;
    return routineSearchPage(db, await schoolOf(req, school_info_id), filters, { limit, offset });
  });
}
