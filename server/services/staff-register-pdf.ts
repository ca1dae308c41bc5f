/**
 * The monthly staff register as a school keeps it (docs/DOMAIN.md, "Staff attendance, leave and
 * substitutes"): A4 landscape like the students' register (services/register-pdf.ts), one row a
 * teacher by initial, one column a day of the month (weekly off days and holidays shaded), then the
 * days present, late, absent and on leave; the school's letterhead and the month at the top, the
 * legend and signature lines at the foot (landscape-sheet.ts's drawHead and drawFoot). The figures
 * are the register's (services/staff.ts, `staffRegister`); the labels the staff catalogue's `pdf`.
 */
import { DateTime } from 'luxon';
import type { StaffRegister } from '@/api/schemas/staff';
import { localDigits } from '@/i18n/digits';
import { staffBn } from '@/i18n/areas/staff.bn';
import { staffEn } from '@/i18n/areas/staff.en';
import { line, type PdfLanguage } from './gradesheet-pdf';
import { cell, drawFoot, drawHead, fill, landscapePdf, MUTED, PAGE, SHADE } from './landscape-sheet';

type Doc = PDFKit.PDFDocument;
type Labels = typeof staffEn.pdf;
const LABELS: Record<PdfLanguage, Labels> = { en: staffEn.pdf, bn: staffBn.pdf };

const ABSENT = '#a40000';
const ROW_H = 15;
const HEAD_H = 26;
const W = { initial: 34, name: 130, total: 20 };

const WEEKDAY: Record<PdfLanguage, string[]> = {
  en: ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'],
  bn: ['র', 'সো', 'ম', 'বু', 'বৃ', 'শু', 'শ'],
};

/** Rows a page holds under the header and above the foot. */
export const STAFF_ROWS_PER_PAGE = 26;

export interface StaffRegisterHead {
  schoolName: string;
  address: string;
}

/** "November 2026" / "নভেম্বর ২০২৬". */
export function monthTitle(month: string, lang: PdfLanguage): string {
  return localDigits(DateTime.fromISO(`${month}-01`).setLocale(lang).toFormat('LLLL yyyy'), lang);
}

function drawPage(
  doc: Doc,
  r: StaffRegister,
  head: StaffRegisterHead,
  lang: PdfLanguage,
  printedOn: string,
  rows: StaffRegister['rows'],
  page: number,
  pages: number,
) {
  const l = LABELS[lang];
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  let y = drawHead(doc, { school: head.schoolName, address: head.address, title: l.title });
  line(doc, fill(l.month, { month: monthTitle(r.month, lang) }), m, y, { size: 9.5, width: inner });
  y += 16;

  const mark: Record<string, string> = { P: l.present, L: l.late, A: l.absent, V: l.leave };
  const fixed = W.initial + W.name + 4 * W.total;
  const dayW = r.days.length ? (inner - fixed) / r.days.length : 0;
  let x = m;
  const headCell = (w: number, text: string) => {
    cell(doc, x, y, w, HEAD_H);
    line(doc, text, x + 1, y + 8, { size: 8, bold: true, align: 'center', width: w - 2 });
    x += w;
  };
  headCell(W.initial, l.initial);
  headCell(W.name, l.name);
  for (const d of r.days) {
    cell(doc, x, y, dayW, HEAD_H, d.closed ? SHADE : undefined);
    line(doc, localDigits(String(Number(d.date.slice(8))), lang), x, y + 3, {
      size: 7.5,
      bold: true,
      align: 'center',
      width: dayW,
    });
    const weekday = WEEKDAY[lang][new Date(`${d.date}T00:00:00Z`).getUTCDay()];
    line(doc, weekday, x, y + 14, { size: 6, align: 'center', width: dayW, color: MUTED });
    x += dayW;
  }
  for (const k of ['present', 'late', 'absent', 'leave'] as const) headCell(W.total, l[k]);
  y += HEAD_H;

  for (const t of rows) {
    x = m;
    const text = (w: number, value: string, align: 'left' | 'center' = 'center') => {
      cell(doc, x, y, w, ROW_H);
      line(doc, value, x + 2, y + 3.5, { size: 7.5, align, width: w - 4 });
      x += w;
    };
    text(W.initial, t.initial);
    text(W.name, t.full_name, 'left');
    t.marks.forEach((code, i) => {
      cell(doc, x, y, dayW, ROW_H, r.days[i].closed ? SHADE : undefined);
      if (code) {
        line(doc, mark[code], x, y + 3.5, {
          size: 7.5,
          bold: code === 'A',
          align: 'center',
          width: dayW,
          color: code === 'A' ? ABSENT : undefined,
        });
      }
      x += dayW;
    });
    for (const k of ['present', 'late', 'absent', 'leave'] as const) text(W.total, localDigits(String(t[k]), lang));
    y += ROW_H;
  }

  drawFoot(
    doc,
    { legend: l.legend, classTeacher: l.preparedBy, headTeacher: l.headTeacher, printed: l.printed, page: l.page },
    { y, page, pages, printedOn, lang },
  );
}

/**
 * A month's staff register as a PDF: STAFF_ROWS_PER_PAGE teachers a page, the header on each.
 * `printedOn` (DD-MM-YYYY) is passed in, so the same input gives the same pages.
 */
export function staffRegisterPdf(r: StaffRegister, head: StaffRegisterHead, lang: PdfLanguage, printedOn: string) {
  const pages = Math.max(1, Math.ceil(r.rows.length / STAFF_ROWS_PER_PAGE));
  return landscapePdf({ title: `${LABELS[lang].title} ${r.month}`, author: head.schoolName }, pages, (doc, page) =>
    drawPage(
      doc,
      r,
      head,
      lang,
      printedOn,
      r.rows.slice((page - 1) * STAFF_ROWS_PER_PAGE, page * STAFF_ROWS_PER_PAGE),
      page,
      pages,
    ),
  );
}
