/**
 * eSchool: the school's online classes. A teacher schedules, edits and cancels classes
 * for a section and subject they have in the routine of the class's session; a school admin may do
 * so for any routine entry of their school (naming its teacher). Students read their enrolled
 * sections' classes, teachers their own (or the school's), viewers a linked school's. Lists come
 * upcoming first (by start), then the ended ones (latest first), paged. Cancelling keeps the row.
 * Who reaches which classes is server/auth/scope.ts's; the rules and queries are
 * server/services/eschool.ts's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ESCHOOL_MESSAGES, ESCHOOL_SUCCESS_CODES } from '@/api/schemas/eschool';
import { narrowedToTeacher, schoolOfCall, studentOfCaller, teacherRowInScope } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import {
  cancelOnlineClass,
  createOnlineClass,
  findOnlineClass,
  listOnlineClasses,
  notOwnClass,
  refuseCancelled,
  scheduleOptions,
  updateOnlineClass,
  type OnlineClassRecord,
} from '../services/eschool';
import { eschoolEndpoints } from '@/api/endpoints/eschool';
import { route } from './define';

export async function eschoolRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** A teacher may touch only their own classes; a school admin any of the school's (server/auth/scope.ts). */
  const mayChange = async (req: FastifyRequest, rec: OnlineClassRecord) => {
    await teacherRowInScope(req, rec.schoolId, (me) => me.id === rec.teacherId, notOwnClass);
    refuseCancelled(rec);
  };

  route(
    app,
    eschoolEndpoints.classes,
    {
      // Kept until the school's classes change (migration 0026), at most RESPONSE_TTL_MS (30 s): a class
      // that ends meanwhile moves to the ended ones that much later.
      config: { cacheable: true },
      schema: {
        description:
          'Online classes, upcoming first then ended (latest first), paged. A student: their enrolled ' +
          "sections'; a guardian: a linked child's (student_id). A teacher: their own (scope=mine, the default) or the school's (scope=school). A " +
          "school admin or viewer (school_info_id): the school's. section_id narrows any of them.",
      },
    },
    async (req) => {
      const q = req.query;
      // A student: their enrolled sections'; a guardian: a linked child's, in the child's school
      // (server/auth/scope.ts). Staff: the school's, a teacher's own unless scope=school.
      const student = await studentOfCaller(req, q.student_id);
      const schoolId = await schoolOfCall(req, student, q.school_info_id);
      const teacher = student || q.scope === 'school' ? null : await narrowedToTeacher(req);
      return listOnlineClasses(db, schoolId, { student, teacher }, q);
    },
  );

  route(
    app,
    eschoolEndpoints.options,
    {
      schema: {
        description:
          "What the caller may schedule in the current session: a teacher's own routine entries (section " +
          "and subject); a school admin's, every routine entry of the school with its teacher.",
      },
    },
    async (req) => scheduleOptions(db, await schoolOf(req, req.query.school_info_id), () => narrowedToTeacher(req)),
  );

  route(app, eschoolEndpoints.postClasses, {}, async (req) => {
    const schoolId = await schoolOf(req, req.body.school_info_id ?? undefined);
    // A teacher schedules their own classes; the school admin names the teacher (server/auth/scope.ts).
    const id = await createOnlineClass(db, schoolId, await narrowedToTeacher(req), req.body);
    return { ok: true as const, id, code: ESCHOOL_SUCCESS_CODES.created, message: ESCHOOL_MESSAGES.created };
  });

  route(app, eschoolEndpoints.putClasses, {}, async (req) => {
    const rec = await findOnlineClass(db, req.params.id);
    await mayChange(req, rec);
    const me = await narrowedToTeacher(req);
    await updateOnlineClass(db, rec, await schoolOf(req, req.body.school_info_id ?? undefined), me, req.body);
    return { ok: true as const, id: rec.id, code: ESCHOOL_SUCCESS_CODES.updated, message: ESCHOOL_MESSAGES.updated };
  });

  route(app, eschoolEndpoints.classesCancel, {}, async (req) => {
    const rec = await findOnlineClass(db, req.params.id);
    await mayChange(req, rec);
    await cancelOnlineClass(db, rec);
    return {
      ok: true as const,
      id: rec.id,
      code: ESCHOOL_SUCCESS_CODES.cancelled,
      message: ESCHOOL_MESSAGES.cancelled,
    };
  });
}
