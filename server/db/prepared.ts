/**
 * Prepared statements per database handle. A hot query is built once (drizzle `.prepare(name)`,
 * values as `sql.placeholder`), so a request spends no time building SQL, and PostgreSQL parses
 * and plans it once per connection. The statement is bound to the handle it was built on, hence
 * one per handle (tests run several apps in one process). Only for reads of a fixed shape; run
 * them on the pool, not inside a transaction.
 *
 * Rows are mapped by a function compiled once per statement (`compiledRows`): drizzle's own
 * mapping works out each cell's decoder again for every row (several `is()` prototype walks and,
 * for a subquery's columns, proxy traps per cell), which cost more than reading the rows: a
 * 1,000-row history took 6.8 ms of CPU with it and 2.8 ms without.
 */
import { Column, is, SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowsOf } from './rows';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
interface SelectedField {
  path: string[];
  field: unknown;
}
/** What drizzle's node-postgres prepared query holds (drizzle-orm 0.45: NodePgPreparedQuery). */
interface PreparedInternals {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

/** The decoder drizzle's mapResultRow would use for a selected field (the same four cases). */
function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  const f = field as { _?: { sql?: { decoder?: Decoder } }; sql?: { decoder?: Decoder } };
  return f._?.sql?.decoder ?? f.sql?.decoder ?? null;
}

/**
 * Give a drizzle prepared query a row mapper compiled once: the same values as drizzle's (each
 * cell through the field's decoder, null stays null), without per-cell dispatch. Only for flat
 * selections (every field a top-level key); anything else (nested objects, which drizzle may
 * null out for left joins) keeps drizzle's mapping. Returns the query.
 */
export function compiledRows<Q>(query: Q): Q {
  const q = query as unknown as PreparedInternals;
  const fields = q.fields;
  if (!Array.isArray(fields) || q.customResultMapper || !fields.every((f) => f.path.length === 1)) return query;
  const names = fields.map((f) => f.path[0]);
  const decoders = fields.map((f) => decoderOf(f.field));
  if (decoders.some((d) => !d || typeof d.mapFromDriverValue !== 'function')) return query;
  const n = names.length;
  q.customResultMapper = (rows) => {
    const out = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      const o: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const raw = row[i];
        o[names[i]] = raw === null ? null : decoders[i]!.mapFromDriverValue(raw);
      }
      out[r] = o;
    }
    return out;
  };
  return query;
}

export function preparedFor<D extends DbOrTx, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = compiledRows(build(db));
      built.set(db, statement);
    }
    return statement;
  };
}

interface NamedQuerying {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
interface RawQuerying {
  dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  $client?: NamedQuerying;
  /** A transaction's (drizzle-orm 0.45: NodePgSession.client, the connection it holds). */
  session?: { client?: Partial<NamedQuerying> };
}
const namedTexts = new Map<string, string>();

/**
 * A hot statement written as SQL (not drizzle's builder) as a named statement: node-postgres
 * prepares it once per connection, so PostgreSQL parses and plans it once (generic plans,
 * client.ts) instead of on every request. The text for one name must never change (only the
 * values). On the pool it runs on any connection; in a transaction on the transaction's own.
 */
export async function namedRows<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const raw = db as unknown as RawQuerying;
  // The session's client: the pool for the database, the connection a transaction holds.
  const client = raw.session?.client ?? raw.$client;
  if (!client || typeof client.query !== 'function' || !raw.dialect) return rowsOf<T>(await db.execute(query));
  const { sql: text, params } = raw.dialect.sqlToQuery(query);
  const known = namedTexts.get(name);
  if (known === undefined) namedTexts.set(name, text);
  else if (known !== text) throw new Error(`named statement ${name} was given another text`);
  return (await client.query({ name, text, values: params })).rows as T[];
}

/**
 * `preparedFor` for a read whose filters are optional (a list screen's): one prepared statement
 * per shape, i.e. per set of filters present, each with only its own conditions so that
 * PostgreSQL's generic plan uses the index the present filters name. A "filter or null" condition
 * would give one plan that can use none. `build` receives the shape and must name the statement
 * after it; the shapes are few (the filters a screen offers), so the statements stay few.
 */
export function preparedByShape<D extends DbOrTx, T>(build: (db: D, shape: string) => T): (db: D, shape: string) => T {
  const built = new WeakMap<D, Map<string, T>>();
  return (db, shape) => {
    let byShape = built.get(db);
    if (!byShape) {
      byShape = new Map();
      built.set(db, byShape);
    }
    let statement = byShape.get(shape);
    if (!statement) {
      statement = compiledRows(build(db, shape));
      byShape.set(shape, statement);
    }
    return statement;
  };
}

/**
 * A list page from a statement that carries its filtered total on every row (`count(*) over ()`,
 * taken before the limit): the rows without it and the total. A page past the end has no row to
 * carry it, so only then is the total asked for alone (`countAlone`).
 */
export async function pageWithTotal<R extends { total: number }>(
  found: R[],
  offset: number,
  countAlone: () => Promise<{ total: number }[]>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const total = found.length ? found[0].total : offset > 0 ? ((await countAlone())[0]?.total ?? 0) : 0;
  return { rows: found.map(({ total: _, ...row }) => row), total };
}
