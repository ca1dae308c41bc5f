/**
 * One database handle for the whole server: node-postgres when DATABASE_URL is set, otherwise
 * PGlite persisted to a directory. Both speak the same SQL, so schema, migrations and queries are
 * shared.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows a write statement touched: node-postgres says rowCount, PGlite affectedRows. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number } | null;
  return Number(r?.rowCount ?? r?.affectedRows ?? 0);
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Refresh the planner's statistics. PGlite runs no autovacuum, so without this its planner never
 * learns table sizes and picks nested loops over thousands of rows: a student's attendance history
 * took 74 ms before and 3 ms after (see bench/). PostgreSQL's autovacuum does the same on its own;
 * running it there too after a bulk load (the seed) is harmless.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

export function fromPglite(client: PGlite | PGliteInterface): DbHandle {
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export function fromPostgres(url: string): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl);
  const client = await PGlite.create({ dataDir: path.resolve(opts.dataDir) });
  return fromPglite(client);
}
