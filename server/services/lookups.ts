/**
 * Reference data and the school's structure as the forms' pick lists read them
 * (server/routes/lookups.ts): classes, sections, sessions, days, periods, shifts, subjects, genders,
 * divisions, groups, and the Bangla names of shared names. The school of a school's list is the
 * route's school check; every other list is everyone's.
 */
import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { subjectQuery } from '@/api/schemas/lookups';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  days,
  divisions,
  examTypes,
  feeSectors,
  genders,
  periods,
  sections,
  shifts,
  studentGroups,
  subjects,
} from '../db/schema';
import { todayIn } from './school-time';

/** Classes (of one organization type when given), by type and order. */
export async function classList(db: DbOrTx, schoolTypeId?: number) {
  const rows = await db
    .select()
    .from(classes)
    .where(schoolTypeId ? eq(classes.schoolTypeId, schoolTypeId) : undefined)
    .orderBy(asc(classes.schoolTypeId), asc(classes.sortOrder));
  return rows.map((c) => ({
    id: c.id,
    class_name: c.className,
    class_code: c.classCode,
    school_type_id: c.schoolTypeId,
  }));
}

/** The school's sections (of one class when given), by class order and name. */
export function sectionList(db: DbOrTx, schoolId: number, classId?: number) {
  const where: SQL[] = [eq(sections.schoolId, schoolId)];
  if (classId) where.push(eq(sections.classId, classId));
  return db
    .select({
      id: sections.id,
      section_default_name: sections.sectionDefaultName,
      class_id: sections.classId,
      class_name: classes.className,
      shift_id: sections.shiftId,
      school_info_id: sections.schoolId,
    })
    .from(sections)
    .innerJoin(classes, eq(classes.id, sections.classId))
    .where(and(...where))
    .orderBy(asc(classes.sortOrder), asc(sections.sectionDefaultName));
}

/** The academic sessions by year, the one of today (in `timeZone`) marked current. */
export async function sessionList(db: DbOrTx, timeZone: string) {
  const currentYear = todayIn(timeZone).slice(0, 4);
  const rows = await db.select().from(academicSessions).orderBy(asc(academicSessions.sessionYear));
  return rows.map((s) => ({ id: s.id, session_year: s.sessionYear, current: s.sessionYear === currentYear }));
}

export async function dayList(db: DbOrTx) {
  return (await db.select().from(days).orderBy(asc(days.id))).map((d) => ({ id: d.id, day: d.name }));
}

/** The school's periods (of one shift when given), by shift and serial. */
export async function periodList(db: DbOrTx, schoolId: number, shiftId?: number) {
  const where: SQL[] = [eq(periods.schoolId, schoolId)];
  if (shiftId) where.push(eq(periods.shiftId, shiftId));
  const rows = await db
    .select()
    .from(periods)
    .where(and(...where))
    .orderBy(asc(periods.shiftId), asc(periods.serial));
  return rows.map((p) => ({
    id: p.id,
    period_code: p.periodCode,
    shift_id: p.shiftId,
    serial: p.serial,
    start_time: p.startTime,
    end_time: p.endTime,
  }));
}

export async function shiftList(db: DbOrTx) {
  return (await db.select().from(shifts).orderBy(asc(shifts.id))).map((s) => ({ id: s.id, shift_name: s.name }));
}

/** Subjects (of a class, of an organization type), by class order and code. */
export function subjectList(db: DbOrTx, q: z.output<typeof subjectQuery>) {
  const where: SQL[] = [];
  if (q.class_id) where.push(eq(subjects.classId, q.class_id));
  if (q.school_type_id) where.push(eq(classes.schoolTypeId, q.school_type_id));
  return db
    .select({
      id: subjects.id,
      subject_name: subjects.subjectName,
      subject_code: subjects.subjectCode,
      class_id: subjects.classId,
      school_type_id: classes.schoolTypeId,
      group_id: subjects.groupId,
      optional: subjects.optional,
    })
    .from(subjects)
    .innerJoin(classes, eq(classes.id, subjects.classId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(classes.sortOrder), asc(subjects.subjectCode));
}

/**
 * The Bangla names of shared names, keyed by the English name (src/api/schemas/names.ts;
 * docs/i18n.md, "Bangla names"). Classes, subjects and shifts are everyone's; exam types and fee
 * heads are those of `schoolIds`, the schools the caller may see (server/auth/tenant.ts
 * `schoolsInView`). Where two of those schools give one English name different Bangla names, the
 * lower school id's wins.
 */
export async function banglaNamesOf(db: DbOrTx, schoolIds: number[] | 'all') {
  const inSchools = <T extends typeof examTypes.schoolId | typeof feeSectors.schoolId>(col: T) =>
    schoolIds === 'all' ? undefined : inArray(col, schoolIds.length ? schoolIds : [-1]);
  const [classRows, subjectRows, shiftRows, examRows, sectorRows] = await Promise.all([
    db
      .select({ en: classes.className, bn: classes.classNameBn })
      .from(classes)
      .where(ne(classes.classNameBn, ''))
      .orderBy(asc(classes.id)),
    db
      .select({ en: subjects.subjectName, bn: subjects.subjectNameBn })
      .from(subjects)
      .where(ne(subjects.subjectNameBn, ''))
      .orderBy(asc(subjects.id)),
    db.select({ en: shifts.name, bn: shifts.nameBn }).from(shifts).where(ne(shifts.nameBn, '')).orderBy(asc(shifts.id)),
    db
      .select({ en: examTypes.examName, bn: examTypes.examNameBn })
      .from(examTypes)
      .where(and(ne(examTypes.examNameBn, ''), inSchools(examTypes.schoolId)))
      .orderBy(asc(examTypes.schoolId), asc(examTypes.sortOrder), asc(examTypes.id)),
    db
      .select({ en: feeSectors.sectorName, bn: feeSectors.sectorNameBn })
      .from(feeSectors)
      .where(and(ne(feeSectors.sectorNameBn, ''), inSchools(feeSectors.schoolId)))
      .orderBy(asc(feeSectors.schoolId), asc(feeSectors.id)),
  ]);
  return {
    classes: byEnglish(classRows),
    subjects: byEnglish(subjectRows),
    shifts: byEnglish(shiftRows),
    exam_types: byEnglish(examRows),
    fee_sectors: byEnglish(sectorRows),
  };
}

/** `{ [English name]: Bangla name }`, the first row of a name winning (rows come in priority order). */
function byEnglish(rows: { en: string; bn: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const en = r.en.trim();
    const bn = r.bn.trim();
    if (en && bn && !(en in out)) out[en] = bn;
  }
  return out;
}

export const genderList = (db: DbOrTx) =>
  db.select({ id: genders.id, name: genders.name }).from(genders).orderBy(asc(genders.id));

/** The address divisions (Dhaka, Chattogram...). */
export const divisionList = (db: DbOrTx) =>
  db
    .select({ id: divisions.id, name: divisions.name, name_bn: divisions.nameBn })
    .from(divisions)
    .orderBy(asc(divisions.id));

/** The student groups (Science, Humanities...), named division_name as the spec's groups are. */
export const groupList = (db: DbOrTx) =>
  db
    .select({ id: studentGroups.id, division_name: studentGroups.name })
    .from(studentGroups)
    .orderBy(asc(studentGroups.id));
