/**
 * An exam's admit cards (docs/DOMAIN.md, "The school's documents"): four a page of A4, one for
 * each student on the section's roll in the exam's session (by roll), with the school's name, the
 * exam and session, the student's name, class, section, roll and code, the papers of that exam
 * type for the section with their dates, and a line for the head teacher's signature. Drawn as the
 * ID cards are (services/id-cards.ts, fonts and shaping of services/gradesheet-pdf.ts).
 */
import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { dashboardsBn } from '@/i18n/areas/dashboards.bn';
import { dashboardsEn } from '@/i18n/areas/dashboards.en';
import { localDigits } from '@/i18n/digits';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import { badRequest, notFound } from '../errors';
import { bnOr } from './bangla-names';
import { fonts, line, type PdfLanguage } from './gradesheet-pdf';
import { documentLanguage, type PdfFile } from './pdf-files';

const LABELS = { en: dashboardsEn.admitCard, bn: dashboardsBn.admitCard } as const;
const A4 = { width: 595.28, height: 841.89 };
const CARD = { width: 268, height: 388, gapX: 16, gapY: 16 };
const NAVY = '#1f3a5f';
const MUTED = '#555555';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const dmy = (iso: string) => iso.split('-').reverse().join('-');

export interface AdmitExam {
  id: number;
  school_id: number;
  exam_name_id: number;
  session_id: number;
  class_id: number;
  section_id: number;
}

interface Paper {
  subject_name: string;
  subject_name_bn: string;
  exam_date: string | null;
}
interface Candidate {
  student_code: string;
  full_name: string;
  class_name: string;
  class_name_bn: string;
  section_default_name: string;
  class_roll_no: number;
  school_name: string;
  exam_name: string;
  exam_name_bn: string;
  session_year: string;
}

/** The papers of the exam's type for the section, and the students on its roll (two statements). */
async function admitData(db: DbOrTx, exam: AdmitExam, sectionId: number) {
  const [papers, students] = await Promise.all([
    db.execute(sql`select sub.subject_name, sub.subject_name_bn, e.exam_date::text as exam_date
      from exams e join subjects sub on sub.id = e.subject_id
      where e.exam_type_id = ${exam.exam_name_id} and e.section_id = ${sectionId} and e.session_id = ${exam.session_id}
      order by e.exam_date nulls last, sub.subject_name`),
    db.execute(sql`select s.student_code,
        concat_ws(' ', s.first_name, nullif(s.middle_name, ''), nullif(s.last_name, '')) as full_name,
        c.class_name, c.class_name_bn, sec.section_default_name, e.class_roll_no, sch.school_name,
        et.exam_name, et.exam_name_bn, a.session_year
      from enrolments e
      join students s on s.id = e.student_id
      join sections sec on sec.id = e.section_id
      join classes c on c.id = e.class_id
      join schools sch on sch.id = e.school_id
      join academic_sessions a on a.id = e.session_id
      join exam_types et on et.id = ${exam.exam_name_id}
      where e.section_id = ${sectionId} and e.session_id = ${exam.session_id} and e.school_id = ${exam.school_id}
        and s.left_on is null
      order by e.class_roll_no, s.id`),
  ]);
  return { papers: rowsOf<Paper>(papers), students: rowsOf<Candidate>(students) };
}

/** The admit cards as an A4 PDF, four a page. */
export async function admitCardsPdf(
  papers: readonly Paper[],
  students: readonly Candidate[],
  lang: PdfLanguage,
  opts: { compress?: boolean } = {},
): Promise<Buffer> {
  const l = LABELS[lang];
  const digits = (t: string) => localDigits(t, lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    compress: opts.compress ?? true,
    info: { Title: l.title, Author: students[0]?.school_name ?? '', Producer: 'Pathshala', Creator: 'Pathshala' },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = (A4.width - 2 * CARD.width - CARD.gapX) / 2;
  const top = (A4.height - 2 * CARD.height - CARD.gapY) / 2;
  students.forEach((s, i) => {
    if (i % 4 === 0) doc.addPage({ size: 'A4', margin: 0 });
    const x = left + (i % 2) * (CARD.width + CARD.gapX);
    const y = top + Math.floor((i % 4) / 2) * (CARD.height + CARD.gapY);
    const w = CARD.width;
    const inner = w - 24;
    doc.rect(x, y, w, CARD.height).lineWidth(0.8).stroke('#94a3b8');
    doc.rect(x, y, w, 44).fill(NAVY);
    line(doc, s.school_name, x + 12, y + 8, { size: 11, bold: true, align: 'center', width: inner, color: '#ffffff' });
    line(doc, l.title, x + 12, y + 25, { size: 10, bold: true, align: 'center', width: inner, color: '#dbeafe' });
    const exam = lang === 'bn' && s.exam_name_bn ? s.exam_name_bn : s.exam_name;
    const className = lang === 'bn' ? bnOr('classes', s.class_name_bn, s.class_name) : s.class_name;
    let ty = y + 54;
    line(doc, digits(fill(l.exam, { exam, year: s.session_year })), x + 12, ty, {
      size: 9.5,
      bold: true,
      align: 'center',
      width: inner,
    });
    ty += 20;
    line(doc, fill(l.name, { name: s.full_name }), x + 12, ty, { size: 10.5, bold: true, width: inner });
    ty += 16;
    line(
      doc,
      fill(l.classSection, {
        class: digits(className),
        section: digits(s.section_default_name),
        roll: digits(String(s.class_roll_no)),
      }),
      x + 12,
      ty,
      { size: 9, width: inner },
    );
    ty += 14;
    line(doc, fill(l.code, { code: s.student_code }), x + 12, ty, { size: 9, width: inner });
    ty += 20;
    // The papers: subject and date.
    line(doc, l.papers, x + 12, ty, { size: 9, bold: true, width: inner });
    ty += 14;
    doc.rect(x + 12, ty, inner, 14).fill('#e8eef5');
    line(doc, l.subject, x + 16, ty + 2.5, { size: 8, bold: true, width: inner * 0.6 });
    line(doc, l.date, x + 12 + inner * 0.62, ty + 2.5, { size: 8, bold: true, width: inner * 0.36 });
    ty += 14;
    const rowH = Math.min(14, (y + CARD.height - 54 - ty) / Math.max(1, papers.length));
    for (const p of papers) {
      const subject = lang === 'bn' ? bnOr('subjects', p.subject_name_bn, p.subject_name) : p.subject_name;
      line(doc, subject, x + 16, ty + 2, { size: Math.min(8, rowH - 4), width: inner * 0.6 });
      line(doc, p.exam_date ? digits(dmy(p.exam_date)) : l.notSet, x + 12 + inner * 0.62, ty + 2, {
        size: Math.min(8, rowH - 4),
        width: inner * 0.36,
        color: p.exam_date ? undefined : MUTED,
      });
      ty += rowH;
      doc
        .moveTo(x + 12, ty)
        .lineTo(x + 12 + inner, ty)
        .lineWidth(0.3)
        .stroke('#cbd5e1');
    }
    // The head teacher's signature.
    const sy = y + CARD.height - 30;
    doc
      .moveTo(x + w - 120, sy)
      .lineTo(x + w - 12, sy)
      .lineWidth(0.6)
      .stroke('#111111');
    line(doc, l.head, x + w - 120, sy + 4, { size: 8, align: 'center', width: 108, color: MUTED });
  });
  doc.end();
  return done;
}

/**
 * The admit cards of the exam one of its papers names, for its section or another section of its
 * class (400 `section_id` otherwise); 404 when that section sits no such paper or has nobody on
 * its roll.
 */
export async function admitCardsFile(
  db: DbOrTx,
  userId: number,
  exam: AdmitExam,
  section: { id: number; classId: number } | null,
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  if (section && section.classId !== exam.class_id)
    throw badRequest('section_id', 'is not a section of the exam’s class');
  const sectionId = section?.id ?? exam.section_id;
  const { papers, students } = await admitData(db, exam, sectionId);
  if (!papers.length || !students.length) throw notFound('Candidates of that exam in that section');
  const lang = await documentLanguage(db, userId, exam.school_id, asked);
  const pdf = await admitCardsPdf(papers, students, lang);
  const name = `${students[0].class_name}-${students[0].section_default_name}`.replace(/[^\p{L}\p{N}-]/gu, '');
  return { pdf, fileName: `admit-cards-${name}.pdf` };
}
