/**
 * The grade sheet as a printable PDF: one A4 page a student, the same figures as the
 * JSON answer (both come from `gradesheetOf`), labels from the screen's catalogue in English or
 * Bangla.
 *
 * Why text is drawn run by run: Noto Sans Bengali ships as script subsets (Bengali, Latin, Latin
 * extended). A string such as "শ্রেণি: Six" is cut into runs of one subset each, every run shaped by
 * its own font (fontkit joins the conjuncts within a run; conjuncts never cross a space or a
 * script change) and placed after the previous one. Cells are one line: a text too wide is set
 * smaller rather than wrapped, except header cells, which wrap on spaces.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { basisNotes, type BasisNote } from '@/api/gradesheet-basis';
import type { Gradesheet } from '@/api/schemas/exams';
import { gradesheetBn } from '@/i18n/areas/gradesheet.bn';
import { gradesheetEn } from '@/i18n/areas/gradesheet.en';
import { localDigits } from '@/i18n/digits';

export type PdfLanguage = 'en' | 'bn';

type Labels = typeof gradesheetEn.sheet;
const LABELS: Record<PdfLanguage, Labels> = { en: gradesheetEn.sheet, bn: gradesheetBn.sheet };

// ---------------------------------------------------------------- fonts

type Script = 'bengali' | 'latin' | 'latinExt';
type FontName = `${Script}-${400 | 700}`;

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
const SUBSET: Record<Script, string> = { bengali: 'bengali', latin: 'latin', latinExt: 'latin-ext' };

/** The font files, read once per process (about 40 KB each). */
let fontCache: Map<FontName, Buffer> | null = null;
export function fonts(): Map<FontName, Buffer> {
  if (!fontCache) {
    fontCache = new Map();
    for (const script of Object.keys(SUBSET) as Script[])
      for (const weight of [400, 700] as const)
        fontCache.set(
          `${script}-${weight}`,
          fs.readFileSync(path.join(fontDir, `noto-sans-bengali-${SUBSET[script]}-${weight}-normal.woff`)),
        );
  }
  return fontCache;
}

/** The subset that holds a code point (fontsource's unicode-range of each file). */
function scriptOf(cp: number): Script | null {
  if (
    (cp >= 0x0980 && cp <= 0x09fe) ||
    cp === 0x0964 ||
    cp === 0x0965 ||
    cp === 0x25cc ||
    cp === 0x0951 ||
    cp === 0x0952
  )
    return 'bengali';
  // Joiners belong to the run around them.
  if (cp === 0x200c || cp === 0x200d) return null;
  if (cp <= 0xff || (cp >= 0x2000 && cp <= 0x206f) || cp === 0x20ac || cp === 0x2122 || cp === 0x2212) return 'latin';
  return 'latinExt';
}

/** A text cut into runs of one script each. */
function runsOf(text: string): { script: Script; text: string }[] {
  const runs: { script: Script; text: string }[] = [];
  for (const ch of text) {
    const script = scriptOf(ch.codePointAt(0)!);
    const last = runs[runs.length - 1];
    if (last && (script === null || script === last.script)) last.text += ch;
    else runs.push({ script: script ?? 'latin', text: ch });
  }
  return runs;
}

// ---------------------------------------------------------------- drawing

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'center' | 'right';

interface TextOptions {
  size: number;
  bold?: boolean;
  align?: Align;
  /** Set the text smaller until it fits (never below 5 pt). */
  width?: number;
  color?: string;
}

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#444444';
const SHADE = '#e8eef5';

function useFont(doc: Doc, script: Script, bold: boolean | undefined, size: number) {
  doc.font(`${script}-${bold ? 700 : 400}`).fontSize(size);
}

function widthOf(doc: Doc, text: string, size: number, bold?: boolean): number {
  let w = 0;
  for (const run of runsOf(text)) {
    useFont(doc, run.script, bold, size);
    w += doc.widthOfString(run.text);
  }
  return w;
}

/** One line of text whose top is at y, aligned within [x, x + width]. Returns the size used. */
export function line(doc: Doc, text: string, x: number, y: number, o: TextOptions): number {
  let size = o.size;
  let w = widthOf(doc, text, size, o.bold);
  if (o.width !== undefined)
    while (w > o.width && size > 5) {
      size -= 0.5;
      w = widthOf(doc, text, size, o.bold);
    }
  const room = o.width ?? w;
  let at = o.align === 'center' ? x + (room - w) / 2 : o.align === 'right' ? x + room - w : x;
  doc.fillColor(o.color ?? INK);
  for (const run of runsOf(text)) {
    useFont(doc, run.script, o.bold, size);
    doc.text(run.text, at, y, { lineBreak: false });
    at += doc.widthOfString(run.text);
  }
  return size;
}

/** Words of a text in lines that fit `width` (a word wider than that gets a line of its own). */
export function wrap(doc: Doc, text: string, width: number, size: number, bold?: boolean): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && widthOf(doc, `${last} ${word}`, size, bold) <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/**
 * Lines of a wrapped text centred in a box, vertically too: one size for all its lines, the
 * largest (from o.size down) at which every line fits the width and at most `maxLines` lines.
 */
function block(doc: Doc, text: string, x: number, y: number, w: number, h: number, o: TextOptions, maxLines = 4) {
  let size = o.size;
  let lines = wrap(doc, text, w - 4, size, o.bold);
  const fits = () =>
    lines.length <= maxLines &&
    lines.length * size * 1.3 <= h &&
    lines.every((l) => widthOf(doc, l, size, o.bold) <= w - 4);
  while (!fits() && size > 5) {
    size -= 0.25;
    lines = wrap(doc, text, w - 4, size, o.bold);
  }
  const lh = size * 1.3;
  let top = y + (h - lines.length * lh) / 2 + size * 0.05;
  for (const l of lines) {
    line(doc, l, x + 2, top, { ...o, size, width: w - 4, align: o.align ?? 'center' });
    top += lh;
  }
}

function box(doc: Doc, x: number, y: number, w: number, h: number, fill?: string) {
  if (fill) doc.rect(x, y, w, h).fillAndStroke(fill, RULE);
  else doc.rect(x, y, w, h).stroke(RULE);
}

// ---------------------------------------------------------------- the page

const PAGE = { width: 595.28, height: 841.89, margin: 32 };

/** Numbers as the sheet writes them: two decimals where there are any, in the language's digits. */
function figure(value: number, lang: PdfLanguage, decimals?: number): string {
  const text = decimals === undefined ? String(Math.round(value * 100) / 100) : value.toFixed(decimals);
  return localDigits(text, lang);
}

type PartMark = Gradesheet['subjects'][number]['final_exam_sub'];

function mark(value: PartMark, lang: PdfLanguage, l: Labels): string {
  if (value === 'absent') return l.absent;
  if (value === null || value === undefined) return l.notEntered;
  return figure(value, lang);
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

function noteText(n: BasisNote, l: Labels, lang: PdfLanguage): string {
  if (n.key === 'basisAllOn') return fill(l.basisAllOn, { maximum: figure(n.maximum, lang) });
  if (n.key === 'basisExample')
    return fill(l.basisExample, {
      subject: n.subject,
      total: figure(n.total, lang),
      maximum: figure(n.maximum, lang),
      percentage: figure(n.percentage, lang),
      grade: n.grade,
    });
  return l[n.key];
}

/** The bands of services/grades.ts, on a subject's whole-number percentage of its maximum. */
const GRADE_SCALE: [range: string, grade: string, point: string][] = [
  ['80-100', 'A+', '5.00'],
  ['70-79', 'A', '4.00'],
  ['60-69', 'A-', '3.50'],
  ['50-59', 'B', '3.00'],
  ['40-49', 'C', '2.00'],
  ['33-39', 'D', '1.00'],
  ['0-32', 'F', '0.00'],
];

function drawSheet(doc: Doc, s: Gradesheet, lang: PdfLanguage, printedOn: string, page: number, pages: number) {
  const l = LABELS[lang];
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  let y = m;

  // School, address, title.
  line(doc, s.school_name, m, y, { size: 17, bold: true, align: 'center', width: inner });
  y += 24;
  const parts = [...s.address.split(', '), s.address_division].filter(Boolean);
  const address = parts.filter((p, i) => parts.indexOf(p) === i).join(', ');
  if (address) {
    line(doc, address, m, y, { size: 10, align: 'center', width: inner, color: MUTED });
    y += 16;
  }
  y += 4;
  const title = `${l.title} · ${localDigits(s.session_year, lang)}`;
  const tw = widthOf(doc, title, 13, true) + 28;
  doc.roundedRect(m + (inner - tw) / 2, y, tw, 22, 11).fillAndStroke(SHADE, RULE);
  line(doc, title, m, y + 4, { size: 13, bold: true, align: 'center', width: inner });
  y += 34;
  if (!s.published) {
    line(doc, l.provisional, m, y, { size: 10, bold: true, align: 'center', width: inner, color: '#a40000' });
    y += 16;
  }

  // The student.
  const info: [string, string][] = [
    [l.id, s.student_code],
    [l.name, s.name],
    [l.session, localDigits(s.session_year, lang)],
    [l.class, s.class_name],
    [l.section, s.section_default_name],
    [l.roll, localDigits(String(s.class_roll_no), lang)],
  ];
  const rowH = 20;
  const labelW = 70;
  const half = inner / 2;
  // ID and Name on the first row (Name wide), Session, Class, Section and Class Roll on the second.
  const quarter = inner / 4;
  const cells: [number, number, number][] = [
    [0, m, inner / 3],
    [1, m + inner / 3, (2 * inner) / 3],
    [2, m, quarter],
    [3, m + quarter, quarter],
    [4, m + 2 * quarter, quarter],
    [5, m + 3 * quarter, quarter],
  ];
  cells.forEach(([i, x, w], n) => {
    const top = y + (n < 2 ? 0 : rowH);
    box(doc, x, top, labelW, rowH, SHADE);
    box(doc, x + labelW, top, w - labelW, rowH);
    line(doc, info[i][0], x + 4, top + 5, { size: 9, bold: true, width: labelW - 8 });
    line(doc, info[i][1], x + labelW + 5, top + 4.5, { size: 10, width: w - labelW - 10 });
  });
  y += 2 * rowH + 14;

  // The subjects: two header rows (parts under their exam), then one row a subject.
  const cols: { key: string; w: number }[] = [
    { key: 'subject', w: 94 },
    { key: 'ct', w: 37 },
    { key: 'hs', w: 30 },
    { key: 'hm', w: 30 },
    { key: 'fs', w: 30 },
    { key: 'fm', w: 30 },
    { key: 'conv', w: 43 },
    { key: 'att', w: 37 },
    { key: 'extra', w: 37 },
    { key: 'total', w: 35 },
    { key: 'max', w: 32 },
    { key: 'pct', w: 38 },
    { key: 'grade', w: 28 },
    { key: 'gp', w: 0 },
  ];
  cols[cols.length - 1].w = inner - cols.slice(0, -1).reduce((a, c) => a + c.w, 0);
  const xs: number[] = [];
  cols.reduce((x, c) => (xs.push(x), x + c.w), m);
  const hTop = 26;
  const hBottom = 30;
  const head = { size: 8, bold: true };
  const tall = (i: number, text: string) => {
    box(doc, xs[i], y, cols[i].w, hTop + hBottom, SHADE);
    block(doc, text, xs[i], y, cols[i].w, hTop + hBottom, head);
  };
  const spanned = (i: number, text: string, parts: [string, string]) => {
    box(doc, xs[i], y, cols[i].w + cols[i + 1].w, hTop, SHADE);
    block(doc, text, xs[i], y, cols[i].w + cols[i + 1].w, hTop, head);
    parts.forEach((p, k) => {
      box(doc, xs[i + k], y + hTop, cols[i + k].w, hBottom, SHADE);
      block(doc, p, xs[i + k], y + hTop, cols[i + k].w, hBottom, head);
    });
  };
  tall(0, l.subject);
  tall(1, `${l.monthlyClassTest} (${l.average20})`);
  spanned(2, l.halfYearly, [l.sub, l.mcq]);
  spanned(4, l.finalExam, [l.sub, l.mcq]);
  tall(6, `${l.converted} ${l.convertedNote}`);
  tall(7, `${l.attendance} (${l.percent5})`);
  tall(8, `${l.extraCurriculum} (${l.percent5})`);
  tall(9, `${l.totalMarks} (${l.percent100})`);
  tall(10, l.outOf);
  tall(11, l.percentage);
  tall(12, l.grade);
  tall(13, l.gradePoint);
  y += hTop + hBottom;

  const bodyH = s.subjects.length > 14 ? 18 : 23;
  s.subjects.forEach((sub, n) => {
    const values = [
      mark(sub.half_yearly_exam_sub, lang, l),
      mark(sub.half_yearly_exam_mcq, lang, l),
      mark(sub.final_exam_sub, lang, l),
      mark(sub.final_exam_mcq, lang, l),
      figure(sub.converted, lang),
      // No attendance taken in the session: it is left out of the maximum, not a 0.
      s.attendance_rate === null ? l.notEntered : figure(sub.attendance_marks, lang),
      figure(sub.extra_curriculum, lang),
      figure(sub.total, lang),
      figure(sub.maximum, lang),
      fill(l.percentValue, { value: figure(sub.percentage, lang) }),
      sub.grade,
      figure(sub.gradePoint, lang, 2),
    ];
    const GRADE = 10; // the index of the grade in values
    const shade = n % 2 ? '#f6f8fb' : undefined;
    cols.forEach((c, i) => box(doc, xs[i], y, c.w, bodyH, shade));
    const name = sub.is_fourth_subject ? `${sub.subject_name} (${l.fourthSubject})` : sub.subject_name;
    block(doc, name, xs[0] + 2, y, cols[0].w - 4, bodyH, { size: 9, align: 'left' }, 2);
    line(doc, figure(sub.monthly_class_test_average, lang), xs[1], y + (bodyH - 12) / 2, {
      size: 9,
      align: 'center',
      width: cols[1].w,
    });
    values.forEach((v, k) =>
      line(doc, v, xs[k + 2] + 1, y + (bodyH - 12) / 2, {
        size: 9,
        align: 'center',
        width: cols[k + 2].w - 2,
        bold: k === 7 || k >= GRADE,
        color: k === GRADE && v === 'F' ? '#a40000' : INK,
      }),
    );
    y += bodyH;
  });
  if (!s.subjects.length) {
    box(doc, m, y, inner, bodyH);
    line(doc, l.notEntered, m, y + 5, { size: 9, align: 'center', width: inner });
    y += bodyH;
  }
  // What the grades were computed on, when a subject's maximum is below 100 (@/api/gradesheet-basis).
  const notes = basisNotes(s).map((n) => noteText(n, l, lang));
  if (notes.length) {
    y += 4;
    for (const text of wrap(doc, notes.join(' '), inner, 8.5)) {
      line(doc, text, m, y, { size: 8.5, width: inner, color: INK });
      y += 11;
    }
  }
  y += 16;

  // Yearly calculation (left) and the grading scale (right).
  const yearly: [string, string][] = [
    [l.totalMarks, figure(s.total_marks, lang)],
    [l.totalGradePoint, figure(s.total_grade_point, lang, 2)],
    [l.gpa, figure(s.gpa, lang, 2)],
    [l.letterGrade, s.grade],
    [l.result, s.grade === 'F' ? l.failed : l.passed],
    [
      l.position,
      s.position === null
        ? l.notEntered
        : fill(l.positionOf, {
            position: localDigits(String(s.position), lang),
            size: localDigits(String(s.section_size), lang),
          }),
    ],
  ];
  const yw = half + 40;
  const yh = 19;
  box(doc, m, y, yw, yh + 2, SHADE);
  line(doc, l.yearly, m, y + 4, { size: 10.5, bold: true, align: 'center', width: yw });
  yearly.forEach(([label, value], i) => {
    const top = y + yh + 2 + i * yh;
    box(doc, m, top, yw * 0.6, yh);
    box(doc, m + yw * 0.6, top, yw * 0.4, yh);
    line(doc, label, m + 5, top + 4.5, { size: 9, width: yw * 0.6 - 10 });
    line(doc, value, m + yw * 0.6, top + 4, { size: 10, bold: true, align: 'center', width: yw * 0.4 });
  });
  const gx = m + yw + 16;
  const gw = inner - yw - 16;
  const gh = (yh * (yearly.length + 1) + 2 - 2) / (GRADE_SCALE.length + 2);
  box(doc, gx, y, gw, gh, SHADE);
  line(doc, l.gradingScale, gx, y + (gh - 11) / 2, { size: 9.5, bold: true, align: 'center', width: gw });
  const third = gw / 3;
  [l.marksRange, l.grade, l.gradePoint].forEach((h, i) => {
    box(doc, gx + i * third, y + gh, third, gh, SHADE);
    line(doc, h, gx + i * third, y + gh + (gh - 9) / 2, { size: 7.5, bold: true, align: 'center', width: third });
  });
  GRADE_SCALE.forEach((row, r) => {
    row.forEach((v, i) => {
      const top = y + gh * (r + 2);
      box(doc, gx + i * third, top, third, gh);
      line(doc, i === 1 ? v : localDigits(v, lang), gx + i * third, top + (gh - 9) / 2, {
        size: 8,
        align: 'center',
        width: third,
      });
    });
  });
  y += yh * (yearly.length + 1) + 2 + 22;

  // Comments and signatures.
  const cw = (inner - 16) / 2;
  // Shorter boxes when many subjects and the note leave less room above the footer.
  const ch = Math.max(84, Math.min(132, PAGE.height - m - 18 - y));
  [l.teacherComment, l.headComment].forEach((label, i) => {
    const x = m + i * (cw + 16);
    box(doc, x, y, cw, ch);
    doc.rect(x, y, cw, 20).fillAndStroke(SHADE, RULE);
    line(doc, label, x + 6, y + 5, { size: 9.5, bold: true, width: cw - 12 });
    for (let k = 1; k <= 3; k++)
      doc
        .moveTo(x + 8, y + 20 + k * 24)
        .lineTo(x + cw - 8, y + 20 + k * 24)
        .dash(1.5, { space: 2 })
        .stroke('#999999')
        .undash();
    doc
      .moveTo(x + cw - 130, y + ch - 22)
      .lineTo(x + cw - 10, y + ch - 22)
      .stroke(RULE);
    line(doc, l.signature, x + cw - 130, y + ch - 18, { size: 8.5, align: 'center', width: 120, color: MUTED });
    doc
      .moveTo(x + 10, y + ch - 22)
      .lineTo(x + 90, y + ch - 22)
      .stroke(RULE);
    line(doc, l.date, x + 10, y + ch - 18, { size: 8.5, align: 'center', width: 80, color: MUTED });
  });

  // Footer.
  const fy = PAGE.height - m - 10;
  line(doc, fill(l.printed, { date: localDigits(printedOn, lang) }), m, fy, { size: 7.5, color: MUTED });
  line(doc, fill(l.page, { page: localDigits(String(page), lang), pages: localDigits(String(pages), lang) }), m, fy, {
    size: 7.5,
    color: MUTED,
    align: 'right',
    width: inner,
  });
}

/**
 * A PDF of grade sheets, one page each, in order. `printedOn` is the school's date (DD-MM-YYYY),
 * passed in so that the same input gives the same page.
 */
export function gradesheetPdf(sheets: Gradesheet[], lang: PdfLanguage, printedOn: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: false,
    info: {
      Title: sheets.length === 1 ? `${LABELS[lang].title} ${sheets[0].student_code}` : LABELS[lang].title,
      Author: sheets[0]?.school_name ?? '',
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
  sheets.forEach((s, i) => {
    doc.addPage({ size: 'A4', margin: PAGE.margin });
    doc.lineWidth(0.6);
    drawSheet(doc, s, lang, printedOn, i + 1, sheets.length);
  });
  doc.end();
  return done;
}
