/**
 * The head teacher's reports (docs/DOMAIN.md, "Early warnings", "Result analysis"):
 * GET /api/report/chronic_absence (a teacher: the students of the sections they teach; a page as
 * JSON, the whole list as CSV or XLSX), /api/report/tabulation (a section's sheet as JSON, PDF, XLSX
 * or CSV: who may print its grade sheets), /api/report/merit_list and /api/report/result_analysis
 * (a class of the school; CSV and XLSX too). The registers
 * not taken are GET /api/report/untaken_periods (routes/attendance.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

import { authOf } from '../auth/guard';
import { sectionInScope, sectionsInReach } from '../auth/scope';
import { schoolOf } from '../auth/tenant';
import { chronicAbsenceList, saveChronicThresholds } from '../services/chronic-absence';
import {
  analysisCsv,
  analysisXlsx,
  chronicCsv,
  chronicXlsx,
  meritCsv,
  meritXlsx,
  tabulationCsv,
  tabulationPdfFile,
  tabulationXlsx,
} from '../services/report-files';
import { meritList, resultAnalysis, tabulationSheet } from '../services/result-analysis';
import { sendDownload, sendPdf } from '../storage/files';
import { reportsEndpoints } from '@/api/endpoints/reports';
import { route } from './define';

export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // The chronic absence list reads a month of marks: from a standby when one is configured (docs/SCALING.md).
  const readDb = app.readDb;

  route(app, reportsEndpoints.chronicAbsence, {}, async (req, reply) => {
    const q = req.query;
    const schoolId = q.section_id
      ? (await sectionInScope(req, q.section_id, { schoolInfoId: q.school_info_id })).schoolId
      : await schoolOf(req, q.school_info_id);
    // A download is the whole list: every flagged student of the caller's reach, not one page.
    const whole = q.format !== 'json';
    const page = await chronicAbsenceList(readDb, {
      schoolId,
      sectionId: q.section_id,
      asked: { days: q.days, threshold: q.threshold, consecutive: q.consecutive },
      reach: (sessionId) => sectionsInReach(req, sessionId),
      limit: whole ? Number.MAX_SAFE_INTEGER : q.limit,
      offset: whole ? 0 : q.offset,
    });
    if (q.format === 'csv') return sendDownload(reply, chronicCsv(page));
    if (q.format === 'xlsx') return sendDownload(reply, await chronicXlsx(page));
    return page;
  });

  route(app, reportsEndpoints.chronicSettings, {}, async (req) => {
    const { school_info_id, ...next } = req.body;
    return saveChronicThresholds(db, await schoolOf(req, school_info_id), authOf(req).userId, next);
  });

  route(app, reportsEndpoints.tabulation, {}, async (req, reply) => {
    const q = req.query;
    const section = await sectionInScope(req, q.section_id, {
      schoolInfoId: q.school_info_id,
      sessionId: q.session_id,
      reach: 'results',
    });
    const sheet = await tabulationSheet(db, app.hotCache, section, q.session_id);
    if (q.format === 'pdf')
      return sendPdf(reply, await tabulationPdfFile(db, authOf(req).userId, section.schoolId, sheet, q.lang));
    if (q.format === 'xlsx') return sendDownload(reply, await tabulationXlsx(sheet));
    if (q.format === 'csv') return sendDownload(reply, tabulationCsv(sheet));
    return sheet;
  });

  route(app, reportsEndpoints.meritList, {}, async (req, reply) => {
    const q = req.query;
    const schoolId = await schoolOf(req, q.school_info_id);
    const { all, ...page } = await meritList(db, app.hotCache, {
      schoolId,
      classId: q.class_id,
      sessionId: q.session_id,
      limit: q.limit,
      offset: q.offset,
    });
    const head = { className: page.class_name, sessionYear: page.session_year };
    if (q.format === 'csv') return sendDownload(reply, meritCsv(all, head));
    if (q.format === 'xlsx') return sendDownload(reply, await meritXlsx(all, head));
    return page;
  });

  route(app, reportsEndpoints.resultAnalysis, {}, async (req, reply) => {
    const q = req.query;
    const schoolId = await schoolOf(req, q.school_info_id);
    const analysis = await resultAnalysis(db, app.hotCache, { schoolId, classId: q.class_id, sessionId: q.session_id });
    if (q.format === 'xlsx') return sendDownload(reply, await analysisXlsx(analysis));
    if (q.format === 'csv') return sendDownload(reply, analysisCsv(analysis, q.table));
    return analysis;
  });
}
