/**
 * An exam's admit cards and its seat plan as printable A4 PDFs (docs/DOMAIN.md, "The school's documents"): the
 * exam through `examInScope`, another section through `sectionInScope` (server/auth/scope.ts).
 * The cards are made in services/admit-cards.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { admitCardsEndpoints } from '@/api/endpoints/admit-cards';
import { authOf } from '../auth/guard';
import { examInScope, sectionInScope } from '../auth/scope';
import { admitCardsFile } from '../services/admit-cards';
import { seatPlanFile } from '../services/seat-plan';
import { sendPdf } from '../storage/files';
import { route } from './define';

export async function admitCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(app, admitCardsEndpoints.admitCards, {}, async (req, reply) => {
    const exam = await examInScope(req, req.query.exam_id);
    const section = req.query.section_id
      ? await sectionInScope(req, req.query.section_id, { schoolInfoId: exam.school_id })
      : null;
    return sendPdf(reply, await admitCardsFile(db, authOf(req).userId, exam, section, req.query.lang));
  });

  route(app, admitCardsEndpoints.seatPlan, {}, async (req, reply) => {
    const exam = await examInScope(req, req.query.exam_id);
    return sendPdf(reply, await seatPlanFile(db, authOf(req).userId, exam, req.query.lang));
  });
}
