/**
 * The grade sheet as PDF: GET /api/gradesheet/pdf (one student: who may read
 * GET /api/gradesheet may download it) and GET /api/gradesheet/section/pdf (every student of a
 * section, one page each: the section's teachers, the school's admin, a linked viewer; also at
 * the spec's GET /api/gradesheet/section_pdf). Paths
 * added beyond the spec, which shows the sheet on screen only.
 *
 * Both use the JSON's computation (sectionSheets: five queries for the whole section, whatever its
 * size, then gradesheetOf per student), so the section PDF costs no query per student. The
 * documents are made in services/pdf-files.ts; whose sheets a caller may have is
 * server/auth/scope.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { authOf } from '../auth/guard';
import { resultsStudentInScope, sectionInScope } from '../auth/scope';
import { sectionGradesheetFile, studentGradesheetFile } from '../services/pdf-files';
import { sendPdf } from '../storage/files';
import { gradesheetPdfEndpoints } from '@/api/endpoints/gradesheet-pdf';
import { route } from './define';

export async function gradesheetPdfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  route(app, gradesheetPdfEndpoints.pdf, {}, async (req, reply) => {
    const who = await resultsStudentInScope(req, req.query);
    return sendPdf(reply, await studentGradesheetFile(db, app.hotCache, authOf(req).userId, who, req.query));
  });

  // One handler, two paths: /gradesheet/section/pdf and the spec's /gradesheet/section_pdf.
  for (const endpoint of [gradesheetPdfEndpoints.sectionPdf, gradesheetPdfEndpoints.sectionPdfSpec]) {
    route(app, endpoint, {}, async (req, reply) => {
      const q = req.query;
      // A teacher: the section's teachers of that session, or of this one (last year's sheets of a
      // section are asked for by who teaches it now, as with one student's sheet): server/auth/scope.ts.
      const section = await sectionInScope(req, q.section_id, {
        schoolInfoId: q.school_info_id,
        sessionId: q.session_id,
        reach: 'results',
      });
      return sendPdf(reply, await sectionGradesheetFile(db, app.hotCache, authOf(req).userId, section, q));
    });
  }
}
