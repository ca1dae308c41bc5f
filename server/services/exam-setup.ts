/**
 * Setting exams up, as the school admin's routes ask (routes/exams.ts): the school's exam types
 * (the defaults on a first look, adding and renaming, a name unique in the school), creating exams
 * for sections and subjects at once (POST /api/exam_info: every id checked against the school, one
 * of a kind per subject, section and session), and publishing and unlocking a session's results.
 * The exam list, marks and grade sheets are services/exams.ts's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EXAM_CODES,
  EXAM_MESSAGES,
  type examInfoBody,
  type examNameCreateBody,
  type examNameRenameBody,
  type examNameRow,
} from '@/api/schemas/exams';
import type { DbOrTx } from '../db/client';
import {
  academicSessions,
  classes,
  examTypes,
  exams,
  resultPublications,
  schools,
  sections,
  subjects,
  teachers,
} from '../db/schema';
import { ApiError, badRequest, conflict, notFound, type FieldErrors } from '../errors';
import { listedNameBn } from './bangla-names';
import { ensureExamTypes, examListOrder, listExamTypes, publicationOf, selectExamInfo } from './exams';

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
export const pgCode = (err: unknown): string | undefined => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.cause?.code ?? e.code;
};

/** Every field's problem at once, as one 400 `invalid_input`; nothing when there is none. */
export const refuseFields = (fields: FieldErrors) => {
  const entries = Object.entries(fields);
  if (entries.length) throw new ApiError(400, 'invalid_input', entries.map(([f, m]) => `${f}: ${m}`).join(' '), fields);
};

// ---------------------------------------------------------------- exam types

type ExamNameRow = z.infer<typeof examNameRow>;

/** An exam type as the API answers it. */
const examNameColumns = {
  id: examTypes.id,
  exam_name: examTypes.examName,
  exam_name_bn: examTypes.examNameBn,
  kind: examTypes.kind,
  sort_order: examTypes.sortOrder,
};

/** A write's error: the school's unique exam type name as a 409 naming the field, else as it was. */
function nameTakenOr(err: unknown, name: string): unknown {
  return pgCode(err) === '23505' ? conflict(`The school already has an exam type named ${name}.`, 'exam_name') : err;
}

/** The school's exam types; a school's first look gives it the default types. */
export async function examTypesOf(db: DbOrTx, schoolId: number) {
  const rows = await listExamTypes(db, schoolId);
  if (rows.length) return rows;
  await ensureExamTypes(db, schoolId);
  return listExamTypes(db, schoolId);
}

/** Adds an exam type, last of its kind (after the defaults); a name the school has is 409. */
export async function addExamType(
  db: DbOrTx,
  schoolId: number,
  b: z.output<typeof examNameCreateBody>,
): Promise<ExamNameRow> {
  await ensureExamTypes(db, schoolId);
  const [{ order }] = await db
    .select({
      order: sql<number>`coalesce(max(${examTypes.sortOrder}), (select max(sort_order) from ${examTypes} where school_id = ${schoolId}), 0)::int`,
    })
    .from(examTypes)
    .where(and(eq(examTypes.schoolId, schoolId), eq(examTypes.kind, b.kind)));
  try {
    const [row] = await db
      .insert(examTypes)
      .values({
        schoolId,
        kind: b.kind,
        examName: b.exam_name,
        examNameBn: b.exam_name_bn ?? listedNameBn('exam_types', b.exam_name),
        sortOrder: order,
      })
      .returning(examNameColumns);
    return row as ExamNameRow;
  } catch (err) {
    throw nameTakenOr(err, b.exam_name);
  }
}

/** An exam type's school (404 for none), for the school check before it is renamed. */
export async function examTypeSchool(db: DbOrTx, typeId: number): Promise<number> {
  const [type] = await db.select({ schoolId: examTypes.schoolId }).from(examTypes).where(eq(examTypes.id, typeId));
  if (!type) throw notFound('Exam type');
  return type.schoolId;
}

/** Renames an exam type (its Bangla name too, when given); a name the school has is 409. */
export async function renameExamType(
  db: DbOrTx,
  typeId: number,
  b: z.output<typeof examNameRenameBody>,
): Promise<ExamNameRow> {
  try {
    const [row] = await db
      .update(examTypes)
      .set({
        examName: b.exam_name,
        ...(b.exam_name_bn !== undefined && { examNameBn: b.exam_name_bn }),
      })
      .where(eq(examTypes.id, typeId))
      .returning(examNameColumns);
    return row as ExamNameRow;
  } catch (err) {
    throw nameTakenOr(err, b.exam_name);
  }
}

// ---------------------------------------------------------------- exams

/**
 * Creates the exams of one type, session and class for every named section and subject, in one
 * transaction. Every id is checked against the school first (400 naming each field that fails);
 * an exam of that type that exists for any section and subject is 409 `exams.duplicate`, naming
 * the first. Answers the new exams as the exam list shows them.
 */
export async function createExams(db: DbOrTx, schoolId: number, userId: number, b: z.output<typeof examInfoBody>) {
  const sectionIds = [...new Set([...(b.section_ids ?? []), ...(b.section_id ? [b.section_id] : [])])];
  const subjectIds = [...new Set([...(b.subject_ids ?? []), ...(b.subject_id ? [b.subject_id] : [])])];
  const sectionField = b.section_ids?.length ? 'section_ids' : 'section_id';
  const subjectField = b.subject_ids?.length ? 'subject_ids' : 'subject_id';

  const fields: FieldErrors = {};
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.id, b.session_id));
  if (!session) fields.session_id = 'No such academic session.';
  const [type] = await db
    .select({ id: examTypes.id })
    .from(examTypes)
    .where(and(eq(examTypes.id, b.exam_name_id), eq(examTypes.schoolId, schoolId)));
  if (!type) fields.exam_name_id = 'No such exam type in this school.';
  const [cls] = await db
    .select({ id: classes.id })
    .from(classes)
    .innerJoin(schools, eq(schools.schoolTypeId, classes.schoolTypeId))
    .where(and(eq(classes.id, b.class_id), eq(schools.id, schoolId)));
  if (!cls) fields.class_id = 'No such class in this school.';
  const secs = await db
    .select({ id: sections.id, name: sections.sectionDefaultName })
    .from(sections)
    .where(and(inArray(sections.id, sectionIds), eq(sections.schoolId, schoolId), eq(sections.classId, b.class_id)));
  if (secs.length !== sectionIds.length) fields[sectionField] = 'No such section of this class in this school.';
  const subs = await db
    .select({ id: subjects.id, name: subjects.subjectName })
    .from(subjects)
    .where(and(inArray(subjects.id, subjectIds), eq(subjects.classId, b.class_id)));
  if (subs.length !== subjectIds.length) fields[subjectField] = 'No such subject of this class.';
  if (b.teacher_id) {
    const [tch] = await db
      .select({ id: teachers.id })
      .from(teachers)
      .where(and(eq(teachers.id, b.teacher_id), eq(teachers.schoolId, schoolId)));
    if (!tch) fields.teacher_id = 'No such teacher in this school.';
  }
  refuseFields(fields);

  // One of a kind per subject, section and session: name the first duplicate.
  const [dup] = await db
    .select({ section: sections.sectionDefaultName, subject: subjects.subjectName, exam: examTypes.examName })
    .from(exams)
    .innerJoin(sections, eq(sections.id, exams.sectionId))
    .innerJoin(subjects, eq(subjects.id, exams.subjectId))
    .innerJoin(examTypes, eq(examTypes.id, exams.examTypeId))
    .where(
      and(
        eq(exams.examTypeId, b.exam_name_id),
        eq(exams.sessionId, b.session_id),
        inArray(exams.sectionId, sectionIds),
        inArray(exams.subjectId, subjectIds),
      ),
    )
    .limit(1);
  if (dup) {
    throw new ApiError(
      409,
      EXAM_CODES.duplicate,
      `${dup.exam} of ${dup.subject} for section ${dup.section} already exists in this session.`,
    );
  }

  try {
    const ids = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(exams)
        .values(
          sectionIds.flatMap((sectionId) =>
            subjectIds.map((subjectId) => ({
              schoolId,
              sessionId: b.session_id,
              examTypeId: b.exam_name_id,
              classId: b.class_id,
              sectionId,
              subjectId,
              teacherId: b.teacher_id ?? null,
              fullMarks: b.full_marks,
              convertedMarks: b.converted_marks,
              examDate: b.exam_date,
              createdByUserId: userId,
            })),
          ),
        )
        .returning({ id: exams.id });
      return rows.map((r) => r.id);
    });
    const rows = await selectExamInfo(db)
      .where(inArray(exams.id, ids))
      .orderBy(...examListOrder);
    return { ok: true as const, message: EXAM_MESSAGES.created, code: EXAM_CODES.created, rows };
  } catch (err) {
    if (pgCode(err) === '23505')
      throw new ApiError(409, EXAM_CODES.duplicate, 'That exam already exists in this session.');
    throw err;
  }
}

// ---------------------------------------------------------------- publication

/** A session's publication as the API answers it. */
export async function publicationState(db: DbOrTx, schoolId: number, sessionId: number) {
  const p = await publicationOf(db, schoolId, sessionId);
  return {
    session_id: sessionId,
    published: p.published,
    locked: p.locked,
    published_at: p.publishedAt ? p.publishedAt.toISOString() : null,
    unlocked_at: p.unlockedAt ? p.unlockedAt.toISOString() : null,
  };
}

/**
 * Publishes a session's results (which locks its marks) or unlocks them again. An unknown session
 * is 400; unlocking what was never published is 409 `exams.not_published`.
 */
export async function setPublication(
  db: DbOrTx,
  schoolId: number,
  userId: number,
  sessionId: number,
  action: 'publish' | 'unlock',
) {
  const [session] = await db
    .select({ id: academicSessions.id })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  if (!session) throw badRequest('session_id', 'No such academic session.');
  if (action === 'publish') {
    await db
      .insert(resultPublications)
      .values({ schoolId, sessionId, publishedByUserId: userId })
      .onConflictDoUpdate({
        target: [resultPublications.schoolId, resultPublications.sessionId],
        set: { published: true, locked: true, publishedAt: sql`now()`, publishedByUserId: userId },
      });
  } else {
    const done = await db
      .update(resultPublications)
      .set({ locked: false, unlockedAt: sql`now()`, unlockedByUserId: userId })
      .where(and(eq(resultPublications.schoolId, schoolId), eq(resultPublications.sessionId, sessionId)))
      .returning({ schoolId: resultPublications.schoolId });
    if (!done.length)
      throw new ApiError(409, EXAM_CODES.notPublished, 'The results of this session are not published.');
  }
  const state = await publicationState(db, schoolId, sessionId);
  const key = action === 'publish' ? 'published' : 'unlocked';
  return { ok: true as const, message: EXAM_MESSAGES[key], code: EXAM_CODES[key], ...state };
}
