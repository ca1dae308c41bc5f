/**
 * Deleting records made by mistake (docs/DOMAIN.md, "Deleting"): each route finds the record (404),
 * asks the school check for its school (server/auth/tenant.ts: another school's is 403), and hands
 * it to server/services/record-deletes.ts, which deletes it or answers 409 naming what depends on it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordDeletesEndpoints as E } from '@/api/endpoints/record-deletes';
import { dependentsError } from '@/api/schemas/record-deletes';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import { deleteRecord, deleteRoutines, findDeletable, findRoutines, type RecordKind } from '../services/record-deletes';
import { route } from './define';

const REFUSED = { 409: dependentsError };

export async function recordDeleteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  /** The record of the caller's school, or the school check's refusal. */
  const ownRecord = async (req: FastifyRequest, kind: RecordKind, id: number) => {
    const record = await findDeletable(db, kind, id);
    await schoolOf(req, record.schoolId);
    return record;
  };

  const byId = [
    [
      E.studentDelete,
      'student',
      'A student with no marks, attendance or payments, with their enrolments, guardian links and login.',
    ],
    [E.teacherDelete, 'teacher', 'A teacher with no routine, exams, homework, attendance or marks, with their login.'],
    [E.examDelete, 'exam', 'An exam with no marks entered.'],
    [E.examTypeDelete, 'exam_type', 'An exam type no exam uses.'],
    [E.feeHeadDelete, 'fee_head', 'A fee head (payment sector) no fee uses.'],
    [E.schoolDelete, 'school', 'The super admin: a school with no students, teachers, sections or other records.'],
  ] as const;
  for (const [endpoint, kind, description] of byId) {
    route(
      app,
      endpoint,
      { schema: { description: `${description} 409 names what depends on it.`, response: REFUSED } },
      async (req) => deleteRecord(db, await ownRecord(req, kind, req.query.id), { userId: authOf(req).userId }),
    );
  }

  route(
    app,
    E.invoiceDelete,
    {
      schema: {
        description: 'Cancels an unpaid invoice, with a reason (query or body). A paid or part-paid one is 409.',
        response: REFUSED,
      },
    },
    async (req) =>
      deleteRecord(
        db,
        await ownRecord(req, 'invoice', req.query.id),
        { userId: authOf(req).userId },
        {
          reason: req.query.reason ?? req.body?.reason,
        },
      ),
  );

  route(
    app,
    E.routineDeleteAll,
    {
      schema: {
        description: 'Every routine entry named, or none (409 naming the attendance taken).',
        response: REFUSED,
      },
    },
    async (req) => {
      const { schoolIds } = await findRoutines(db, req.body.ids);
      let schoolId = 0;
      for (const s of schoolIds) schoolId = await schoolOf(req, s);
      return deleteRoutines(db, schoolId, req.body.ids, { userId: authOf(req).userId });
    },
  );
}
