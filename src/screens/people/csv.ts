/**
 * CSV files the admin downloads: the import templates, list exports, one-time passwords, the fees
 * reports. Every one is written by `csvText` (src/api/csv.ts): a BOM, so that Excel opens Bangla
 * text as UTF-8, and no cell a spreadsheet would run as a formula.
 */
import { csvText } from '@/api/csv';
import { STUDENT_IMPORT_COLUMNS, TEACHER_IMPORT_COLUMNS } from '@/api/schemas/people';
import type { PersonKind } from '@/api/people';

export async function downloadCsv(fileName: string, rows: readonly (readonly string[])[]): Promise<void> {
  const blob = new Blob([await csvText(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const EXAMPLE: Record<PersonKind, Record<string, string>> = {
  student: {
    student_code: 'S-2026-0001',
    first_name: 'সাকিব',
    last_name: 'Ahmed',
    class: 'Six',
    section: 'A',
    roll: '1',
    dob: '2014-03-21',
    gender: 'Male',
    father_name: 'Abdul Karim',
    father_phone_number: '01712345678',
  },
  teacher: {
    teacher_code: 'T-2026-01',
    title: 'Mr.',
    first_name: 'Rafiq',
    last_name: 'Islam',
    initial: 'RIS',
    mobile: '01812345678',
    designation: 'Assistant Teacher',
    dob: '1988-11-02',
  },
};

/** The template: every column, and one example row to overwrite. */
export function templateRows(kind: PersonKind): string[][] {
  const columns = kind === 'student' ? STUDENT_IMPORT_COLUMNS : TEACHER_IMPORT_COLUMNS;
  return [[...columns], columns.map((c) => EXAMPLE[kind][c] ?? '')];
}
