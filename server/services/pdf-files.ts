/**
 * The PDF downloads as the routes hand them out (routes/gradesheet-pdf.ts, the receipt in
 * routes/online-payments.ts): the language a document is printed in (the one asked for, else the
 * caller's, else the school's, else English), the school's today as it is printed, a grade sheet's
 * class and subject names in Bangla, and the file's name. Drawing the pages is
 * services/gradesheet-pdf.ts's and services/receipt-pdf.ts's; whose documents a caller may have is
 * server/auth/scope.ts's.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AttendanceReport } from '@/api/schemas/attendance-register';
import type { StaffRegister } from '@/api/schemas/staff';
import type { Gradesheet } from '@/api/schemas/exams';
import type { HotCache } from '../cache/hot-cache';
import type { DbOrTx } from '../db/client';
import { classes, schools, sections, subjects, users } from '../db/schema';
import { notFound } from '../errors';
import { bnOr } from './bangla-names';
import { studentGradesheet, type SheetStudent } from './exam-results';
import { publicationOf, sectionSheetsKept } from './exams';
import { gradesheetOf } from './gradesheet';
import { gradesheetPdf, type PdfLanguage } from './gradesheet-pdf';
import { receiptData, receiptPdf, type ReceiptData } from './receipt-pdf';
import { registerPdf } from './register-pdf';
import { schoolClock } from './school-time';
import { staffRegisterPdf } from './staff-register-pdf';

/** A document to download: its bytes and its file name. */
export interface PdfFile {
  pdf: Buffer;
  fileName: string;
}

/** A part of a file name: letters (any script), digits, dot and dash; spaces as dashes. */
const storageSafe = (part: string) =>
  part
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}.-]/gu, '')
    .slice(0, 60) || 'x';

/** The language asked for, else the caller's own, else the school's, else English. */
export async function documentLanguage(
  db: DbOrTx,
  userId: number,
  schoolId: number,
  asked: PdfLanguage | undefined,
): Promise<PdfLanguage> {
  if (asked) return asked;
  const [row] = await db
    .select({ own: users.language, school: schools.language })
    .from(users)
    .leftJoin(schools, eq(schools.id, schoolId))
    .where(eq(users.id, userId));
  const pick = (v: string | null | undefined) => (v === 'bn' || v === 'en' ? v : null);
  return pick(row?.own) ?? pick(row?.school) ?? 'en';
}

/** The school's today as a document prints it (DD-MM-YYYY). */
async function printedOn(db: DbOrTx, schoolId: number) {
  const [y, m, d] = (await schoolClock(db, schoolId)).today.split('-');
  return `${d}-${m}-${y}`;
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

/** One student's grade sheet as a PDF (`who` as server/auth/scope.ts `resultsStudentInScope` found them). */
export async function studentGradesheetFile(
  db: DbOrTx,
  cache: HotCache,
  userId: number,
  who: SheetStudent,
  q: { session_id: number; lang?: PdfLanguage },
): Promise<PdfFile> {
  const sheet = await studentGradesheet(db, cache, who, q.session_id);
  const lang = await documentLanguage(db, userId, who.schoolId, q.lang);
  const printed = lang === 'bn' ? await inBangla(db, who.sectionId, [sheet]) : [sheet];
  const pdf = await gradesheetPdf(printed, lang, await printedOn(db, who.schoolId));
  return { pdf, fileName: `gradesheet-${storageSafe(sheet.student_code)}-${storageSafe(sheet.session_year)}.pdf` };
}

/** Every grade sheet of a section in a session, a page each, as one PDF (404 when it has no students). */
export async function sectionGradesheetFile(
  db: DbOrTx,
  cache: HotCache,
  userId: number,
  section: { id: number; schoolId: number },
  q: { session_id: number; lang?: PdfLanguage },
): Promise<PdfFile> {
  const sheets = await sectionSheetsKept(db, cache, section.schoolId, section.id, q.session_id);
  if (!sheets || !sheets.students.length) throw notFound('Students of that section in that session');
  const { published } = await publicationOf(db, section.schoolId, q.session_id);
  const pages = sheets.students.map((s) => gradesheetOf(sheets, s, q.session_id, published));
  const lang = await documentLanguage(db, userId, section.schoolId, q.lang);
  const printed = lang === 'bn' ? await inBangla(db, section.id, pages) : pages;
  const pdf = await gradesheetPdf(printed, lang, await printedOn(db, section.schoolId));
  const name = [sheets.className, sheets.sectionName, sheets.sessionYear].map(storageSafe).join('-');
  return { pdf, fileName: `gradesheets-${name}.pdf` };
}

/** A ledger entry's receipt data (times in its school's zone), or 404 `not_found` for none. */
export async function receiptOf(db: DbOrTx, paymentId: number): Promise<ReceiptData> {
  const r = await receiptData(db, paymentId, async (schoolId) => (await schoolClock(db, schoolId)).timeZone);
  if (!r) throw notFound('Receipt');
  return r;
}

/** A ledger entry's receipt as a PDF (A5). */
export async function receiptFile(
  db: DbOrTx,
  userId: number,
  r: ReceiptData,
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  const lang = await documentLanguage(db, userId, r.schoolId, asked);
  const pdf = await receiptPdf(r, lang, await printedOn(db, r.schoolId));
  return { pdf, fileName: `receipt-${r.receiptNo}.pdf` };
}

/** A section's monthly attendance register as a PDF (A4 landscape; services/register-pdf.ts). */
export async function registerFile(
  db: DbOrTx,
  userId: number,
  schoolId: number,
  report: AttendanceReport,
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  const lang = await documentLanguage(db, userId, schoolId, asked);
  const [head] = await db
    .select({
      name: schools.schoolName,
      street: schools.street,
      upazilla: schools.upazilla,
      district: schools.district,
      classBn: classes.classNameBn,
    })
    .from(schools)
    .innerJoin(classes, eq(classes.id, report.section.class_id))
    .where(eq(schools.id, schoolId));
  const printed =
    lang === 'bn'
      ? {
          ...report,
          section: { ...report.section, class_name: bnOr('classes', head?.classBn, report.section.class_name) },
        }
      : report;
  const address = [head?.street, head?.upazilla, head?.district].filter(Boolean).join(', ');
  const pdf = await registerPdf(
    printed,
    { schoolName: head?.name ?? '', address },
    lang,
    await printedOn(db, schoolId),
  );
  const name = [report.section.class_name, report.section.section_default_name, report.start_date.slice(0, 7)]
    .map(storageSafe)
    .join('-');
  return { pdf, fileName: `attendance-register-${name}.pdf` };
}

/** A school's monthly staff register as a PDF (A4 landscape; services/staff-register-pdf.ts). */
export async function staffRegisterFile(
  db: DbOrTx,
  userId: number,
  schoolId: number,
  register: StaffRegister,
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  const lang = await documentLanguage(db, userId, schoolId, asked);
  const [head] = await db
    .select({ street: schools.street, upazilla: schools.upazilla, district: schools.district })
    .from(schools)
    .where(eq(schools.id, schoolId));
  const address = [head?.street, head?.upazilla, head?.district].filter(Boolean).join(', ');
  const pdf = await staffRegisterPdf(
    register,
    { schoolName: register.school_name, address },
    lang,
    await printedOn(db, schoolId),
  );
  return { pdf, fileName: `staff-register-${register.month}.pdf` };
}
