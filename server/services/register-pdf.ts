/**
 * The monthly attendance register as a school keeps it (docs/DOMAIN.md, "Attendance"): A4
 * landscape, one row a student by roll, one column a day of the month (off days and holidays
 * shaded), then the days present and absent and the rate over the periods taken; the school's
 * name, the class, section and session at the top, signature lines at the foot. The figures are
 * the report's (services/attendance-register.ts); the labels the screen's catalogue's.
 */
import type { AttendanceReport } from '@/api/schemas/attendance-register';
import { attendanceRegisterBn } from '@/i18n/areas/attendance-register.bn';
import { attendanceRegisterEn } from '@/i18n/areas/attendance-register.en';
import { localDigits } from '@/i18n/digits';
import { cell, drawFoot, drawHead, fill, landscapePdf, MUTED, PAGE, SHADE } from './landscape-sheet';
import { line, type PdfLanguage } from './gradesheet-pdf';

type Doc = PDFKit.PDFDocument;
type Labels = typeof attendanceRegisterEn.pdf;
const LABELS: Record<PdfLanguage, Labels> = { en: attendanceRegisterEn.pdf, bn: attendanceRegisterBn.pdf };

const ABSENT = '#a40000';
const ROW_H = 15;
const HEAD_H = 26;
const W = { roll: 26, name: 124, present: 24, absent: 24, rate: 34 };

export interface RegisterHead {
  schoolName: string;
  address: string;
}

/** DD-MM-YYYY in the language's digits. */
const dmy = (iso: string, lang: PdfLanguage) => localDigits(iso.split('-').reverse().join('-'), lang);

const WEEKDAY: Record<PdfLanguage, string[]> = {
  en: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
  bn: ['র', 'সো', 'ম', 'বু', 'বৃ', 'শু', 'শ'],
};

function drawPage(
  doc: Doc,
  r: AttendanceReport,
  head: RegisterHead,
  lang: PdfLanguage,
  printedOn: string,
  rows: AttendanceReport['students'],
  page: number,
  pages: number,
) {
  const l = LABELS[lang];
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  let y = drawHead(doc, { school: head.schoolName, address: head.address, title: l.title });
  const classLine = fill(l.classSection, {
    class: r.section.class_name,
    section: r.section.section_default_name,
    session: localDigits(r.section.session_year, lang),
  });
  line(doc, classLine, m, y, { size: 9.5, width: inner / 2 });
  const range = fill(l.range, { from: dmy(r.start_date, lang), to: dmy(r.end_date, lang) });
  line(doc, range, m + inner / 2, y, { size: 9.5, align: 'right', width: inner / 2 });
  y += 16;

  // The grid: roll, name, a column a day, P, A, %.
  const fixed = W.roll + W.name + W.present + W.absent + W.rate;
  const dayW = r.days.length ? (inner - fixed) / r.days.length : 0;
  let x = m;
  const headCell = (w: number, text: string, shade?: string) => {
    cell(doc, x, y, w, HEAD_H, shade);
    line(doc, text, x + 1, y + 8, { size: 8, bold: true, align: 'center', width: w - 2 });
    x += w;
  };
  headCell(W.roll, l.roll);
  headCell(W.name, l.name);
  for (const d of r.days) {
    cell(doc, x, y, dayW, HEAD_H, d.school_day ? undefined : SHADE);
    const day = localDigits(String(Number(d.date.slice(8))), lang);
    line(doc, day, x, y + 3, { size: 7.5, bold: true, align: 'center', width: dayW });
    const weekday = WEEKDAY[lang][new Date(`${d.date}T00:00:00Z`).getUTCDay()];
    line(doc, weekday, x, y + 14, { size: 6, align: 'center', width: dayW, color: MUTED });
    x += dayW;
  }
  headCell(W.present, l.present);
  headCell(W.absent, l.absent);
  headCell(W.rate, l.rate);
  y += HEAD_H;

  for (const s of rows) {
    x = m;
    const text = (w: number, value: string, align: 'left' | 'center' | 'right' = 'center', color?: string) => {
      cell(doc, x, y, w, ROW_H);
      line(doc, value, x + 2, y + 3.5, { size: 7.5, align, width: w - 4, color });
      x += w;
    };
    text(W.roll, localDigits(String(s.class_roll_no), lang));
    text(W.name, s.name, 'left');
    s.marks.forEach((mark, i) => {
      const d = r.days[i];
      cell(doc, x, y, dayW, ROW_H, d.school_day ? undefined : SHADE);
      if (mark) {
        const word = mark === 'P' ? l.markPresent : l.markAbsent;
        line(doc, word, x, y + 3.5, {
          size: 7.5,
          bold: mark === 'A',
          align: 'center',
          width: dayW,
          color: mark === 'A' ? ABSENT : undefined,
        });
      }
      x += dayW;
    });
    text(W.present, localDigits(String(s.days_present), lang));
    text(W.absent, localDigits(String(s.days_absent), lang));
    text(W.rate, s.rate === null ? '–' : localDigits(s.rate.toFixed(1), lang));
    y += ROW_H;
  }

  drawFoot(doc, l, { y, page, pages, printedOn, lang });
}

/** Rows a page holds under the header and above the foot. */
export const ROWS_PER_PAGE = 26;

/**
 * The register of a report whose range is at most a month, as a PDF: ROWS_PER_PAGE students a
 * page, the header on each. `printedOn` (DD-MM-YYYY) is passed in, so the same input gives the same pages.
 */
export function registerPdf(r: AttendanceReport, head: RegisterHead, lang: PdfLanguage, printedOn: string) {
  const pages = Math.max(1, Math.ceil(r.students.length / ROWS_PER_PAGE));
  return landscapePdf(
    {
      title: `${LABELS[lang].title} ${r.section.class_name} ${r.section.section_default_name}`,
      author: head.schoolName,
    },
    pages,
    (doc, page) =>
      drawPage(
        doc,
        r,
        head,
        lang,
        printedOn,
        r.students.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE),
        page,
        pages,
      ),
  );
}
