/**
 * Ready for Citus (docs/SCALING.md, server/db/distribution.ts): every table of the migrated schema
 * is either school-owned (it has `school_id`, not null, in every primary key, unique constraint
 * and unique index), a reference table, the schools table, or a listed account table. A new table that
 * is none of these fails here, and so does a listed gap that has been closed but is still listed.
 */
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@server/db/client';
import {
  ACCOUNT_TABLES,
  KEYS_WITHOUT_SCHOOL,
  NULLABLE_SCHOOL,
  REFERENCE_TABLES,
  SCHOOLS_TABLE,
} from '@server/db/distribution';
import { freshDb } from '../helpers/test-db';

let handle: DbHandle;
beforeAll(async () => {
  handle = await freshDb();
});
afterAll(() => handle.close());

interface TableRow {
  name: string;
  /** null: no school_id column; else whether it is NOT NULL. */
  school_id_not_null: boolean | null;
  /** Unique indexes (the primary key's and unique constraints' among them) that do not include school_id. */
  keys_without_school: string[];
}

async function tables(): Promise<TableRow[]> {
  const result = await handle.db.execute(sql`
    select c.relname as name,
           a.attnotnull as school_id_not_null,
           coalesce(array(
             select i.relname::text from pg_index x
               join pg_class i on i.oid = x.indexrelid
              where x.indrelid = c.oid and x.indisunique
                and (a.attnum is null or not (a.attnum = any (x.indkey::int2[])))
              order by 1), '{}') as keys_without_school
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attname = 'school_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     order by 1`);
  return (result as unknown as { rows: TableRow[] }).rows;
}

const listed = new Set<string>([...REFERENCE_TABLES, ...ACCOUNT_TABLES, SCHOOLS_TABLE]);

describe('the schema, ready to distribute by school', () => {
  it('every table without school_id is a reference table, the schools table or a listed account table', async () => {
    const unplaced = (await tables()).filter((t) => t.school_id_not_null === null && !listed.has(t.name));
    expect(unplaced.map((t) => t.name)).toEqual([]);
  });

  it('no listed reference or account table has grown a school_id (it would be school-owned)', async () => {
    const grown = (await tables()).filter((t) => t.school_id_not_null !== null && listed.has(t.name));
    expect(grown.map((t) => t.name)).toEqual([]);
  });

  it('every school-owned table has school_id not null, but for the listed accounts of no school', async () => {
    const nullable = (await tables()).filter((t) => t.school_id_not_null === false);
    expect(nullable.map((t) => t.name)).toEqual([...NULLABLE_SCHOOL]);
  });

  it('every school-owned table has school_id in each key, but for the listed gaps, and no gap stays listed once closed', async () => {
    const owned = (await tables()).filter((t) => t.school_id_not_null !== null);
    const gaps = owned.filter((t) => t.keys_without_school.length > 0).map((t) => t.name);
    expect(gaps).toEqual([...KEYS_WITHOUT_SCHOOL]);
  });

  it('every foreign key between two distributed tables joins school_id to school_id', async () => {
    // Co-located tables may only reference each other within a shard: the key carries the school.
    const result = await handle.db.execute(sql`
      select con.conname as name from pg_constraint con
        join pg_class src on src.oid = con.conrelid
        join pg_class dst on dst.oid = con.confrelid
        join pg_namespace n on n.oid = src.relnamespace
       where n.nspname = 'public' and con.contype = 'f'
         and exists (select 1 from pg_attribute a where a.attrelid = src.oid and a.attname = 'school_id' and not a.attisdropped)
         and exists (select 1 from pg_attribute a where a.attrelid = dst.oid and a.attname = 'school_id' and not a.attisdropped)
         and dst.relname <> all (${sql.param([...NULLABLE_SCHOOL])}::text[])
         and not exists (
           select 1 from unnest(con.conkey, con.confkey) as k(src_col, dst_col)
             join pg_attribute s on s.attrelid = con.conrelid and s.attnum = k.src_col
             join pg_attribute d on d.attrelid = con.confrelid and d.attnum = k.dst_col
            where s.attname = 'school_id' and d.attname = 'school_id')
       order by 1`);
    expect((result as unknown as { rows: { name: string }[] }).rows).toEqual([]);
  });

  it('the schools table is keyed by its id, the school_id of every other table', async () => {
    const result = await handle.db.execute(sql`
      select a.attname as col from pg_constraint con
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = any (con.conkey)
       where con.conrelid = 'schools'::regclass and con.contype = 'p'`);
    expect((result as unknown as { rows: { col: string }[] }).rows).toEqual([{ col: 'id' }]);
  });
});
