/**
 * The grade sheet as PDF: GET /api/gradesheet/pdf (one student: who may read
 * GET /api/gradesheet may download it) and GET /api/gradesheet/section/pdf (every student of a
 * section, one page each: the section's teachers, the school's admin, a linked viewer). Paths
 * added beyond the spec, which shows the sheet on screen only.
 *
 * Both use the JSON's computation (sectionSheets: five queries for the whole section, whatever its
 * size, then gradesheetOf per student), so the section PDF costs no query per student.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, inArray } from 'drizzle-orm';
import type { Gradesheet } from '@/api/schemas/exams';
import { gradesheetPdfQuery, sectionGradesheetPdfQuery } from '@/api/schemas/gradesheet-pdf';
import { authOf } from '../auth/guard';
import { sectionInScope } from '../auth/scope';
import type { DbOrTx } from '../db/client';
import { classes, schools, sections, subjects, users } from '../db/schema';
import { notFound } from '../errors';
import { bnOr } from '../services/bangla-names';
import { gradesheetOf } from '../services/gradesheet';
import { gradesheetPdf, type PdfLanguage } from '../services/gradesheet-pdf';
import { publicationOf, sectionSheetsKept } from '../services/exams';
import { schoolClock } from '../services/school-time';
import { attachmentHeader } from '../storage/files';
import { readableStudent } from './exams';

/** A part of a file name: letters (any script), digits, dot and dash; spaces as dashes. */
const storageSafe = (part: string) =>
  part
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}.-]/gu, '')
    .slice(0, 60) || 'x';

/** The language asked for, else the caller's own, else the school's, else English. */
async function languageOf(db: DbOrTx, req: FastifyRequest, asked: PdfLanguage | undefined, schoolId: number) {
  if (asked) return asked;
  const [row] = await db
    .select({ own: users.language, school: schools.language })
    .from(users)
    .leftJoin(schools, eq(schools.id, schoolId))
    .where(eq(users.id, authOf(req).userId));
  const pick = (v: string | null | undefined) => (v === 'bn' || v === 'en' ? v : null);
  return pick(row?.own) ?? pick(row?.school) ?? 'en';
}

/**
 * The sheets with their class and subject names in Bangla (docs/i18n.md, "Bangla names"): the
 * stored Bangla name, else the curriculum's (services/bangla-names.ts), else the English.
 */
async function inBangla(db: DbOrTx, sectionId: number, sheets: Gradesheet[]): Promise<Gradesheet[]> {
  const subjectIds = [...new Set(sheets.flatMap((s) => s.subjects.map((sub) => sub.subject_id)))];
  const [[cls], subjectRows] = await Promise.all([
    db
      .select({ bn: classes.classNameBn })
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .where(eq(sections.id, sectionId)),
    subjectIds.length
      ? db
          .select({ id: subjects.id, bn: subjects.subjectNameBn })
          .from(subjects)
          .where(inArray(subjects.id, subjectIds))
      : Promise.resolve([]),
  ]);
  const subjectBn = new Map(subjectRows.map((r) => [r.id, r.bn]));
  return sheets.map((s) => ({
    ...s,
    class_name: bnOr('classes', cls?.bn, s.class_name),
    subjects: s.subjects.map((sub) => ({
      ...sub,
      subject_name: bnOr('subjects', subjectBn.get(sub.subject_id), sub.subject_name),
    })),
  }));
}

/** The school's today as the sheet prints it (DD-MM-YYYY). */
async function printedOn(db: DbOrTx, schoolId: number) {
  const [y, m, d] = (await schoolClock(db, schoolId)).today.split('-');
  return `${d}-${m}-${y}`;
}

function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export async function gradesheetPdfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  app.get(
    '/gradesheet/pdf',
    { config: { action: 'exam.gradesheet-pdf' }, schema: { querystring: gradesheetPdfQuery } },
    async (req, reply) => {
      const q = req.query;
      const who = await readableStudent(db, req, q);
      const sheets = await sectionSheetsKept(db, app.hotCache, who.schoolId, who.sectionId, q.session_id);
      const me = sheets?.students.find((s) => s.enrolmentId === who.enrolmentId);
      if (!sheets || !me) throw notFound('Grade sheet');
      const sheet = gradesheetOf(sheets, me, q.session_id, who.publication.published);
      const lang = await languageOf(db, req, q.lang, who.schoolId);
      const printed = lang === 'bn' ? await inBangla(db, who.sectionId, [sheet]) : [sheet];
      const pdf = await gradesheetPdf(printed, lang, await printedOn(db, who.schoolId));
      return sendPdf(
        reply,
        pdf,
        `gradesheet-${storageSafe(sheet.student_code)}-${storageSafe(sheet.session_year)}.pdf`,
      );
    },
  );

  app.get(
    '/gradesheet/section/pdf',
    { config: { action: 'exam.gradesheet-section-pdf' }, schema: { querystring: sectionGradesheetPdfQuery } },
    async (req, reply) => {
      const q = req.query;
      // A teacher: the section's teachers of that session, or of this one (last year's sheets of a
      // section are asked for by who teaches it now, as with one student's sheet): server/auth/scope.ts.
      const section = await sectionInScope(req, q.section_id, {
        schoolInfoId: q.school_info_id,
        sessionId: q.session_id,
        reach: 'results',
      });
      const sheets = await sectionSheetsKept(db, app.hotCache, section.schoolId, section.id, q.session_id);
      if (!sheets || !sheets.students.length) throw notFound('Students of that section in that session');
      const { published } = await publicationOf(db, section.schoolId, q.session_id);
      const pages = sheets.students.map((s) => gradesheetOf(sheets, s, q.session_id, published));
      const lang = await languageOf(db, req, q.lang, section.schoolId);
      const printed = lang === 'bn' ? await inBangla(db, section.id, pages) : pages;
      const pdf = await gradesheetPdf(printed, lang, await printedOn(db, section.schoolId));
      const name = [sheets.className, sheets.sectionName, sheets.sessionYear].map(storageSafe).join('-');
      return sendPdf(reply, pdf, `gradesheets-${name}.pdf`);
    },
  );
}
