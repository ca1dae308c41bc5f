/**
 * Subjects as the structure set-up edits them: reference data of a class, shared by every school
 * teaching it, written by the super admin only (the permission table's). A subject moved to
 * another class while rows use it is refused (`structure.in_use`, refusals.ts).
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STRUCTURE_CODES,
  STRUCTURE_CREATED_MESSAGES,
  type subjectBody,
  type subjectListQuery,
} from '@/api/schemas/structure';
import type { DbOrTx } from '../../db/client';
import { classes, studentGroups, subjects } from '../../db/schema';
import { notFound, type FieldErrors } from '../../errors';
import { listedNameBn } from '../bangla-names';
import { answer, deleteUnused, deleted, duplicateOr, fieldErrors, movedOr } from './refusals';

type SubjectBody = z.output<typeof subjectBody>;

const subjectColumns = {
  id: subjects.id,
  subject_code: subjects.subjectCode,
  subject_name: subjects.subjectName,
  subject_name_bn: subjects.subjectNameBn,
  class_id: subjects.classId,
  class_name: classes.className,
  school_type_id: classes.schoolTypeId,
  group_id: subjects.groupId,
  optional: subjects.optional,
};

const subjectRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(subjectColumns)
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(eq(subjects.id, id))
  )[0];

/** A subject as listed; 404 without one. */
async function existingSubject(db: DbOrTx, id: number) {
  const row = await subjectRowOf(db, id);
  if (!row) throw notFound('Subject');
  return row;
}

async function checkSubjectBody(db: DbOrTx, b: { class_id: number; school_type_id?: number; group_id?: number }) {
  const fields: FieldErrors = {};
  const [cls] = await db
    .select({ id: classes.id, typeId: classes.schoolTypeId })
    .from(classes)
    .where(eq(classes.id, b.class_id));
  if (!cls) fields.class_id = 'No such class.';
  else if (b.school_type_id && b.school_type_id !== cls.typeId)
    fields.school_type_id = 'The class belongs to another organization type.';
  if (b.group_id) {
    const [group] = await db
      .select({ id: studentGroups.id })
      .from(studentGroups)
      .where(eq(studentGroups.id, b.group_id));
    if (!group) fields.group_id = 'No such group.';
  }
  fieldErrors(fields);
}

export async function createSubject(db: DbOrTx, b: SubjectBody) {
  await checkSubjectBody(db, b);
  try {
    const [created] = await db
      .insert(subjects)
      .values({
        classId: b.class_id,
        subjectCode: b.subject_code,
        subjectName: b.subject_name,
        subjectNameBn: b.subject_name_bn ?? listedNameBn('subjects', b.subject_name),
        groupId: b.group_id ?? null,
        optional: b.optional ?? false,
      })
      .returning({ id: subjects.id });
    const row = await subjectRowOf(db, created.id);
    return answer(STRUCTURE_CODES.created, STRUCTURE_CREATED_MESSAGES.subject, row);
  } catch (err) {
    throw duplicateOr(err);
  }
}

/** Subjects, by organization type, class and code, paged. */
export async function listSubjects(db: DbOrTx, q: z.output<typeof subjectListQuery>) {
  const where: SQL[] = [];
  if (q.class_id) where.push(eq(subjects.classId, q.class_id));
  if (q.school_type_id) where.push(eq(classes.schoolTypeId, q.school_type_id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(subjectColumns)
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(and(...where))
      .orderBy(asc(classes.schoolTypeId), asc(classes.sortOrder), asc(subjects.subjectCode), asc(subjects.id))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ total: count() })
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(and(...where)),
  ]);
  return { rows, total, limit: q.limit, offset: q.offset };
}

export async function updateSubject(db: DbOrTx, id: number, b: SubjectBody) {
  const before = await existingSubject(db, id);
  await checkSubjectBody(db, b);
  try {
    await db
      .update(subjects)
      .set({
        classId: b.class_id,
        subjectCode: b.subject_code,
        subjectName: b.subject_name,
        ...(b.subject_name_bn !== undefined && { subjectNameBn: b.subject_name_bn }),
        groupId: b.group_id ?? null,
        optional: b.optional ?? false,
      })
      .where(eq(subjects.id, before.id));
  } catch (err) {
    throw await movedOr(db, err, 'subjects', before.id, `Subject ${before.subject_name}`);
  }
  const row = await subjectRowOf(db, before.id);
  return answer(STRUCTURE_CODES.updated, `Subject ${row.subject_name} updated.`, row);
}

export async function deleteSubject(db: DbOrTx, id: number) {
  const row = await existingSubject(db, id);
  await deleteUnused(db, 'subjects', row.id, `Subject ${row.subject_name}`);
  return deleted(`Subject ${row.subject_name} deleted.`);
}
