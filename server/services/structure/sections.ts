/**
 * A school's sections as the structure set-up edits them: a class in a shift of the school,
 * written by its school admin or by the super admin naming the school. The route resolves the
 * school (server/auth/tenant.ts `schoolOf`; for an edit or delete, the section's own, from
 * `findSection`) before calling these. A section stays in its school, and one moved to another
 * class or shift while rows use it is refused (`structure.in_use`, refusals.ts).
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STRUCTURE_CODES,
  STRUCTURE_CREATED_MESSAGES,
  type sectionBody,
  type sectionListQuery,
} from '@/api/schemas/structure';
import type { DbOrTx } from '../../db/client';
import { classes, schools, sections, shifts } from '../../db/schema';
import { notFound, type FieldErrors } from '../../errors';
import { answer, deleteUnused, deleted, duplicateOr, fieldErrors, movedOr } from './refusals';

type SectionBody = z.output<typeof sectionBody>;

const sectionColumns = {
  id: sections.id,
  section_default_name: sections.sectionDefaultName,
  class_id: sections.classId,
  class_name: classes.className,
  shift_id: sections.shiftId,
  shift_name: shifts.name,
  school_info_id: sections.schoolId,
};

const sectionRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(sectionColumns)
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .innerJoin(shifts, eq(shifts.id, sections.shiftId))
      .where(eq(sections.id, id))
  )[0];

export type SetupSection = NonNullable<Awaited<ReturnType<typeof sectionRowOf>>>;

/** A section as listed, with its school for the school check; 404 without one. */
export async function findSection(db: DbOrTx, id: number): Promise<SetupSection> {
  const row = await sectionRowOf(db, id);
  if (!row) throw notFound('Section');
  return row;
}

async function checkSectionBody(db: DbOrTx, schoolId: number, b: { class_id: number; shift_id: number }) {
  const fields: FieldErrors = {};
  const [cls] = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(schools, eq(schools.schoolTypeId, classes.schoolTypeId))
    .where(and(eq(classes.id, b.class_id), eq(schools.id, schoolId)));
  if (!cls) fields.class_id = 'No such class for this school’s type.';
  const [shift] = await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, b.shift_id));
  if (!shift) fields.shift_id = 'No such shift.';
  fieldErrors(fields);
}

/** A new section of a class (of the school's type) in a shift of the school. */
export async function createSection(db: DbOrTx, schoolId: number, b: SectionBody) {
  await checkSectionBody(db, schoolId, b);
  try {
    const [created] = await db
      .insert(sections)
      .values({ schoolId, classId: b.class_id, shiftId: b.shift_id, sectionDefaultName: b.section_default_name })
      .returning({ id: sections.id });
    const row = await sectionRowOf(db, created.id);
    return answer(STRUCTURE_CODES.created, STRUCTURE_CREATED_MESSAGES.section, row);
  } catch (err) {
    throw duplicateOr(err);
  }
}

/** The school's sections, by class, shift and name, paged. */
export async function listSections(db: DbOrTx, schoolId: number, q: z.output<typeof sectionListQuery>) {
  const where: SQL[] = [eq(sections.schoolId, schoolId)];
  if (q.class_id) where.push(eq(sections.classId, q.class_id));
  if (q.shift_id) where.push(eq(sections.shiftId, q.shift_id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(sectionColumns)
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .innerJoin(shifts, eq(shifts.id, sections.shiftId))
      .where(and(...where))
      .orderBy(asc(classes.sortOrder), asc(sections.shiftId), asc(sections.sectionDefaultName), asc(sections.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: count() })
      .from(sections)
      .where(and(...where)),
  ]);
  return { rows, total, limit: q.limit, offset: q.offset };
}

/** An edit of `before` (found by `findSection`), whose school the caller may touch (`schoolId`). */
export async function updateSection(db: DbOrTx, before: SetupSection, schoolId: number, b: SectionBody) {
  if (b.school_info_id && b.school_info_id !== schoolId)
    fieldErrors({ school_info_id: 'A section stays in its school.' });
  await checkSectionBody(db, schoolId, b);
  try {
    await db
      .update(sections)
      .set({ classId: b.class_id, shiftId: b.shift_id, sectionDefaultName: b.section_default_name })
      .where(eq(sections.id, before.id));
  } catch (err) {
    throw await movedOr(db, err, 'sections', before.id, `Section ${before.section_default_name}`);
  }
  const row = await sectionRowOf(db, before.id);
  return answer(STRUCTURE_CODES.updated, `Section ${row.section_default_name} of ${row.class_name} updated.`, row);
}

/** Deletes the section (found by `findSection`) unless rows use it. */
export async function deleteSection(db: DbOrTx, row: SetupSection) {
  const what = `Section ${row.section_default_name} of ${row.class_name}`;
  await deleteUnused(db, 'sections', row.id, what);
  return deleted(`${what} deleted.`);
}
