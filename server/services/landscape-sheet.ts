/**
 * What the school's landscape A4 sheets share (the monthly attendance register, the staff
 * register, the tabulation sheet): the document with its fonts, the page, the rule and shade
 * colours, a ruled cell, `{{name}}` filling, and the foot with the legend, the class teacher's and
 * head teacher's signature lines, the printed date and the page number.
 */
import PDFDocument from 'pdfkit';
import { localDigits } from '@/i18n/digits';
import { fonts, line, type PdfLanguage } from './gradesheet-pdf';

type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 841.89, height: 595.28, margin: 28 };
export const RULE = '#444444';
export const SHADE = '#dde3ea';
export const MUTED = '#555555';

export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

export function cell(doc: Doc, x: number, y: number, w: number, h: number, shade?: string) {
  if (shade) doc.rect(x, y, w, h).fillAndStroke(shade, RULE);
  else doc.rect(x, y, w, h).stroke(RULE);
}

export interface FootLabels {
  legend: string;
  classTeacher: string;
  headTeacher: string;
  /** "Printed {{date}}". */
  printed: string;
  /** "Page {{page}} of {{pages}}". */
  page: string;
}

/** The foot of a page whose last row ended at `y`; `printedOn` is DD-MM-YYYY. */
export function drawFoot(
  doc: Doc,
  l: FootLabels,
  at: { y: number; page: number; pages: number; printedOn: string; lang: PdfLanguage },
) {
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  const footY = PAGE.height - m - 34;
  const { lang } = at;
  line(doc, l.legend, m, Math.min(at.y + 6, footY - 14), { size: 7, width: inner, color: MUTED });
  const sign = (label: string, x: number) => {
    doc
      .moveTo(x, footY + 10)
      .lineTo(x + 140, footY + 10)
      .stroke(RULE);
    line(doc, label, x, footY + 13, { size: 8, align: 'center', width: 140 });
  };
  sign(l.classTeacher, m + 20);
  sign(l.headTeacher, m + inner - 160);
  const foot = `${fill(l.printed, { date: localDigits(at.printedOn, lang) })} · ${fill(l.page, {
    page: localDigits(String(at.page), lang),
    pages: localDigits(String(at.pages), lang),
  })}`;
  line(doc, foot, m, footY + 26, { size: 7, align: 'center', width: inner, color: MUTED });
}

/** The letterhead: the school's name, its address when known, and the sheet's title; returns the y below it. */
export function drawHead(doc: Doc, h: { school: string; address?: string | null; title: string }): number {
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  let y = m;
  line(doc, h.school, m, y, { size: 15, bold: true, align: 'center', width: inner });
  y += 20;
  if (h.address) {
    line(doc, h.address, m, y, { size: 9, align: 'center', width: inner, color: MUTED });
    y += 14;
  }
  line(doc, h.title, m, y, { size: 12, bold: true, align: 'center', width: inner });
  return y + 17;
}

/**
 * A landscape A4 document of `pages` pages with the bundled fonts registered, each page drawn by
 * `drawPage(doc, page)` (1-based) on a fresh page with thin rules; resolves to the PDF's bytes.
 */
export function landscapePdf(
  info: { title: string; author: string },
  pages: number,
  drawPage: (doc: Doc, page: number) => void,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: { Title: info.title, Author: info.author, Producer: 'Pathshala', Creator: 'Pathshala' },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (let p = 1; p <= pages; p++) {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: PAGE.margin });
    doc.lineWidth(0.5);
    drawPage(doc, p);
  }
  doc.end();
  return done;
}
