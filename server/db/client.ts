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
import { isDatabaseUnavailable } from '../errors';
import { HostResolver, parseTargets, targetedClient } from './targets';

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
  /**
   * Where heavy reads go (reports, exports, tabulation sheets, district dashboards): a standby's
   * pool when DATABASE_READ_URL is set, else `db` itself. A read that must see its own write uses
   * `db` (docs/SCALING.md).
   */
  readDb: Db;
  /** The connection the cache's listener uses: DATABASE_LISTEN_URL, or `url`. */
  listenUrl: string;
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
 *
 * `join_collapse_limit` (JOIN_COLLAPSE_LIMIT): the reads that are not prepared (a student's
 * homework, a section's registered students, a week's routine) join seven to nine tables, and with
 * PostgreSQL's default of 8 the planner searched every join order: 23-35 ms of planning for 0.3 ms
 * of execution (the homework list at 36-62 requests a second on the demo). At 4 it orders joins in
 * groups of four: 1.5 ms of planning, the same plans for every benchmarked read (bench/explain.ts:
 * the same buffers for each), a section's registered students 43 -> 190 requests a second.
 */
const JOIN_COLLAPSE_LIMIT = 4;
export const SESSION_OPTIONS = `-c plan_cache_mode=force_generic_plan -c join_collapse_limit=${JOIN_COLLAPSE_LIMIT}`;

/** The connection string with SESSION_OPTIONS added to any `options` it already carries. */
export function withSessionOptions(url: string): string {
  const u = new URL(url);
  const own = u.searchParams.get('options');
  u.searchParams.set('options', own ? `${own} ${SESSION_OPTIONS}` : SESSION_OPTIONS);
  return u.toString();
}

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it is
 * answered 503: a database that is away refuses at once, but one behind a dropped network would
 * otherwise hold the request until TCP gives up, minutes later.
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** What the pool's connections do with an 'error' event: nothing (see fromPostgres). */
const ignoreClientError = () => undefined;

/**
 * A pool whose checked-out connections go back by themselves when their server goes away.
 * Drizzle's transaction (drizzle-orm 0.45, NodePgSession.transaction) sends `begin` before the
 * try/finally that releases its connection: when `begin` fails because the connection just died,
 * the connection is never released and its place in the pool is lost for good. After a few
 * database restarts under load every place was lost: each request then waited for a connection
 * that never came, and shutting down waited for them too. Here a checked-out connection that
 * reports a connection error is released at once (with the error, so the pool discards it), and
 * its user's own release, if it comes, is a no-op.
 */
class ResilientPool extends pg.Pool {
  /** Hosts to try for one connection (several with a multi-host URL). */
  attempts = 1;

  connect(): Promise<pg.PoolClient>;
  connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    // With a callback: the pool's own query(), which releases on error itself.
    if (callback) {
      if (this.attempts === 1) return super.connect(callback);
      this.connect().then(
        (client) => callback(undefined, client, (release) => client.release(release as Error)),
        (err: Error) => callback(err, undefined, () => undefined),
      );
      return;
    }
    return this.checkout(this.attempts);
  }

  /** A connection, trying the next host (server/db/targets.ts) while one is away or of the wrong kind. */
  private checkout(attemptsLeft: number): Promise<pg.PoolClient> {
    const got = super.connect();
    const retried =
      attemptsLeft > 1
        ? got.catch((err: unknown) => {
            if (!isDatabaseUnavailable(err)) throw err;
            return this.checkout(attemptsLeft - 1);
          })
        : got;
    return retried.then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', onLost);
        release(err);
      };
      const onLost = (err: Error) => releaseOnce(err);
      client.on('error', onLost);
      client.release = releaseOnce;
      return client;
    });
  }
}

export interface PoolOptions {
  max?: number;
  /** `transaction`: behind a transaction-mode pooler, statements are sent unnamed (server/db/targets.ts). */
  pooler?: 'none' | 'transaction';
}

/**
 * A pool on `url`, which may name several hosts with `target_session_attrs` (server/db/targets.ts):
 * each new connection goes to the host that last served the wanted kind of session, and a
 * connection is tried once on each host before the request is answered 503.
 */
export function poolFor(url: string, opts: PoolOptions = {}): pg.Pool {
  const resolver = new HostResolver(parseTargets(url));
  const pool = new ResilientPool({
    connectionString: withSessionOptions(resolver.current().url),
    Client: targetedClient(resolver, withSessionOptions, opts.pooler === 'transaction'),
    max: opts.max ?? POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose server vanished without a word (a dropped network) is found and ended.
    keepAlive: true,
  } as unknown as pg.PoolConfig);
  (pool as ResilientPool).attempts = resolver.attempts;
  return pool;
}

export interface HandleOptions extends PoolOptions {
  /** DATABASE_READ_URL: a standby for heavy reads. */
  readUrl?: string;
  /** DATABASE_LISTEN_URL: a session-mode path for LISTEN. */
  listenUrl?: string;
}

export function fromPostgres(url: string, opts: HandleOptions = {}): DbHandle {
  const pool = poolFor(url, opts);
  // A pooled connection whose server went away (a restart, a killed backend, a lost network) emits
  // 'error'; an 'error' event nobody listens to ends the process (Node's EventEmitter). The pool
  // listens only while a connection is idle (and re-emits on the pool): a connection checked out
  // for a transaction has no listener of its own, so each gets a permanent one here. The failure
  // itself reaches whoever was using it (the query rejects; the next one finds the connection not
  // queryable), and the pool drops the connection when it comes back.
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  pool.on('error', ignoreClientError);
  const db = drizzle(pool, { schema }) as unknown as Db;
  const readPool = opts.readUrl ? poolFor(opts.readUrl, { ...opts, max: opts.max ?? POOL_SIZE }) : null;
  if (readPool) {
    readPool.on('connect', (client) => client.on('error', ignoreClientError));
    readPool.on('error', ignoreClientError);
  }
  const readDb = readPool ? (drizzle(readPool, { schema }) as unknown as Db) : db;
  return {
    db,
    pool,
    url,
    readDb,
    listenUrl: opts.listenUrl ?? url,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: async () => {
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

/**
 * Resolves once the database answers a trivial query, trying again (every 250 ms, doubling up to
 * 5 s) for as long as it is away: a database started after the app, or restarting, is waited for
 * rather than ending the process. Any other error (a wrong password, a missing database) is thrown.
 */
export async function waitForDatabase(handle: DbHandle, onWait?: (err: unknown) => void): Promise<void> {
  for (let wait = 250, told = false; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      await handle.pool.query('select 1');
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (!told) onWait?.(err);
      told = true;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** DATABASE_URL when given; otherwise the embedded PostgreSQL in DATA_DIR, started here. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** DATABASE_READ_URL, DATABASE_LISTEN_URL, DATABASE_POOLER (with databaseUrl only). */
  handle?: HandleOptions;
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
  /** What the embedded server's supervisor does (a restart). */
  notice?: (line: string) => void;
}): Promise<DbHandle> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl, opts.handle);
  const embedded = await startEmbeddedPostgres({
    dataDir: opts.dataDir,
    port: opts.port,
    log: opts.log,
    notice: opts.notice,
  });
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
