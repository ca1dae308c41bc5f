/**
 * The head teacher's reports as downloads (docs/DOMAIN.md, "Result analysis"): the tabulation
 * sheet as a landscape PDF (services/tabulation-pdf.ts), an XLSX or a CSV, the merit list and the
 * chronic absence list as CSV or XLSX, the result analysis as an XLSX (three sheets) or one of its
 * tables as CSV. Every CSV is written by `csvOf` (docs/DOMAIN.md, "Report exports"). The figures are those of the JSON answers
 * (services/result-analysis.ts); the language a PDF is printed in is services/pdf-files.ts's rule.
 */
import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import { SPREADSHEET_FORMULA } from '@/api/csv';
import type {
  AnalysisTable,
  ChronicAbsencePage,
  ChronicAbsenceRow,
  MeritRow,
  ResultAnalysis,
  TabulationSheet,
} from '@/api/schemas/reports';
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

type Cell = string | number | null;

/** The sheet's table: roll, code, name, each subject's total and grade, then total, GPA, grade, position. */
function tabulationTable(t: TabulationSheet): { head: string[]; rows: Cell[][] } {
  const head = ['Roll', 'ID', 'Name'];
  for (const s of t.subjects) head.push(`${s.subject_name} total`, `${s.subject_name} grade`);
  head.push('Total', 'GPA', 'Grade', 'Position');
  const rows = t.rows.map((r) => {
    const cells = new Map(r.cells.map((c) => [c.subject_id, c]));
    const row: Cell[] = [r.class_roll_no, r.student_code, r.name];
    for (const s of t.subjects) {
      const c = cells.get(s.subject_id);
      row.push(c ? c.total : null, c ? `${c.grade}${c.is_fourth_subject ? ' (4th)' : ''}` : null);
    }
    row.push(r.total_marks, r.gpa, r.grade, r.position);
    return row;
  });
  return { head, rows };
}

const tabulationName = (t: TabulationSheet, ext: string) =>
  `tabulation-${[t.class_name, t.section_default_name, t.session_year].map(safe).join('-')}.${ext}`;

/** One sheet: the school and the section above the table. */
export function tabulationXlsx(t: TabulationSheet): Promise<DownloadFile> {
  const wb = book();
  const ws = wb.addWorksheet('Tabulation', { pageSetup: { orientation: 'landscape', fitToPage: true } });
  ws.addRow([t.school_name]);
  ws.addRow([`Class ${t.class_name}, Section ${t.section_default_name}, Session ${t.session_year}`]);
  const { head, rows } = tabulationTable(t);
  bold(ws.addRow(head));
  for (const row of rows) ws.addRow(row);
  ws.getColumn(3).width = 28;
  ws.views = [{ state: 'frozen', xSplit: 3, ySplit: 3 }];
  return xlsxOf(wb, tabulationName(t, 'xlsx'));
}

/** The table only, its header first (the section is in the file's name). */
export function tabulationCsv(t: TabulationSheet): DownloadFile {
  const { head, rows } = tabulationTable(t);
  return csvOf([head, ...rows], tabulationName(t, 'csv'));
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

/**
 * A CSV field, quoted when it must be; a cell a spreadsheet would run as a formula (the app's one
 * rule, src/api/csv.ts) is prefixed with a single quote.
 */
const csvField = (v: Cell) => {
  let s = v === null ? '' : String(v);
  if (SPREADSHEET_FORMULA.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** A CSV download: a byte order mark (spreadsheet programs then read the UTF-8, Bangla names, as such), CRLF. */
function csvOf(rows: readonly (readonly Cell[])[], fileName: string): DownloadFile {
  const lines = rows.map((r) => r.map(csvField).join(','));
  const body = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
  return { body, fileName, type: CSV_TYPE };
}

export function meritCsv(rows: MeritRow[], head: { className: string; sessionYear: string }): DownloadFile {
  return csvOf(
    [MERIT_HEAD, ...rows.map(meritCells)],
    `merit-list-${safe(head.className)}-${safe(head.sessionYear)}.csv`,
  );
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

const GRADES = ['A+', 'A', 'A-', 'B', 'C', 'D', 'F'] as const;
const ALL_SECTIONS = 'All sections';

/** One of the analysis's tables: its header, then a line each. */
function analysisTable(a: ResultAnalysis, table: AnalysisTable): Cell[][] {
  if (table === 'exams')
    return [
      ['Exam', 'Section', 'Marks', 'Passed', 'Pass rate %', 'Average %'],
      ...a.exams.map((e) => [
        e.exam_name,
        e.section_default_name ?? ALL_SECTIONS,
        e.sat,
        e.passed,
        e.pass_rate,
        e.average_percent,
      ]),
    ];
  const withSubject = table === 'subjects';
  return [
    [
      ...(withSubject ? ['Subject'] : []),
      'Section',
      'Students',
      'Passed',
      'Pass rate %',
      ...GRADES,
      'Average',
      'Highest',
    ],
    ...(withSubject ? a.subjects : a.overall).map((l) => [
      ...(withSubject ? [l.subject_name] : []),
      l.section_default_name ?? ALL_SECTIONS,
      l.students,
      l.passed,
      l.pass_rate,
      ...GRADES.map((g) => l.grades[g]),
      l.average,
      l.highest,
    ]),
  ];
}

/** Three sheets: overall by section, subjects by section, exams by section. */
export function analysisXlsx(a: ResultAnalysis): Promise<DownloadFile> {
  const wb = book();
  for (const [name, table] of [
    ['Overall', 'overall'],
    ['Subjects', 'subjects'],
    ['Exams', 'exams'],
  ] as const) {
    const ws = wb.addWorksheet(name);
    const [head, ...rows] = analysisTable(a, table);
    bold(ws.addRow(head));
    for (const row of rows) ws.addRow(row);
  }
  return xlsxOf(wb, `result-analysis-${safe(a.class_name)}-${safe(a.session_year)}.xlsx`);
}

/** One table of the analysis as CSV: overall, subjects or exams. */
export function analysisCsv(a: ResultAnalysis, table: AnalysisTable): DownloadFile {
  return csvOf(analysisTable(a, table), `result-analysis-${table}-${safe(a.class_name)}-${safe(a.session_year)}.csv`);
}

const CHRONIC_HEAD = [
  'Class',
  'Section',
  'Roll',
  'ID',
  'Name',
  'Periods marked',
  'Periods present',
  'Present %',
  'Days absent running',
  'Last present',
  'Reasons',
  'Episode since',
  'SMS',
];
const chronicCells = (r: ChronicAbsenceRow): Cell[] => [
  r.class_name,
  r.section_default_name,
  r.class_roll_no,
  r.student_code,
  r.name,
  r.periods_marked,
  r.periods_present,
  r.rate,
  r.consecutive_absent_days,
  r.last_present_on,
  r.reasons.join(' '),
  r.episode_started_on,
  r.message_status,
];

/** The file's name: the window's last school day (the list is as of then). */
const chronicName = (page: ChronicAbsencePage, ext: string) => `chronic-absence-${safe(page.to ?? 'none')}.${ext}`;

/** The whole list (every row of `page`, not one page of it). */
export function chronicCsv(page: ChronicAbsencePage): DownloadFile {
  return csvOf([CHRONIC_HEAD, ...page.rows.map(chronicCells)], chronicName(page, 'csv'));
}

export function chronicXlsx(page: ChronicAbsencePage): Promise<DownloadFile> {
  const wb = book();
  const ws = wb.addWorksheet('Chronic absence');
  ws.addRow([
    `Chronic absence: ${page.from ?? ''} to ${page.to ?? ''}; below ${page.threshold}% present over ${page.days} school days, or ${page.consecutive} days absent running`,
  ]);
  bold(ws.addRow(CHRONIC_HEAD));
  for (const r of page.rows) ws.addRow(chronicCells(r));
  ws.getColumn(5).width = 28;
  return xlsxOf(wb, chronicName(page, 'xlsx'));
}
