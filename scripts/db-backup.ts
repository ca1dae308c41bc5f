/**
 * Backups of the school's data with PostgreSQL's own tools (pg_dump's custom format, pg_restore),
 * from DATABASE_URL or the embedded PostgreSQL in DATA_DIR:
 *
 *   npm run backup [-- --file backups/monday.dump]
 *   npm run restore -- --file backups/monday.dump --yes
 *
 * The embedded server is found through its postmaster.pid when the app is running, and started
 * for the purpose when it is not. pg_dump and pg_restore come from PATH, PG_BIN, or
 * /usr/lib/postgresql/<version>/bin (Debian's postgresql-client); the newest one found is used, and
 * it must be at least the server's major version. The password never appears on a command line.
 *
 * A backup holds password hashes, two-factor secrets and pupils' data: it is written readable by
 * its owner only (0600; a directory made for it 0700). A restore ends every sign-in session in the
 * same run: the backup's sessions include ones signed out since it was taken, and those must not
 * come back to life.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, runningEmbeddedUrl, type EmbeddedServer } from '../server/db/embedded';

function usage(message?: string): never {
  if (message) console.error(message);
  console.error('usage: db-backup.ts backup [--file <path>]\n       db-backup.ts restore --file <path> --yes');
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const { values: args } = parseArgs({
  args: rest,
  options: { file: { type: 'string' }, yes: { type: 'boolean', default: false } },
});
if (command !== 'backup' && command !== 'restore') usage();

function majorOf(binary: string): number {
  const out = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  const match = /(\d+)(?:\.\d+)?/.exec(out.stdout ?? '');
  return out.status === 0 && match ? Number(match[1]) : 0;
}

/** The newest pg_dump/pg_restore this machine has. */
function findTool(name: 'pg_dump' | 'pg_restore'): { path: string; major: number } | null {
  const candidates = [
    ...(process.env.PG_BIN ? [path.join(process.env.PG_BIN, name)] : []),
    name,
    ...(fs.existsSync('/usr/lib/postgresql')
      ? fs.readdirSync('/usr/lib/postgresql').map((v) => path.join('/usr/lib/postgresql', v, 'bin', name))
      : []),
  ];
  let best: { path: string; major: number } | null = null;
  for (const candidate of candidates) {
    const major = majorOf(candidate);
    if (major && (!best || major > best.major)) best = { path: candidate, major };
  }
  return best;
}

/** libpq's environment for a connection string: nothing secret on the command line. */
function libpqEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(u.hostname) || '127.0.0.1',
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username) || 'postgres',
    PGDATABASE: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const sslmode = u.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    return Math.floor(Number(rows[0].v) / 10000);
  } finally {
    await client.end();
  }
}

/**
 * Revoke every session the restored rows hold (a revoked one keeps its time). The backup cannot
 * tell a session still in use from one signed out after it was taken, so none is trusted.
 */
async function endAllSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: string | null }>(`select to_regclass('public.auth_sessions')::text as t`);
    if (!rows[0].t) return 0;
    const res = await client.query('update auth_sessions set revoked_at = now() where revoked_at is null');
    return res.rowCount ?? 0;
  } catch (err) {
    throw new Error(
      `The backup was restored, but ending its sign-in sessions failed (${(err as Error).message}): ` +
        `run "update auth_sessions set revoked_at = now() where revoked_at is null" before starting Pathshala.`,
    );
  } finally {
    await client.end();
  }
}

const dataDir = process.env.DATA_DIR ?? './data';
let started: EmbeddedServer | undefined;
let url = process.env.DATABASE_URL;
let running = false;
if (!url) {
  url = runningEmbeddedUrl(dataDir) ?? undefined;
  running = !!url;
  if (!url) {
    if (command === 'backup' && !fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
      usage(`There is no database in ${path.resolve(dataDir)} to back up (set DATA_DIR or DATABASE_URL).`);
    }
    started = await startEmbeddedPostgres({ dataDir });
    url = started.url;
  }
}

try {
  const tool = findTool(command === 'backup' ? 'pg_dump' : 'pg_restore');
  const major = await serverMajor(url);
  if (!tool) {
    throw new Error(
      `No ${command === 'backup' ? 'pg_dump' : 'pg_restore'} found. Install PostgreSQL's client tools ` +
        `(Debian: apt-get install postgresql-client), or set PG_BIN to their directory.`,
    );
  }
  if (tool.major < major) {
    throw new Error(`${tool.path} is version ${tool.major}; the server is ${major}. Install a newer client.`);
  }
  const env = libpqEnv(url);
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const file = path.resolve(args.file ?? path.join('backups', `pathshala-${stamp}.dump`));
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // pg_dump creates the file with its umask (often 0644) and keeps an existing file's mode: make
    // the file ours alone before it is written, and give pg_dump a umask that creates nothing wider.
    fs.closeSync(fs.openSync(file, 'w', 0o600));
    fs.chmodSync(file, 0o600);
    const previousUmask = process.umask(0o077);
    const run = spawnSync(tool.path, ['--format=custom', '--no-owner', `--file=${file}`], { env, stdio: 'inherit' });
    process.umask(previousUmask);
    if (run.status !== 0) throw new Error(`pg_dump failed (exit ${run.status}).`);
    console.log(`Backed up ${env.PGDATABASE} to ${file} (${(fs.statSync(file).size / 2 ** 20).toFixed(1)} MiB).`);
  } else {
    if (!args.file) usage('Name the backup to restore: --file <path>.');
    if (!fs.existsSync(args.file)) usage(`No such file: ${args.file}`);
    if (running) {
      throw new Error('Pathshala is running on this DATA_DIR: stop it before restoring, then start it again.');
    }
    if (!args.yes) {
      usage(`Restoring replaces every row in ${env.PGDATABASE} with the backup's. Add --yes to go ahead.`);
    }
    // One transaction: a backup that fails part-way leaves the database as it was.
    const run = spawnSync(
      tool.path,
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${env.PGDATABASE}`,
        args.file,
      ],
      { env, stdio: 'inherit' },
    );
    if (run.status !== 0) throw new Error(`pg_restore failed (exit ${run.status}); the database is unchanged.`);
    const ended = await endAllSessions(url);
    console.log(
      `Restored ${args.file} into ${env.PGDATABASE}; ${ended} sign-in session(s) ended: everyone signs in again.`,
    );
  }
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await started?.stop();
}
