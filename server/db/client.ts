/**
 * One database handle for the whole server: node-postgres over a pool, against DATABASE_URL or the
 * embedded PostgreSQL the app starts itself (server/db/embedded.ts). One engine, one dialect: the
 * schema, migrations and queries are the same everywhere.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Rows a write statement touched. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null } | null;
  return Number(r?.rowCount ?? 0);
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DbHandle {
  db: Db;
  /** The pool behind `db`, for what Drizzle does not cover (LISTEN/NOTIFY, COPY). */
  pool: pg.Pool;
  /** The connection string (a dedicated listener connects with it). */
  url: string;
  /** Set when this handle started the embedded server (and stops it on close). */
  embedded?: EmbeddedServer;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Refresh the planner's statistics after a bulk load (the seed), before autovacuum gets to it, so
 * that the first requests are planned on real table sizes.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/** Connections per process: WORKERS processes each hold up to this many. */
export const POOL_SIZE = 10;

/**
 * Settings for every pooled connection. `plan_cache_mode = force_generic_plan`: every hot query is
 * a prepared statement whose best plan does not depend on its values (an index lookup by school,
 * user, section or student), yet for the statements with many joins and subqueries (notices with
 * their read counts, a section's periods) PostgreSQL judged the generic plan dearer than a custom
 * one and re-planned on every call, which took longer than running them (2.3 ms of planning for
 * 0.4 ms of execution: notices by creator went from 324 to 1,157 requests a second at district
 * size). Behind a pooler that drops startup options, set it on the role instead (README).
 */
export const SESSION_OPTIONS = '-c plan_cache_mode=force_generic_plan';

/** The connection string with SESSION_OPTIONS added to any `options` it already carries. */
export function withSessionOptions(url: string): string {
  const u = new URL(url);
  const own = u.searchParams.get('options');
  u.searchParams.set('options', own ? `${own} ${SESSION_OPTIONS}` : SESSION_OPTIONS);
  return u.toString();
}

export function fromPostgres(url: string, opts: { max?: number } = {}): DbHandle {
  const pool = new pg.Pool({ connectionString: withSessionOptions(url), max: opts.max ?? POOL_SIZE });
  // An idle client whose server went away (a restart, a killed backend) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    pool,
    url,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

/** DATABASE_URL when given; otherwise the embedded PostgreSQL in DATA_DIR, started here. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}): Promise<DbHandle> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl);
  const embedded = await startEmbeddedPostgres({ dataDir: opts.dataDir, port: opts.port, log: opts.log });
  const handle = fromPostgres(embedded.url);
  return {
    ...handle,
    embedded,
    close: async () => {
      await handle.close();
      await embedded.stop();
    },
  };
}
