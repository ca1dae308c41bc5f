/**
 * The head teacher's reports as downloads (docs/DOMAIN.md, "Result analysis"): the tabulation
 * sheet as a landscape PDF (services/tabulation-pdf.ts) or an XLSX, the merit list as CSV or XLSX,
 * the result analysis as an XLSX. The figures are those of the JSON answers
 * (services/result-analysis.ts); the language a PDF is printed in is services/pdf-files.ts's rule.
 */
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import type { MeritRow, ResultAnalysis, TabulationSheet } from '@/api/schemas/reports';
import type { DbOrTx } from '../db/client';
import { classes, sections, subjects } from '../db/schema';
import { bnOr } from './bangla-names';
import { documentLanguage, type PdfFile } from './pdf-files';
import { schoolClock } from './school-time';
import { tabulationPdf } from './tabulation-pdf';
import type { PdfLanguage } from './gradesheet-pdf';

export interface DownloadFile {
  body: Buffer;
  fileName: string;
  type: string;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

const safe = (part: string) =>
  part
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}.-]/gu, '')
    .slice(0, 60) || 'x';

/** The sheet with its class and subject names in Bangla (docs/i18n.md, "Bangla names"). */
async function tabulationInBangla(db: DbOrTx, t: TabulationSheet): Promise<TabulationSheet> {
  const ids = t.subjects.map((s) => s.subject_id);
  const [[cls], subjectRows] = await Promise.all([
    db
      .select({ bn: classes.classNameBn })
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .where(eq(sections.id, t.section_id)),
    ids.length
      ? db.select({ id: subjects.id, bn: subjects.subjectNameBn }).from(subjects).where(inArray(subjects.id, ids))
      : Promise.resolve([]),
  ]);
  const bn = new Map(subjectRows.map((r) => [r.id, r.bn]));
  return {
    ...t,
    class_name: bnOr('classes', cls?.bn, t.class_name),
    subjects: t.subjects.map((s) => ({ ...s, subject_name: bnOr('subjects', bn.get(s.subject_id), s.subject_name) })),
  };
}

export async function tabulationPdfFile(
  db: DbOrTx,
  userId: number,
  schoolId: number,
  t: TabulationSheet,
  asked: PdfLanguage | undefined,
): Promise<PdfFile> {
  const lang = await documentLanguage(db, userId, schoolId, asked);
  const printed = lang === 'bn' ? await tabulationInBangla(db, t) : t;
  const [y, m, d] = (await schoolClock(db, schoolId)).today.split('-');
  const pdf = await tabulationPdf(printed, lang, `${d}-${m}-${y}`);
  return {
    pdf,
    fileName: `tabulation-${[t.class_name, t.section_default_name, t.session_year].map(safe).join('-')}.pdf`,
  };
}

function book() {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Pathshala';
  return wb;
}

const bold = (row: ExcelJS.Row) => {
  row.font = { bold: true };
};

async function xlsxOf(wb: ExcelJS.Workbook, fileName: string): Promise<DownloadFile> {
  const body = Buffer.from(await wb.xlsx.writeBuffer());
  return { body, fileName, type: XLSX_TYPE };
}

/** One sheet: roll, code, name, each subject's total and grade, then total, GPA, grade, position. */
export function tabulationXlsx(t: TabulationSheet): Promise<DownloadFile> {
  const wb = book();
  const ws = wb.addWorksheet('Tabulation', { pageSetup: { orientation: 'landscape', fitToPage: true } });
  ws.addRow([t.school_name]);
  ws.addRow([`Class ${t.class_name}, Section ${t.section_default_name}, Session ${t.session_year}`]);
  const head = ['Roll', 'ID', 'Name'];
  for (const s of t.subjects) head.push(`${s.subject_name} total`, `${s.subject_name} grade`);
  head.push('Total', 'GPA', 'Grade', 'Position');
  bold(ws.addRow(head));
  for (const r of t.rows) {
    const cells = new Map(r.cells.map((c) => [c.subject_id, c]));
    const row: (string | number | null)[] = [r.class_roll_no, r.student_code, r.name];
    for (const s of t.subjects) {
      const c = cells.get(s.subject_id);
      row.push(c ? c.total : null, c ? `${c.grade}${c.is_fourth_subject ? ' (4th)' : ''}` : null);
    }
    row.push(r.total_marks, r.gpa, r.grade, r.position);
    ws.addRow(row);
  }
  ws.getColumn(3).width = 28;
  ws.views = [{ state: 'frozen', xSplit: 3, ySplit: 3 }];
  return xlsxOf(wb, `tabulation-${[t.class_name, t.section_default_name, t.session_year].map(safe).join('-')}.xlsx`);
}

const MERIT_HEAD = ['Merit', 'Section position', 'Section', 'Roll', 'ID', 'Name', 'Total', 'GPA', 'Grade'];
const meritCells = (r: MeritRow) => [
  r.merit_position,
  r.section_position,
  r.section_default_name,
  r.class_roll_no,
  r.student_code,
  r.name,
  r.total_marks,
  r.gpa,
  r.grade,
];

/** A CSV field, quoted when it must be; a leading formula character is neutralised. */
const csvField = (v: string | number | null) => {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function meritCsv(rows: MeritRow[], head: { className: string; sessionYear: string }): DownloadFile {
  const lines = [MERIT_HEAD, ...rows.map(meritCells)].map((r) => r.map(csvField).join(','));
  // The byte order mark makes spreadsheet programs read the UTF-8 (Bangla names) as such.
  const body = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  return { body, fileName: `merit-list-${safe(head.className)}-${safe(head.sessionYear)}.csv`, type: CSV_TYPE };
}

export function meritXlsx(rows: MeritRow[], head: { className: string; sessionYear: string }): Promise<DownloadFile> {
  const wb = book();
  const ws = wb.addWorksheet('Merit list');
  ws.addRow([`Merit list: Class ${head.className}, Session ${head.sessionYear}`]);
  bold(ws.addRow(MERIT_HEAD));
  for (const r of rows) ws.addRow(meritCells(r));
  ws.getColumn(6).width = 28;
  return xlsxOf(wb, `merit-list-${safe(head.className)}-${safe(head.sessionYear)}.xlsx`);
}

/** Three sheets: overall by section, subjects by section, exams by section. */
export function analysisXlsx(a: ResultAnalysis): Promise<DownloadFile> {
  const wb = book();
  const all = 'All sections';
  const grades = ['A+', 'A', 'A-', 'B', 'C', 'D', 'F'] as const;
  const lines = (name: string, withSubject: boolean, rows: ResultAnalysis['overall']) => {
    const ws = wb.addWorksheet(name);
    bold(
      ws.addRow([
        ...(withSubject ? ['Subject'] : []),
        'Section',
        'Students',
        'Passed',
        'Pass rate %',
        ...grades,
        'Average',
        'Highest',
      ]),
    );
    for (const l of rows)
      ws.addRow([
        ...(withSubject ? [l.subject_name] : []),
        l.section_default_name ?? all,
        l.students,
        l.passed,
        l.pass_rate,
        ...grades.map((g) => l.grades[g]),
        l.average,
        l.highest,
      ]);
  };
  lines('Overall', false, a.overall);
  lines('Subjects', true, a.subjects);
  const ws = wb.addWorksheet('Exams');
  bold(ws.addRow(['Exam', 'Section', 'Marks', 'Passed', 'Pass rate %', 'Average %']));
  for (const e of a.exams)
    ws.addRow([e.exam_name, e.section_default_name ?? all, e.sat, e.passed, e.pass_rate, e.average_percent]);
  return xlsxOf(wb, `result-analysis-${safe(a.class_name)}-${safe(a.session_year)}.xlsx`);
}
