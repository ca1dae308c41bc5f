/**
 * A section's attendance over a range: GET /api/attendanceReport/student (the old portal's path)
 * and the same as the printed monthly register, GET /api/attendanceReport/student/pdf. A teacher
 * reads the sections they teach in the range's session, a school admin and a linked viewer any of
 * the school's (server/auth/scope.ts); the figures are services/attendance-register.ts's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { authOf } from '../auth/guard';
import { sectionInScope } from '../auth/scope';
import { attendanceReport } from '../services/attendance-register';
import { registerFile } from '../services/pdf-files';
import { sendPdf } from '../storage/files';
import { attendanceRegisterEndpoints } from '@/api/endpoints/attendance-register';
import { route } from './define';

export async function attendanceRegisterRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // A month's register is a heavy read: from a standby when one is configured (docs/SCALING.md).
  const readDb = app.readDb;

  route(app, attendanceRegisterEndpoints.report, {}, async (req) => {
    const q = req.query;
    const section = await sectionInScope(req, q.section_id, { schoolInfoId: q.school_info_id, date: q.start_date });
    return attendanceReport(readDb, section, q);
  });

  route(app, attendanceRegisterEndpoints.pdf, {}, async (req, reply) => {
    const q = req.query;
    const section = await sectionInScope(req, q.section_id, { schoolInfoId: q.school_info_id, date: q.start_date });
    const report = await attendanceReport(readDb, section, q);
    return sendPdf(reply, await registerFile(db, authOf(req).userId, section.schoolId, report, q.lang));
  });
}
