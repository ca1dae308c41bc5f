/**
 * What the structure set-up (classes, sections, subjects, periods) answers when the database
 * refuses a write, and the guarded delete they share (docs/ARCHITECTURE.md, "Where each kind of
 * rule lives"). Refusals the user can act on are 409s with a stable code and a message naming the
 * cause:
 * - `structure.in_use`: a delete (or an edit that would move a used row to another class or shift)
 *   while other rows point at it. What points at a table is read from the database's own foreign
 *   keys, so a table added later is counted without touching this file; `fields` carries the
 *   counts by table for the client's translation. The row is locked first (FOR UPDATE), which waits
 *   for, and then blocks, any insert referencing it: the count cannot go stale before the delete.
 * - `structure.duplicate`: a unique constraint, naming the field.
 * The period overlap (`structure.period_overlap`) is periods.ts's.
 */
import { eq, sql } from 'drizzle-orm';
import { STRUCTURE_CODES } from '@/api/schemas/structure';
import type { DbOrTx } from '../../db/client';
import { pgErrorOf } from '../../db/pg-error';
import { rowsOf } from '../../db/rows';
import { classes, periods, sections, subjects } from '../../db/schema';
import { ApiError, type FieldErrors } from '../../errors';

// ---------------------------------------------------------------- database errors

/** PostgreSQL's SQLSTATE and constraint behind an error (empty when it is not PostgreSQL's). */
export const pgError = (err: unknown): { code?: string; constraint?: string } => pgErrorOf(err) ?? {};

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

/** A unique violation of a structure table as its 409 `structure.duplicate`; any other error as it is. */
export function duplicateOr(err: unknown): unknown {
  const { code, constraint } = pgError(err);
  const known = code === '23505' && constraint ? UNIQUE_FIELDS[constraint] : undefined;
  return known ? new ApiError(409, STRUCTURE_CODES.duplicate, known.message, { [known.field]: known.message }) : err;
}

/** Throws the 400 `invalid_input` naming each field, when there is any. */
export const fieldErrors = (fields: FieldErrors) => {
  const entries = Object.entries(fields);
  if (entries.length) throw new ApiError(400, 'invalid_input', entries.map(([f, m]) => `${f}: ${m}`).join(' '), fields);
};

// ---------------------------------------------------------------- what uses a row

export type StructureTable = 'classes' | 'sections' | 'subjects' | 'periods';

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
export async function usesOf(db: DbOrTx, table: StructureTable, id: number): Promise<Record<string, number>> {
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

/** The 409 `structure.in_use`, naming what uses the row and how many. */
export function inUse(what: string, uses: Record<string, number>, action: 'deleted' | 'moved'): ApiError {
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
export async function deleteUnused(db: DbOrTx, table: StructureTable, id: number, what: string) {
  const target = { classes, sections, subjects, periods }[table];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${ident(table)} where id = ${id} for update`);
    const uses = await usesOf(tx, table, id);
    if (Object.keys(uses).length) throw inUse(what, uses, 'deleted');
    await tx.delete(target).where(eq(target.id, id));
  });
}

/** An edit refused by a foreign key (the row moved under rows that use it): say what uses it. */
export async function movedOr(db: DbOrTx, err: unknown, table: StructureTable, id: number, what: string) {
  if (pgError(err).code !== '23503') return duplicateOr(err);
  const uses = await usesOf(db, table, id);
  return Object.keys(uses).length ? inUse(what, uses, 'moved') : err;
}

/** A write's answer: the code, the message and the row as listed. */
export const answer = <T>(code: string, message: string, row: T) => ({ ok: true as const, code, message, row });

/** A delete's answer. */
export const deleted = (message: string) => ({ ok: true as const, code: STRUCTURE_CODES.deleted, message });
