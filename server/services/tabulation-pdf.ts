/**
 * The tabulation sheet as the wall copy (docs/DOMAIN.md, "Result analysis"): A4 landscape, the
 * letterhead of the register and grade sheet PDFs (school, address, title, class line), one row a
 * student by roll, a column a subject (total and grade; the 4th subject starred), then total, GPA,
 * grade and position; signature lines at the foot. The figures are `tabulationOf`'s, the labels
 * the screen's catalogue's.
 */
import PDFDocument from 'pdfkit';
import type { TabulationSheet } from '@/api/schemas/reports';
import { resultsAnalysisBn } from '@/i18n/areas/results-analysis.bn';
import { resultsAnalysisEn } from '@/i18n/areas/results-analysis.en';
import { localDigits } from '@/i18n/digits';
import { cell, drawFoot, drawHead, fill, PAGE, SHADE } from './landscape-sheet';
import { fonts, line, wrap, type PdfLanguage } from './gradesheet-pdf';

type Doc = PDFKit.PDFDocument;
type Labels = typeof resultsAnalysisEn.pdf;
const LABELS: Record<PdfLanguage, Labels> = { en: resultsAnalysisEn.pdf, bn: resultsAnalysisBn.pdf };

const FAIL = '#a40000';
const ROW_H = 16;
const HEAD_H = 30;
const W = { roll: 26, name: 120, total: 40, gpa: 30, grade: 30, position: 28 };
/** Rows a page holds under the header and above the foot. */
export const TABULATION_ROWS_PER_PAGE = 22;

const num = (v: number, lang: PdfLanguage, decimals = 2) =>
  localDigits(String(Math.round(v * 10 ** decimals) / 10 ** decimals), lang);

function drawPage(
  doc: Doc,
  t: TabulationSheet,
  lang: PdfLanguage,
  printedOn: string,
  rows: TabulationSheet['rows'],
  page: number,
  pages: number,
) {
  const l = LABELS[lang];
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  let y = drawHead(doc, { school: t.school_name, address: t.address, title: l.title });
  const classLine = fill(l.classSection, {
    class: t.class_name,
    section: t.section_default_name,
    session: localDigits(t.session_year, lang),
  });
  line(doc, classLine, m, y, { size: 9.5, width: inner });
  y += 16;

  const fixed = W.roll + W.name + W.total + W.gpa + W.grade + W.position;
  const subW = t.subjects.length ? (inner - fixed) / t.subjects.length : 0;
  let x = m;
  const headCell = (w: number, text: string) => {
    cell(doc, x, y, w, HEAD_H, SHADE);
    const lines = wrap(doc, text, w - 3, 7).slice(0, 3);
    const size = lines.length > 2 ? 6 : 7;
    let top = y + (HEAD_H - lines.length * size * 1.25) / 2;
    for (const part of lines) {
      line(doc, part, x + 1.5, top, { size, bold: true, align: 'center', width: w - 3 });
      top += size * 1.25;
    }
    x += w;
  };
  headCell(W.roll, l.roll);
  headCell(W.name, l.name);
  for (const s of t.subjects) headCell(subW, localDigits(s.subject_name, lang));
  headCell(W.total, l.total);
  headCell(W.gpa, l.gpa);
  headCell(W.grade, l.grade);
  headCell(W.position, l.position);
  y += HEAD_H;

  for (const r of rows) {
    x = m;
    const text = (w: number, value: string, o: { align?: 'left' | 'center'; color?: string; bold?: boolean } = {}) => {
      cell(doc, x, y, w, ROW_H);
      line(doc, value, x + 2, y + 4, {
        size: 7.5,
        align: o.align ?? 'center',
        width: w - 4,
        color: o.color,
        bold: o.bold,
      });
      x += w;
    };
    text(W.roll, localDigits(String(r.class_roll_no), lang));
    text(W.name, r.name, { align: 'left' });
    const cells = new Map(r.cells.map((c) => [c.subject_id, c]));
    for (const s of t.subjects) {
      const c = cells.get(s.subject_id);
      if (!c) {
        cell(doc, x, y, subW, ROW_H, SHADE);
        x += subW;
        continue;
      }
      const value = `${num(c.total, lang, 1)} ${c.grade}${c.is_fourth_subject ? '*' : ''}`;
      text(subW, value, { color: c.grade === 'F' && !c.is_fourth_subject ? FAIL : undefined });
    }
    text(W.total, num(r.total_marks, lang, 1));
    text(W.gpa, localDigits(r.gpa.toFixed(2), lang), { bold: true });
    text(W.grade, r.grade, { bold: true, color: r.failed ? FAIL : undefined });
    text(W.position, r.position === null ? '–' : localDigits(String(r.position), lang));
    y += ROW_H;
  }

  drawFoot(doc, l, { y, page, pages, printedOn, lang });
}

/** The sheet as a PDF, TABULATION_ROWS_PER_PAGE students a page; `printedOn` is DD-MM-YYYY. */
export function tabulationPdf(t: TabulationSheet, lang: PdfLanguage, printedOn: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: {
      Title: `${LABELS[lang].title} ${t.class_name} ${t.section_default_name}`,
      Author: t.school_name,
      Producer: 'Pathshala',
      Creator: 'Pathshala',
    },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = Math.max(1, Math.ceil(t.rows.length / TABULATION_ROWS_PER_PAGE));
  for (let p = 0; p < pages; p++) {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: PAGE.margin });
    doc.lineWidth(0.5);
    drawPage(
      doc,
      t,
      lang,
      printedOn,
      t.rows.slice(p * TABULATION_ROWS_PER_PAGE, (p + 1) * TABULATION_ROWS_PER_PAGE),
      p + 1,
      pages,
    );
  }
  doc.end();
  return done;
}
