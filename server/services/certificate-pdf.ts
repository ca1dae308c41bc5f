/**
 * The transfer certificate and the testimonial (docs/DOMAIN.md, Records) as a school prints them:
 * one A4 page inside a double border, the school's name, address, EIIN and phone at the head, the
 * paper's title, its number (per school and kind, kept when issued again) and date, the student's
 * particulars (name, parents when known, date of birth, class, section, roll, session, the dates
 * and reason of leaving), the certifying paragraph, the conduct line and the head's signature
 * line. English or Bangla, labels from src/i18n/areas/records.{en,bn}.ts; fonts and Bangla shaping
 * as the grade sheet draws them (services/gradesheet-pdf.ts).
 */
import PDFDocument from 'pdfkit';
import type { CertificateKind } from '@/api/schemas/people-records';
import { localDigits } from '@/i18n/digits';
import { recordsBn } from '@/i18n/areas/records.bn';
import { recordsEn } from '@/i18n/areas/records.en';
import { fonts, line, wrap, type PdfLanguage } from './gradesheet-pdf';
import type { CertificateFacts } from './people-records';

const LABELS = { en: recordsEn.certificate, bn: recordsBn.certificate } as const;
const A4 = { width: 595.28, height: 841.89, margin: 42 };
const INK = '#111111';
const MUTED = '#555555';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** YYYY-MM-DD as DD-MM-YYYY, the way the school's papers write dates. */
const dmy = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${d}-${m}-${y}`;
};

/** The printed number: "TC-2026-0007" / "TM-2026-0007", the year of the first issue. */
export function certificateNo(kind: CertificateKind, serialNo: number, issuedOn: string): string {
  return `${kind === 'tc' ? 'TC' : 'TM'}-${issuedOn.slice(0, 4)}-${String(serialNo).padStart(4, '0')}`;
}

export interface CertificatePaper {
  kind: CertificateKind;
  facts: CertificateFacts;
  serialNo: number;
  /** The school's date of the first issue (YYYY-MM-DD). */
  issuedOn: string;
  /** The school's today (YYYY-MM-DD): the date printed on this copy. */
  printedOn: string;
}

/** The certificate as a one-page A4 PDF. */
export function certificatePdf(p: CertificatePaper, lang: PdfLanguage, opts: { compress?: boolean } = {}) {
  const l = LABELS[lang];
  const f = p.facts;
  const digits = (t: string) => localDigits(t, lang);
  const title = p.kind === 'tc' ? l.tcTitle : l.testimonialTitle;
  const number = certificateNo(p.kind, p.serialNo, p.issuedOn);
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4.margin,
    compress: opts.compress ?? true,
    info: { Title: `${title} ${number}`, Author: f.schoolName, Producer: 'Pathshala', Creator: 'Pathshala' },
  });
  for (const [name, data] of fonts()) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // The paper's double border.
  doc
    .rect(20, 20, A4.width - 40, A4.height - 40)
    .lineWidth(2)
    .stroke('#1f3a5f');
  doc
    .rect(26, 26, A4.width - 52, A4.height - 52)
    .lineWidth(0.6)
    .stroke('#1f3a5f');

  const x = A4.margin + 10;
  const inner = A4.width - 2 * x;
  let y = A4.margin + 12;
  // The school's letterhead.
  line(doc, f.schoolName, x, y, { size: 20, bold: true, align: 'center', width: inner, color: '#1f3a5f' });
  y += 30;
  const address = lang === 'bn' ? f.address.bn : f.address.en;
  if (address) {
    line(doc, address, x, y, { size: 10.5, align: 'center', width: inner, color: MUTED });
    y += 16;
  }
  const contact = [fill(l.eiin, { eiin: digits(f.eiin) }), f.phone ? fill(l.phone, { phone: digits(f.phone) }) : '']
    .filter(Boolean)
    .join('   ·   ');
  line(doc, contact, x, y, { size: 10, align: 'center', width: inner, color: MUTED });
  y += 20;
  doc
    .moveTo(x, y)
    .lineTo(x + inner, y)
    .lineWidth(1.2)
    .stroke('#1f3a5f');
  y += 12;
  line(doc, fill(l.number, { number: digits(number) }), x, y, { size: 11, bold: true });
  line(doc, fill(l.date, { date: digits(dmy(p.printedOn)) }), x, y, {
    size: 11,
    bold: true,
    align: 'right',
    width: inner,
  });
  y += 34;
  // The title, underlined.
  const titleSize = 18;
  line(doc, title, x, y, { size: titleSize, bold: true, align: 'center', width: inner });
  y += 30;
  doc
    .moveTo(x + inner / 2 - 110, y)
    .lineTo(x + inner / 2 + 110, y)
    .lineWidth(0.8)
    .stroke(INK);
  y += 24;

  // The particulars.
  const none = l.notKnown;
  const className = lang === 'bn' ? f.className.bn : f.className.en;
  const rows: [string, string][] = [
    [l.name, f.studentName],
    [l.studentCode, f.studentCode],
    ...(f.fatherName ? ([[l.father, f.fatherName]] as [string, string][]) : []),
    ...(f.motherName ? ([[l.mother, f.motherName]] as [string, string][]) : []),
    [l.dob, f.dob ? digits(dmy(f.dob)) : none],
    [l.className, className || none],
    [l.section, f.sectionName || none],
    [l.shift, (lang === 'bn' ? f.shiftName.bn : f.shiftName.en) || none],
    [l.roll, f.roll != null ? digits(String(f.roll)) : none],
    [l.session, f.sessionYear ? digits(f.sessionYear) : none],
    [l.admitted, f.firstSessionYear ? digits(f.firstSessionYear) : none],
    ...(f.left
      ? ([
          [l.leftOn, digits(dmy(f.left.date))],
          [l.reason, l.reasons[f.left.reason] + (f.left.note ? ` (${f.left.note})` : '')],
        ] as [string, string][])
      : []),
  ];
  const labelW = 190;
  for (const [label, value] of rows) {
    line(doc, label, x + 20, y, { size: 11.5, color: MUTED, width: labelW - 10 });
    line(doc, ':', x + 20 + labelW - 8, y, { size: 11.5 });
    line(doc, value, x + 20 + labelW + 4, y, { size: 11.5, bold: true, width: inner - labelW - 44 });
    y += 21;
  }
  y += 16;

  // The certifying paragraph and the conduct line, wrapped.
  const body =
    p.kind === 'tc'
      ? fill(l.tcBody, { name: f.studentName, date: f.left ? digits(dmy(f.left.date)) : none })
      : fill(l.testimonialBody, {
          name: f.studentName,
          class: className || none,
          session: f.sessionYear ? digits(f.sessionYear) : none,
        });
  for (const paragraph of [body, l.conduct]) {
    for (const text of wrap(doc, paragraph, inner - 40, 12)) {
      line(doc, text, x + 20, y, { size: 12 });
      y += 19;
    }
    y += 10;
  }

  // The signature line, and the seal's place, at the foot.
  const footY = A4.height - A4.margin - 90;
  doc
    .circle(x + 70, footY + 20, 34)
    .dash(3, { space: 3 })
    .lineWidth(0.6)
    .stroke('#9aa5b1')
    .undash();
  line(doc, l.seal, x + 36, footY + 14, { size: 9, color: '#9aa5b1', align: 'center', width: 68 });
  const signX = x + inner - 200;
  doc
    .moveTo(signX, footY + 30)
    .lineTo(signX + 200, footY + 30)
    .lineWidth(0.8)
    .stroke(INK);
  if (f.headName) line(doc, f.headName, signX, footY + 36, { size: 11, bold: true, align: 'center', width: 200 });
  line(doc, l.signature, signX, footY + (f.headName ? 52 : 36), { size: 10.5, align: 'center', width: 200 });
  line(doc, f.schoolName, signX, footY + (f.headName ? 67 : 51), {
    size: 9,
    align: 'center',
    width: 200,
    color: MUTED,
  });
  doc.end();
  return done;
}
