/**
 * A section's student ID cards as a printable A4 PDF (docs/DOMAIN.md, "The school's documents"):
 * the school admin's any section, a teacher's a section they teach (server/auth/scope.ts,
 * `sectionInScope`). The cards are made in services/id-cards.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idCardsEndpoints } from '@/api/endpoints/id-cards';
import { authOf } from '../auth/guard';
import { sectionInScope } from '../auth/scope';
import { idCardsFile } from '../services/id-cards';
import { sendPdf, uploadDirOf } from '../storage/files';
import { route } from './define';

export async function idCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const dir = uploadDirOf(app.config);

  route(app, idCardsEndpoints.idCards, {}, async (req, reply) => {
    const section = await sectionInScope(req, req.query.section_id, { schoolInfoId: req.query.school_info_id });
    return sendPdf(reply, await idCardsFile(db, dir, authOf(req).userId, section, req.query.lang));
  });
}
