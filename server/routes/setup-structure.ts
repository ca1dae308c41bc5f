/**
 * A school's structure: create, list, edit and delete classes, sections, subjects and
 * periods, and open a new academic session.
 *
 * Who changes what is the permission table's: classes and subjects are reference data every school
 * shares, so only the super admin writes them; a school's sections and periods are its own, written
 * by its school admin or by the super admin naming the school (the tenant check, `schoolOf`).
 *
 * Paths: the spec's creates (POST /api/create_class, create_section, create_subject,
 * create_period); GET /api/setup/{classes,sections,subjects,periods} (paged lists);
 * PUT and DELETE /api/setup/{classes,sections,subjects,periods}/:id; POST /api/setup/sessions.
 *
 * Refusals the user can act on are 409s with a stable code and a message naming the cause:
 * - `structure.in_use`: a delete (or an edit that would move a used row to another class or shift)
 *   while other rows point at it. What points at a table is read from the database's own foreign
 *   keys, so a table added later is counted without touching this file; `fields` carries the
 *   counts by table for the client's translation. The row is locked first (FOR UPDATE), which waits
 *   for, and then blocks, any insert referencing it: the count cannot go stale before the delete.
 * - `structure.duplicate`: a unique constraint, naming the field.
 * - `structure.period_overlap`: the exclusion constraint periods_no_overlap (migration 0014),
 *   naming the period whose times collide.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, asc, count, desc, eq, gt, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  STRUCTURE_CODES,
  classBody,
  classListQuery,
  classPage,
  classWriteAnswer,
  deleteAnswer,
  periodBody,
  periodListQuery,
  periodPage,
  periodWriteAnswer,
  schoolTypeRow,
  sectionBody,
  sectionListQuery,
  sectionPage,
  sectionWriteAnswer,
  sessionOpenAnswer,
  sessionOpenBody,
  setupIdParams,
  subjectBody,
  subjectListQuery,
  subjectPage,
  subjectWriteAnswer,
} from '@/api/schemas/structure';
import { SUPER_ADMIN } from '@/api/permissions';
import { authOf } from '../auth/guard';
import { schoolOf } from '../auth/tenant';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/rows';
import {
  academicSessions,
  classes,
  periods,
  routines,
  schoolTypes,
  schools,
  sections,
  shifts,
  studentGroups,
  subjects,
} from '../db/schema';
import { ApiError, badRequest, notFound, type FieldErrors } from '../errors';
import { listedNameBn } from '../services/bangla-names';
import { todayIn } from '../services/school-time';

// ---------------------------------------------------------------- database errors

const pgError = (err: unknown): { code?: string; constraint?: string } => {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return { code: e.cause?.code ?? e.code, constraint: e.cause?.constraint ?? e.constraint };
};

/** Unique constraints of the structure tables: the field each names and how to say it. */
const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  classes_type_name_uq: { field: 'class_name', message: 'This school type already has a class with that name.' },
  classes_type_code_uq: { field: 'class_code', message: 'This school type already has a class with that code.' },
  subjects_class_code_uq: { field: 'subject_code', message: 'This class already has a subject with that code.' },
  subjects_class_name_uq: { field: 'subject_name', message: 'This class already has a subject with that name.' },
  sections_name_uq: {
    field: 'section_default_name',
    message: 'This class already has a section with that name in this shift.',
  },
  periods_code_uq: { field: 'period_code', message: 'This shift already has a period with that code.' },
  periods_serial_uq: { field: 'serial', message: 'This shift already has a period with that serial number.' },
};

function duplicateOr(err: unknown): unknown {
  const { code, constraint } = pgError(err);
  const known = code === '23505' && constraint ? UNIQUE_FIELDS[constraint] : undefined;
  return known ? new ApiError(409, STRUCTURE_CODES.duplicate, known.message, { [known.field]: known.message }) : err;
}

const fieldErrors = (fields: FieldErrors) => {
  const entries = Object.entries(fields);
  if (entries.length) throw new ApiError(400, 'invalid_input', entries.map(([f, m]) => `${f}: ${m}`).join(' '), fields);
};

// ---------------------------------------------------------------- what uses a row

type StructureTable = 'classes' | 'sections' | 'subjects' | 'periods';

/** How a referencing table is named in a message: [one, many]. */
const USE_NAMES: Record<string, [string, string]> = {
  enrolments: ['student enrolment', 'student enrolments'],
  routines: ['routine entry', 'routine entries'],
  exams: ['exam', 'exams'],
  homework: ['homework', 'homework'],
  notices: ['notice', 'notices'],
  attendance_section_days: ['attendance day', 'attendance days'],
  sections: ['section', 'sections'],
  subjects: ['subject', 'subjects'],
};

/** The (table, column) pairs whose foreign keys point at `table`.id, from the catalogue; fixed per process. */
const referencing = new Map<StructureTable, Promise<{ tbl: string; col: string }[]>>();

function referencesOf(db: DbOrTx, table: StructureTable) {
  let found = referencing.get(table);
  if (!found) {
    found = db
      .execute(
        sql`select distinct cl.relname as tbl, a.attname as col
              from pg_constraint c
              join pg_class cl on cl.oid = c.conrelid
              cross join lateral unnest(c.conkey, c.confkey) as k(src, dst)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.src
              join pg_attribute r on r.attrelid = c.confrelid and r.attnum = k.dst
             where c.contype = 'f' and c.confrelid = ${table}::regclass and r.attname = 'id'
             order by 1, 2`,
      )
      .then((res) => rowsOf<{ tbl: string; col: string }>(res));
    found.catch(() => referencing.delete(table));
    referencing.set(table, found);
  }
  return found;
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** How many rows of each referencing table point at the row (tables with none left out). One round trip. */
async function usesOf(db: DbOrTx, table: StructureTable, id: number): Promise<Record<string, number>> {
  const refs = await referencesOf(db, table);
  if (!refs.length) return {};
  const parts = refs.map(
    (r) => sql`select ${r.tbl}::text as tbl, count(*)::int as n from ${ident(r.tbl)} where ${ident(r.col)} = ${id}`,
  );
  const res = await db.execute(sql.join(parts, sql` union all `));
  const uses: Record<string, number> = {};
  for (const row of rowsOf<{ tbl: string; n: number }>(res)) {
    if (row.n > 0) uses[row.tbl] = (uses[row.tbl] ?? 0) + row.n;
  }
  return uses;
}

function inUse(what: string, uses: Record<string, number>, action: 'deleted' | 'moved'): ApiError {
  const list = Object.entries(uses).map(([tbl, n]) => {
    const [one, many] = USE_NAMES[tbl] ?? [tbl.replace(/_/g, ' '), tbl.replace(/_/g, ' ')];
    return `${n} ${n === 1 ? one : many}`;
  });
  const named = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}` : list[0];
  const tail =
    action === 'deleted' ? 'Remove or move those first.' : 'Only its name and code can change while they use it.';
  const fields = Object.fromEntries(Object.entries(uses).map(([k, v]) => [k, String(v)]));
  return new ApiError(409, STRUCTURE_CODES.inUse, `${what} cannot be ${action}: ${named} use it. ${tail}`, fields);
}

/** Deletes the row unless something uses it (locked first, so nothing starts using it meanwhile). */
async function deleteUnused(db: DbOrTx, table: StructureTable, id: number, what: string) {
  const target = { classes, sections, subjects, periods }[table];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${ident(table)} where id = ${id} for update`);
    const uses = await usesOf(tx, table, id);
    if (Object.keys(uses).length) throw inUse(what, uses, 'deleted');
    await tx.delete(target).where(eq(target.id, id));
  });
}

/** An edit refused by a foreign key (the row moved under rows that use it): say what uses it. */
async function movedOr(db: DbOrTx, err: unknown, table: StructureTable, id: number, what: string) {
  if (pgError(err).code !== '23503') return duplicateOr(err);
  const uses = await usesOf(db, table, id);
  return Object.keys(uses).length ? inUse(what, uses, 'moved') : err;
}

// ---------------------------------------------------------------- row queries

const classColumns = {
  id: classes.id,
  class_name: classes.className,
  class_name_bn: classes.classNameBn,
  class_code: classes.classCode,
  school_type_id: classes.schoolTypeId,
  school_type_name: schoolTypes.name,
  sort_order: classes.sortOrder,
};
const sectionColumns = {
  id: sections.id,
  section_default_name: sections.sectionDefaultName,
  class_id: sections.classId,
  class_name: classes.className,
  shift_id: sections.shiftId,
  shift_name: shifts.name,
  school_info_id: sections.schoolId,
};
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
const periodColumns = {
  id: periods.id,
  period_code: periods.periodCode,
  serial: periods.serial,
  shift_id: periods.shiftId,
  shift_name: shifts.name,
  start_time: periods.startTime,
  end_time: periods.endTime,
  school_info_id: periods.schoolId,
};

const classRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(classColumns)
      .from(classes)
      .innerJoin(schoolTypes, eq(schoolTypes.id, classes.schoolTypeId))
      .where(eq(classes.id, id))
  )[0];
const sectionRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(sectionColumns)
      .from(sections)
      .innerJoin(classes, eq(classes.id, sections.classId))
      .innerJoin(shifts, eq(shifts.id, sections.shiftId))
      .where(eq(sections.id, id))
  )[0];
const subjectRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(subjectColumns)
      .from(subjects)
      .innerJoin(classes, eq(classes.id, subjects.classId))
      .where(eq(subjects.id, id))
  )[0];
const periodRowOf = async (db: DbOrTx, id: number) =>
  (
    await db
      .select(periodColumns)
      .from(periods)
      .innerJoin(shifts, eq(shifts.id, periods.shiftId))
      .where(eq(periods.id, id))
  )[0];

/** HH:mm -> HH:mm:00 (the column's own form, for comparisons and messages). */
const fullTime = (t: string) => (t.length === 5 ? `${t}:00` : t);
const hm = (t: string) => t.slice(0, 5);

const answer = <T>(code: string, message: string, row: T) => ({ ok: true as const, code, message, row });

export async function setupStructureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // ---------------------------------------------------------------- checks shared by create and edit

  async function checkClassBody(b: { school_type_id: number }) {
    const [type] = await db
      .select({ id: schoolTypes.id })
      .from(schoolTypes)
      .where(eq(schoolTypes.id, b.school_type_id));
    if (!type) fieldErrors({ school_type_id: 'No such organization type.' });
  }

  async function checkSectionBody(schoolId: number, b: { class_id: number; shift_id: number }) {
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

  async function checkSubjectBody(b: { class_id: number; school_type_id?: number; group_id?: number }) {
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

  async function checkShift(shiftId: number) {
    const [shift] = await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, shiftId));
    if (!shift) fieldErrors({ shift_id: 'No such shift.' });
  }

  /** A period write refused by periods_no_overlap: name the period it collides with. */
  async function overlapOr(
    err: unknown,
    schoolId: number,
    b: { shift_id: number; start_time: string; end_time: string },
    exceptId?: number,
  ) {
    const { code, constraint } = pgError(err);
    if (code !== '23P01' || constraint !== 'periods_no_overlap') return duplicateOr(err);
    const where: SQL[] = [
      eq(periods.schoolId, schoolId),
      eq(periods.shiftId, b.shift_id),
      lt(periods.startTime, fullTime(b.end_time)),
      gt(periods.endTime, fullTime(b.start_time)),
    ];
    if (exceptId) where.push(ne(periods.id, exceptId));
    const [other] = await db
      .select({ code: periods.periodCode, start: periods.startTime, end: periods.endTime })
      .from(periods)
      .where(and(...where))
      .orderBy(asc(periods.startTime))
      .limit(1);
    const message = other
      ? `These times overlap period ${other.code} (${hm(other.start)}–${hm(other.end)}) of this shift.`
      : 'These times overlap another period of this shift.';
    return new ApiError(409, STRUCTURE_CODES.overlap, message, { start_time: message, end_time: message });
  }

  app.get(
    '/setup/school_types',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'Organization types (school types), for the class and subject forms.',
        response: { 200: z.array(schoolTypeRow) },
      },
    },
    async () =>
      db
        .select({ id: schoolTypes.id, name: schoolTypes.name, code: schoolTypes.code })
        .from(schoolTypes)
        .orderBy(asc(schoolTypes.id)),
  );

  // ---------------------------------------------------------------- classes (shared)

  app.post(
    '/create_class',
    {
      config: { action: 'structure.class-write' },
      schema: {
        description: 'Creates a class of an organization type (shared by every school of that type).',
        body: classBody,
        response: { 200: classWriteAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      await checkClassBody(b);
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
        return answer(STRUCTURE_CODES.created, `Class ${row.class_name} created.`, row);
      } catch (err) {
        throw duplicateOr(err);
      }
    },
  );

  app.get(
    '/setup/classes',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'Classes, by organization type and order.',
        querystring: classListQuery,
        response: { 200: classPage },
      },
    },
    async (req) => {
      const q = req.query;
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
    },
  );

  app.put(
    '/setup/classes/:id',
    {
      config: { action: 'structure.class-write' },
      schema: { params: setupIdParams, body: classBody, response: { 200: classWriteAnswer } },
    },
    async (req) => {
      const b = req.body;
      const before = await classRowOf(db, req.params.id);
      if (!before) throw notFound('Class');
      await checkClassBody(b);
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
    },
  );

  app.delete(
    '/setup/classes/:id',
    {
      config: { action: 'structure.class-write' },
      schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    },
    async (req) => {
      const row = await classRowOf(db, req.params.id);
      if (!row) throw notFound('Class');
      await deleteUnused(db, 'classes', row.id, `Class ${row.class_name}`);
      return { ok: true as const, code: STRUCTURE_CODES.deleted, message: `Class ${row.class_name} deleted.` };
    },
  );

  // ---------------------------------------------------------------- subjects (shared)

  app.post(
    '/create_subject',
    {
      config: { action: 'structure.subject-write' },
      schema: {
        description: 'Creates a subject of a class (shared by every school teaching that class).',
        body: subjectBody,
        response: { 200: subjectWriteAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      await checkSubjectBody(b);
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
        return answer(STRUCTURE_CODES.created, `Subject ${row.subject_name} created.`, row);
      } catch (err) {
        throw duplicateOr(err);
      }
    },
  );

  app.get(
    '/setup/subjects',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'Subjects, by class and code.',
        querystring: subjectListQuery,
        response: { 200: subjectPage },
      },
    },
    async (req) => {
      const q = req.query;
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
    },
  );

  app.put(
    '/setup/subjects/:id',
    {
      config: { action: 'structure.subject-write' },
      schema: { params: setupIdParams, body: subjectBody, response: { 200: subjectWriteAnswer } },
    },
    async (req) => {
      const b = req.body;
      const before = await subjectRowOf(db, req.params.id);
      if (!before) throw notFound('Subject');
      await checkSubjectBody(b);
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
    },
  );

  app.delete(
    '/setup/subjects/:id',
    {
      config: { action: 'structure.subject-write' },
      schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    },
    async (req) => {
      const row = await subjectRowOf(db, req.params.id);
      if (!row) throw notFound('Subject');
      await deleteUnused(db, 'subjects', row.id, `Subject ${row.subject_name}`);
      return { ok: true as const, code: STRUCTURE_CODES.deleted, message: `Subject ${row.subject_name} deleted.` };
    },
  );

  // ---------------------------------------------------------------- sections (the school's)

  app.post(
    '/create_section',
    {
      config: { action: 'structure.section-write' },
      schema: {
        description:
          'Creates a section of a class in a shift of the school (the caller’s, or the one a super admin names).',
        body: sectionBody,
        response: { 200: sectionWriteAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      await checkSectionBody(schoolId, b);
      try {
        const [created] = await db
          .insert(sections)
          .values({ schoolId, classId: b.class_id, shiftId: b.shift_id, sectionDefaultName: b.section_default_name })
          .returning({ id: sections.id });
        const row = await sectionRowOf(db, created.id);
        return answer(
          STRUCTURE_CODES.created,
          `Section ${row.section_default_name} of ${row.class_name} created.`,
          row,
        );
      } catch (err) {
        throw duplicateOr(err);
      }
    },
  );

  app.get(
    '/setup/sections',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'The school’s sections, by class, shift and name.',
        querystring: sectionListQuery,
        response: { 200: sectionPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
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
    },
  );

  app.put(
    '/setup/sections/:id',
    {
      config: { action: 'structure.section-write' },
      schema: { params: setupIdParams, body: sectionBody, response: { 200: sectionWriteAnswer } },
    },
    async (req) => {
      const b = req.body;
      const before = await sectionRowOf(db, req.params.id);
      if (!before) throw notFound('Section');
      const schoolId = await schoolOf(req, before.school_info_id);
      if (b.school_info_id && b.school_info_id !== schoolId)
        fieldErrors({ school_info_id: 'A section stays in its school.' });
      await checkSectionBody(schoolId, b);
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
    },
  );

  app.delete(
    '/setup/sections/:id',
    {
      config: { action: 'structure.section-write' },
      schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    },
    async (req) => {
      const row = await sectionRowOf(db, req.params.id);
      if (!row) throw notFound('Section');
      await schoolOf(req, row.school_info_id);
      const what = `Section ${row.section_default_name} of ${row.class_name}`;
      await deleteUnused(db, 'sections', row.id, what);
      return { ok: true as const, code: STRUCTURE_CODES.deleted, message: `${what} deleted.` };
    },
  );

  // ---------------------------------------------------------------- periods (the school's)

  app.post(
    '/create_period',
    {
      config: { action: 'structure.period-write' },
      schema: {
        description:
          'Creates a period of a shift of the school, with its serial number and start and end times. ' +
          'Periods of one shift may not overlap (409 structure.period_overlap); one may start when another ends.',
        body: periodBody,
        response: { 200: periodWriteAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const schoolId = await schoolOf(req, b.school_info_id);
      await checkShift(b.shift_id);
      try {
        const [created] = await db
          .insert(periods)
          .values({
            schoolId,
            shiftId: b.shift_id,
            periodCode: b.period_code,
            serial: b.serial,
            startTime: fullTime(b.start_time),
            endTime: fullTime(b.end_time),
          })
          .returning({ id: periods.id });
        const row = await periodRowOf(db, created.id);
        return answer(STRUCTURE_CODES.created, `Period ${row.period_code} created.`, row);
      } catch (err) {
        throw await overlapOr(err, schoolId, b);
      }
    },
  );

  app.get(
    '/setup/periods',
    {
      config: { action: 'structure.read' },
      schema: {
        description: 'The school’s periods, by shift and serial.',
        querystring: periodListQuery,
        response: { 200: periodPage },
      },
    },
    async (req) => {
      const q = req.query;
      const schoolId = await schoolOf(req, q.school_info_id);
      const where: SQL[] = [eq(periods.schoolId, schoolId)];
      if (q.shift_id) where.push(eq(periods.shiftId, q.shift_id));
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(periodColumns)
          .from(periods)
          .innerJoin(shifts, eq(shifts.id, periods.shiftId))
          .where(and(...where))
          .orderBy(asc(periods.shiftId), asc(periods.serial), asc(periods.id))
          .limit(q.limit)
          .offset(q.offset),
        db
          .select({ total: count() })
          .from(periods)
          .where(and(...where)),
      ]);
      return { rows, total, limit: q.limit, offset: q.offset };
    },
  );

  app.put(
    '/setup/periods/:id',
    {
      config: { action: 'structure.period-write' },
      schema: { params: setupIdParams, body: periodBody, response: { 200: periodWriteAnswer } },
    },
    async (req) => {
      const b = req.body;
      const before = await periodRowOf(db, req.params.id);
      if (!before) throw notFound('Period');
      const schoolId = await schoolOf(req, before.school_info_id);
      if (b.school_info_id && b.school_info_id !== schoolId)
        fieldErrors({ school_info_id: 'A period stays in its school.' });
      await checkShift(b.shift_id);
      try {
        await db
          .update(periods)
          .set({
            shiftId: b.shift_id,
            periodCode: b.period_code,
            serial: b.serial,
            startTime: fullTime(b.start_time),
            endTime: fullTime(b.end_time),
          })
          .where(eq(periods.id, before.id));
      } catch (err) {
        const moved = await movedOr(db, err, 'periods', before.id, `Period ${before.period_code}`);
        throw moved === err ? await overlapOr(err, schoolId, b, before.id) : moved;
      }
      const row = await periodRowOf(db, before.id);
      return answer(STRUCTURE_CODES.updated, `Period ${row.period_code} updated.`, row);
    },
  );

  app.delete(
    '/setup/periods/:id',
    {
      config: { action: 'structure.period-write' },
      schema: { params: setupIdParams, response: { 200: deleteAnswer } },
    },
    async (req) => {
      const row = await periodRowOf(db, req.params.id);
      if (!row) throw notFound('Period');
      await schoolOf(req, row.school_info_id);
      await deleteUnused(db, 'periods', row.id, `Period ${row.period_code}`);
      return { ok: true as const, code: STRUCTURE_CODES.deleted, message: `Period ${row.period_code} deleted.` };
    },
  );

  // ---------------------------------------------------------------- a new academic session

  app.post(
    '/setup/sessions',
    {
      config: { action: 'structure.session-open' },
      schema: {
        description:
          'Opens an academic session (a calendar year; default: the year after the school’s last session with a ' +
          'routine, or after the newest session for a super admin naming no school). Sessions are ' +
          'shared by every school, and classes, sections and periods are not bound to a session, so they carry ' +
          'over as they are. With copy_routines, the school’s weekly routine of the latest earlier session is ' +
          'copied into the new one, in the same transaction (409 when the school already has routines there), ' +
          'leaving out the periods of the school’s weekly off days.',
        body: sessionOpenBody,
        response: { 200: sessionOpenAnswer },
      },
    },
    async (req) => {
      const b = req.body;
      const auth = authOf(req);
      const schoolId =
        auth.userType === SUPER_ADMIN && !b.school_info_id ? null : await schoolOf(req, b.school_info_id);
      if (b.copy_routines && schoolId === null)
        throw badRequest('school_info_id', 'Choose the school whose routine is copied.');
      return db.transaction(async (tx) => {
        // One opening at a time: two admins opening the same year wait for each other.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('academic_sessions'))`);
        // The school's last session is the newest one it has a routine in (else this year's).
        const [last] =
          schoolId === null
            ? await tx
                .select({ year: academicSessions.sessionYear })
                .from(academicSessions)
                .orderBy(desc(academicSessions.sessionYear))
                .limit(1)
            : await tx
                .select({ year: academicSessions.sessionYear })
                .from(routines)
                .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
                .where(eq(routines.schoolId, schoolId))
                .orderBy(desc(academicSessions.sessionYear))
                .limit(1);
        const lastYear = Number(last?.year ?? todayIn(app.config.TZ_DEFAULT).slice(0, 4));
        const year = String(b.session_year ?? lastYear + 1);
        const [existing] = await tx
          .select({ id: academicSessions.id })
          .from(academicSessions)
          .where(eq(academicSessions.sessionYear, year));
        if (existing && !b.copy_routines)
          throw new ApiError(409, STRUCTURE_CODES.sessionOpen, `Session ${year} is already open.`);
        const session =
          existing ??
          (await tx.insert(academicSessions).values({ sessionYear: year }).returning({ id: academicSessions.id }))[0];

        let copied = 0;
        if (b.copy_routines && schoolId !== null) {
          const [already] = await tx
            .select({ n: count() })
            .from(routines)
            .where(and(eq(routines.schoolId, schoolId), eq(routines.sessionId, session.id)));
          if (already.n > 0)
            throw new ApiError(
              409,
              STRUCTURE_CODES.sessionHasRoutines,
              `Session ${year} already has ${already.n} routine entries for this school; nothing was copied.`,
            );
          // The newest earlier session in which the school has a routine.
          const [source] = await tx
            .select({ id: academicSessions.id })
            .from(routines)
            .innerJoin(academicSessions, eq(academicSessions.id, routines.sessionId))
            .where(and(eq(routines.schoolId, schoolId), lt(academicSessions.sessionYear, year)))
            .orderBy(desc(academicSessions.sessionYear))
            .limit(1);
          if (source) {
            const res = await tx.execute(sql`
              insert into routines (school_id, session_id, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room)
              select school_id, ${session.id}, shift_id, class_id, section_id, day_id, period_id, subject_id, teacher_id, room
                from routines where school_id = ${schoolId} and session_id = ${source.id}
                  -- not the periods of days that are now weekly off days (routines.weekly_off)
                  and day_id <> all(coalesce((select weekly_off_days from schools where id = ${schoolId}), '{}'))`);
            copied = (res as unknown as { rowCount?: number }).rowCount ?? 0;
          }
        }
        const message =
          (existing ? `Session ${year} was already open.` : `Session ${year} opened.`) +
          (b.copy_routines ? ` ${copied} routine entries copied from the last session.` : '');
        return {
          ok: true as const,
          code: STRUCTURE_CODES.sessionOpened,
          message,
          session: { id: session.id, session_year: year },
          routines_copied: copied,
        };
      });
    },
  );
}
