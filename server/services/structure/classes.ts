/**
 * Classes and organization types as the structure set-up edits them. Classes are reference data
 * every school of a type shares, written by the super admin only (the permission table's).
 * A class moved to another organization type while sections use it is refused (`structure.in_use`,
 * refusals.ts): schools of the old type would lose it.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STRUCTURE_CODES,
  STRUCTURE_CREATED_MESSAGES,
  type classBody,
  type classListQuery,
} from '@/api/schemas/structure';
import type { DbOrTx } from '../../db/client';
import { classes, schoolTypes } from '../../db/schema';
import { notFound } from '../../errors';
import { listedNameBn } from '../bangla-names';
import { answer, deleteUnused, deleted, duplicateOr, fieldErrors, inUse, usesOf } from './refusals';

type ClassBody = z.output<typeof classBody>;

/** Organization types (school types), for the class and subject forms. */
export const schoolTypeList = (db: DbOrTx) =>
  db
    .select({ id: schoolTypes.id, name: schoolTypes.name, code: schoolTypes.code })
    .from(schoolTypes)
    .orderBy(asc(schoolTypes.id));

const classColumns = {
  id: classes.id,
  class_name: classes.className,
  class_name_bn: classes.classNameBn,
  class_code: classes.classCode,
  school_type_id: classes.schoolTypeId,
  school_type_name: schoolTypes.name,
  sort_order: classes.sortOrder,
};

const classRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(classColumns)
      .from(classes)
      .innerJoin(schoolTypes, eq(schoolTypes.id, classes.schoolTypeId))
      .where(eq(classes.id, id))
  )[0];

/** A class as listed; 404 without one. */
async function existingClass(db: DbOrTx, id: number) {
  const row = await classRowOf(db, id);
  if (!row) throw notFound('Class');
  return row;
}

async function checkClassBody(db: DbOrTx, b: { school_type_id: number }) {
  const [type] = await db.select({ id: schoolTypes.id }).from(schoolTypes).where(eq(schoolTypes.id, b.school_type_id));
  if (!type) fieldErrors({ school_type_id: 'No such organization type.' });
}

/** A new class; without a sort order it goes last of its type. */
export async function createClass(db: DbOrTx, b: ClassBody) {
  await checkClassBody(db, b);
  try {
    const [created] = await db
      .insert(classes)
      .values({
        schoolTypeId: b.school_type_id,
        className: b.class_name,
        classNameBn: b.class_name_bn ?? listedNameBn('classes', b.class_name),
        classCode: b.class_code,
        sortOrder:
          b.sort_order ??
          sql`(select coalesce(max(sort_order), 0) + 1 from classes where school_type_id = ${b.school_type_id})`,
      })
      .returning({ id: classes.id });
    const row = await classRowOf(db, created.id);
    return answer(STRUCTURE_CODES.created, STRUCTURE_CREATED_MESSAGES.class, row);
  } catch (err) {
    throw duplicateOr(err);
  }
}

/** Classes, by organization type and order, paged. */
export async function listClasses(db: DbOrTx, q: z.output<typeof classListQuery>) {
  const where = q.school_type_id ? eq(classes.schoolTypeId, q.school_type_id) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(classColumns)
      .from(classes)
      .innerJoin(schoolTypes, eq(schoolTypes.id, classes.schoolTypeId))
      .where(where)
      .orderBy(asc(classes.schoolTypeId), asc(classes.sortOrder), asc(classes.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(classes).where(where),
  ]);
  return { rows, total, limit: q.limit, offset: q.offset };
}

export async function updateClass(db: DbOrTx, id: number, b: ClassBody) {
  const before = await existingClass(db, id);
  await checkClassBody(db, b);
  if (b.school_type_id !== before.school_type_id) {
    // Schools of the old type use its sections; moving the class would take it from them.
    const uses = await usesOf(db, 'classes', before.id);
    if (Object.keys(uses).length) throw inUse(`Class ${before.class_name}`, uses, 'moved');
  }
  try {
    await db
      .update(classes)
      .set({
        schoolTypeId: b.school_type_id,
        className: b.class_name,
        ...(b.class_name_bn !== undefined && { classNameBn: b.class_name_bn }),
        classCode: b.class_code,
        ...(b.sort_order !== undefined ? { sortOrder: b.sort_order } : {}),
      })
      .where(eq(classes.id, before.id));
  } catch (err) {
    throw duplicateOr(err);
  }
  const row = await classRowOf(db, before.id);
  return answer(STRUCTURE_CODES.updated, `Class ${row.class_name} updated.`, row);
}

export async function deleteClass(db: DbOrTx, id: number) {
  const row = await existingClass(db, id);
  await deleteUnused(db, 'classes', row.id, `Class ${row.class_name}`);
  return deleted(`Class ${row.class_name} deleted.`);
}
