/**
 * Bulk import of students and teachers from CSV (the template, or Excel's "CSV UTF-8" export):
 * parse with papaparse, check every row (fields, class and section by name, duplicates within
 * the file and against the database) and report every problem by row and column, row 1 being
 * the header. Only a file without problems is written, all of it in one transaction.
 */
import Papa from 'papaparse';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  IMPORT_MAX_ROWS,
  normaliseMobile,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_REQUIRED,
  studentFields,
  TEACHER_IMPORT_COLUMNS,
  TEACHER_IMPORT_REQUIRED,
  teacherFields,
  type ImportError,
} from '@/api/schemas/people';
import { latinDigits } from '@/i18n/digits';
import type { DbOrTx } from '../db/client';
import { classes, genders, schools, sections, shifts, studentGroups } from '../db/schema';
import { studentConflicts, teacherConflicts, type Conflict, type StudentInput, type TeacherInput } from './people';

export interface ParsedCsv {
  header: string[];
  /** Data records with their row number in the file (the header is row 1). */
  records: { row: number; values: Record<string, string> }[];
  errors: ImportError[];
}

/** Header names as people write them: "Student Code", "student_code" and "STUDENT-CODE" are one. */
const columnKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export function parseCsv(text: string, known: readonly string[], required: readonly string[]): ParsedCsv {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(body, { skipEmptyLines: false });
  const errors: ImportError[] = [];
  for (const e of parsed.errors) {
    if (e.code === 'UndetectableDelimiter') continue;
    errors.push({ row: (e.row ?? 0) + 1, column: '', message: e.message });
  }
  const [headerRow = [], ...rest] = parsed.data;
  const header = headerRow.map(columnKey);
  header.forEach((h, i) => {
    if (h && !known.includes(h))
      errors.push({ row: 1, column: headerRow[i], message: 'is not a column of the template' });
    if (h && header.indexOf(h) !== i) errors.push({ row: 1, column: headerRow[i], message: 'appears twice' });
  });
  for (const r of required) if (!header.includes(r)) errors.push({ row: 1, column: r, message: 'column is missing' });
  const records: ParsedCsv['records'] = [];
  rest.forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const values: Record<string, string> = {};
    header.forEach((h, j) => {
      if (h) values[h] = (cells[j] ?? '').trim();
    });
    records.push({ row: i + 2, values });
  });
  if (records.length > IMPORT_MAX_ROWS) {
    errors.push({ row: IMPORT_MAX_ROWS + 2, column: '', message: `a file may hold at most ${IMPORT_MAX_ROWS} rows` });
  }
  if (!records.length && !errors.length) errors.push({ row: 2, column: '', message: 'the file has no rows' });
  return { header, records, errors };
}

/** YYYY-MM-DD, or DD/MM/YYYY and DD-MM-YYYY as written in Bangladesh (and by Excel set to it). */
export function isoDateOf(input: string): string | null {
  let y: string, m: string, d: string;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
  if (match) [, y, m, d] = match;
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(input);
    if (!match) return null;
    [, d, m, y] = match;
  }
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return null;
  return iso;
}

/** Check one record's plain fields with the same rules as the one-person form; problems by column. */
function checkFields<T extends z.ZodRawShape>(
  shape: T,
  values: Record<string, string>,
  row: number,
  errors: ImportError[],
): z.infer<z.ZodObject<T>> | null {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(shape)) input[key] = values[key];
  const result = z.object(shape).safeParse(input);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    errors.push({ row, column: String(issue.path[0] ?? ''), message: issue.message });
  }
  return null;
}

const PHONE_MESSAGE = 'must be a mobile number like 01712345678';
const DOB_MESSAGE = 'must be a date as YYYY-MM-DD or DD/MM/YYYY';

/**
 * The columns written with numbers: Bangla digits (২০) are read as the same number (20), as the
 * mark entry and the forms accept them.
 */
const NUMBER_COLUMNS = ['roll', 'dob', 'mobile_no', 'mobile', 'father_phone_number', 'mother_phone_number'];

/**
 * What people write for the gender lookup's values (Male, Female, Other), as a key of them: the
 * letters a register uses (M, F), and the Bangla words.
 */
const GENDER_WORDS: Record<string, string> = Object.fromEntries(
  (
    [
      ['male', ['m', 'male', 'boy', 'ছেলে', 'পুরুষ', 'ছাত্র']],
      ['female', ['f', 'female', 'girl', 'মেয়ে', 'মহিলা', 'নারী', 'ছাত্রী']],
      ['other', ['o', 'other', 'অন্যান্য', 'অন্য']],
    ] as const
  ).flatMap(([name, words]) => words.map((w) => [w.normalize('NFC'), name])),
);

/** The gender lookup's name for what a file says ("M", "মেয়ে"), lower-cased; unknown words as given. */
export function genderKey(value: string): string {
  const key = value.trim().normalize('NFC').toLowerCase();
  return GENDER_WORDS[key] ?? key;
}

/** Dates and phones as Excel leaves them, rewritten before the shared field rules see them. */
function normalise(values: Record<string, string>, phones: string[], row: number, errors: ImportError[]) {
  const out = { ...values };
  for (const c of NUMBER_COLUMNS) if (out[c]) out[c] = latinDigits(out[c]);
  for (const p of phones) {
    if (!out[p]) continue;
    const n = normaliseMobile(out[p]);
    if (n) out[p] = n;
    else {
      errors.push({ row, column: p, message: PHONE_MESSAGE });
      out[p] = '';
    }
  }
  if (out.dob) {
    const iso = isoDateOf(out.dob);
    if (iso) out.dob = iso;
    else {
      errors.push({ row, column: 'dob', message: DOB_MESSAGE });
      out.dob = '';
    }
  }
  return out;
}

const byName = <T extends { id: number }>(rows: T[], ...names: ((r: T) => string)[]) => {
  const map = new Map<string, T[]>();
  for (const r of rows)
    for (const n of names) {
      const k = n(r).trim().toLowerCase();
      if (!k) continue;
      const list = map.get(k) ?? [];
      if (!list.includes(r)) list.push(r);
      map.set(k, list);
    }
  return map;
};

export interface CheckedImport<T> {
  rows: number;
  errors: ImportError[];
  inputs: T[];
}

const sortErrors = (errors: ImportError[]) => errors.sort((a, b) => a.row - b.row || a.column.localeCompare(b.column));

/**
 * What a student row's names are looked up in: the school type's classes, the school's sections,
 * the shared lists.
 */
export interface StudentLookups {
  classes: { id: number; name: string; code: string }[];
  sections: { id: number; classId: number; shiftId: number; name: string }[];
  shifts: { id: number; name: string }[];
  groups: { id: number; name: string }[];
  genders: { id: number; name: string }[];
}

/**
 * A file's rows checked on their own: the problems so far, and the inputs of the rows without any
 * with their row numbers.
 */
export interface CheckedRows<T> extends CheckedImport<T> {
  rowOf: number[];
}

/** Every row of a student file checked against the lookups (no database read). */
export function checkStudentRows(text: string, lookups: StudentLookups): CheckedRows<StudentInput> {
  const csv = parseCsv(text, STUDENT_IMPORT_COLUMNS, STUDENT_IMPORT_REQUIRED);
  const errors = [...csv.errors];
  const sectionRows = lookups.sections;
  const classOf = byName(
    lookups.classes,
    (c) => c.name,
    (c) => c.code,
  );
  const shiftOf = byName(lookups.shifts, (s) => s.name);
  const groupOf = byName(lookups.groups, (g) => g.name);
  const genderOf = byName(lookups.genders, (g) => g.name);
  const placementColumns = (['class', 'section', 'roll'] as const).filter(
    (column) => !csv.errors.some((e) => e.row === 1 && e.column === column),
  );
  const inputs: StudentInput[] = [];
  const rowOf: number[] = [];
  for (const { row, values: raw } of csv.records) {
    const before = errors.length;
    const values = normalise(raw, ['mobile_no', 'father_phone_number', 'mother_phone_number'], row, errors);
    const fields = checkFields(studentFields, values, row, errors);
    // A row without its placement is reported, never left out quietly (a student the school
    // expects to find would be missing with nothing said; README "Validate every input").
    // (A column missing from the header is reported once, on row 1.)
    for (const column of placementColumns)
      if (!values[column]) errors.push({ row, column, message: `${column} is required` });
    const cls = values.class ? classOf.get(values.class.toLowerCase())?.[0] : undefined;
    if (values.class && !cls) errors.push({ row, column: 'class', message: `no class named “${values.class}”` });
    let shiftId: number | undefined;
    if (values.shift) {
      shiftId = shiftOf.get(values.shift.toLowerCase())?.[0]?.id;
      if (!shiftId) errors.push({ row, column: 'shift', message: `no shift named “${values.shift}”` });
    }
    let section: (typeof sectionRows)[number] | undefined;
    if (cls && values.section) {
      const candidates = sectionRows.filter(
        (s) =>
          s.classId === cls.id &&
          s.name.toLowerCase() === values.section.toLowerCase() &&
          (shiftId === undefined || s.shiftId === shiftId),
      );
      if (candidates.length === 1) section = candidates[0];
      else if (!candidates.length)
        errors.push({ row, column: 'section', message: `${cls.name} has no section named “${values.section}”` });
      else
        errors.push({
          row,
          column: 'shift',
          message: `section “${values.section}” is in several shifts: name the shift`,
        });
    }
    let groupId: number | null = null;
    if (values.group) {
      groupId = groupOf.get(values.group.toLowerCase())?.[0]?.id ?? null;
      if (!groupId) errors.push({ row, column: 'group', message: `no group named “${values.group}”` });
    }
    let genderId: number | null = null;
    if (values.gender) {
      genderId = genderOf.get(genderKey(values.gender))?.[0]?.id ?? null;
      if (!genderId)
        errors.push({
          row,
          column: 'gender',
          message: `no gender named “${values.gender}”: write ${lookups.genders.map((g) => g.name).join(', ')} (or M, F)`,
        });
    }
    const roll = /^\d{1,4}$/.test(values.roll ?? '') ? Number(values.roll) : NaN;
    if (values.roll && !(roll >= 1))
      errors.push({ row, column: 'roll', message: 'must be a whole number from 1 to 9999' });
    if (errors.length > before || !fields || !section) continue;
    inputs.push({
      studentCode: fields.student_code,
      firstName: fields.first_name,
      middleName: fields.middle_name,
      lastName: fields.last_name,
      mobileNo: fields.mobile_no,
      email: fields.email,
      genderId,
      divisionId: null,
      presentAddress: fields.present_address,
      permanentAddress: fields.permanent_address,
      fatherName: fields.father_name,
      fatherPhoneNumber: fields.father_phone_number,
      motherName: fields.mother_name,
      motherPhoneNumber: fields.mother_phone_number,
      dob: fields.dob || null,
      bloodGroup: fields.blood_group,
      photoId: '',
      shiftId: section.shiftId,
      classId: section.classId,
      sectionId: section.id,
      groupId,
      classRollNo: roll,
    });
    rowOf.push(row);
  }
  return { rows: csv.records.length, errors, inputs, rowOf };
}

/** Every row of a teacher file checked (no database read). */
export function checkTeacherRows(text: string): CheckedRows<TeacherInput> {
  const csv = parseCsv(text, TEACHER_IMPORT_COLUMNS, TEACHER_IMPORT_REQUIRED);
  const errors = [...csv.errors];
  const inputs: TeacherInput[] = [];
  const rowOf: number[] = [];
  for (const { row, values: raw } of csv.records) {
    const before = errors.length;
    const values = normalise(raw, ['mobile'], row, errors);
    const f = checkFields(teacherFields, values, row, errors);
    if (errors.length > before || !f) continue;
    inputs.push({
      teacherCode: f.teacher_code,
      title: f.title,
      firstName: f.first_name,
      middleName: f.middle_name,
      lastName: f.last_name,
      mobile: f.mobile,
      initial: f.initial,
      designation: f.designation,
      department: f.department,
      mpoStatus: f.mpo_status,
      indexNo: f.index_no,
      bloodGroup: f.blood_group,
      email: f.email,
      dob: f.dob || null,
      subjectCode: f.subject_code,
    });
    rowOf.push(row);
  }
  return { rows: csv.records.length, errors, inputs, rowOf };
}

/**
 * The conflicts with what is stored (`studentConflicts` / `teacherConflicts`: the n-th input's
 * field) added to the problems at their row, the field named as the file's column (`columnOf`),
 * all sorted by row, then column.
 */
export function withConflicts<T>(
  checked: CheckedRows<T>,
  conflicts: readonly Conflict[],
  columnOf: Record<string, string> = {},
): CheckedImport<T> {
  const errors = [...checked.errors];
  for (const c of conflicts) {
    errors.push({ row: checked.rowOf[c.index], column: columnOf[c.field] ?? c.field, message: c.message });
  }
  return { rows: checked.rows, errors: sortErrors(errors), inputs: checked.inputs };
}

// ---------------------------------------------------------------- the database's part

async function studentLookups(db: DbOrTx, schoolId: number): Promise<StudentLookups> {
  const [school] = await db.select({ typeId: schools.schoolTypeId }).from(schools).where(eq(schools.id, schoolId));
  const [classRows, sectionRows, shiftRows, groupRows, genderRows] = await Promise.all([
    db
      .select({ id: classes.id, name: classes.className, code: classes.classCode })
      .from(classes)
      .where(eq(classes.schoolTypeId, school.typeId)),
    db
      .select({
        id: sections.id,
        classId: sections.classId,
        shiftId: sections.shiftId,
        name: sections.sectionDefaultName,
      })
      .from(sections)
      .where(eq(sections.schoolId, schoolId)),
    db.select({ id: shifts.id, name: shifts.name }).from(shifts),
    db.select({ id: studentGroups.id, name: studentGroups.name }).from(studentGroups),
    db.select({ id: genders.id, name: genders.name }).from(genders),
  ]);
  return { classes: classRows, sections: sectionRows, shifts: shiftRows, groups: groupRows, genders: genderRows };
}

export async function checkStudentImport(
  db: DbOrTx,
  schoolId: number,
  sessionId: number,
  text: string,
): Promise<CheckedImport<StudentInput>> {
  const checked = checkStudentRows(text, await studentLookups(db, schoolId));
  const conflicts = await studentConflicts(db, schoolId, sessionId, checked.inputs);
  return withConflicts(checked, conflicts, { class_roll_no: 'roll' });
}

export async function checkTeacherImport(
  db: DbOrTx,
  schoolId: number,
  text: string,
): Promise<CheckedImport<TeacherInput>> {
  const checked = checkTeacherRows(text);
  return withConflicts(checked, await teacherConflicts(db, schoolId, checked.inputs));
}
