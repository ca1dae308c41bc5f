/**
 * `npm run ha:drill`: the failover drill of docs/SCALING.md, on this machine, with Debian's
 * pg_auto_failover and PgBouncer. It starts a throwaway cluster (a monitor, a primary and a
 * synchronous standby, one PgBouncer in transaction mode in front of each node) and two API
 * processes on a multi-host DATABASE_URL through the PgBouncers; drives attendance submissions and
 * mark saves at a steady rate; kills the primary (its postmaster and its pg_autoctl keeper, with
 * SIGKILL: the machine is gone); keeps writing while the monitor promotes the standby; then reads
 * every written key back through the API and prints acknowledged writes, writes lost (an
 * acknowledged value missing), seconds until writes succeed again, and the errors the clients
 * saw. It cleans up after itself (`--keep` leaves the directory for a look).
 *
 * Needs: apt-get install postgresql-15 postgresql-15-auto-failover pg-auto-failover-cli pgbouncer.
 * PostgreSQL and PgBouncer refuse to run as root: as root they run as the `postgres` user.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { json, populate, schoolDayMoment, writesOf, type Made } from '../bench/school-day';

const PGBIN = process.env.PGBIN ?? '/usr/lib/postgresql/15/bin';
/** The clusters' PATH: PostgreSQL's binaries first, and no directory the `postgres` user cannot read. */
const PG_PATH = `${PGBIN}:/usr/local/bin:/usr/bin:/bin`;
const PG_AUTOCTL = '/usr/bin/pg_autoctl';
const PGBOUNCER = '/usr/sbin/pgbouncer';
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const asRoot = process.getuid?.() === 0;
const keep = process.argv.includes('--keep');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
/** Seconds of writes before the kill, and the longest wait for writes to come back after it. */
const BEFORE_S = arg('before', 15);
const AFTER_MAX_S = arg('after', 90);
/** Writers, each sending its next write as soon as the last is answered (after a short pause). */
const WRITERS = arg('writers', 6);
const PAUSE_MS = 40;

for (const [what, file] of [
  ['pg_autoctl (apt-get install pg-auto-failover-cli postgresql-15-auto-failover)', PG_AUTOCTL],
  ['PgBouncer (apt-get install pgbouncer)', PGBOUNCER],
  [`PostgreSQL 15 in ${PGBIN} (apt-get install postgresql-15)`, path.join(PGBIN, 'pg_ctl')],
] as const) {
  if (!fs.existsSync(file)) {
    console.error(`ha:drill needs ${what}: ${file} is missing.`);
    process.exit(2);
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-ha-'));
fs.chmodSync(work, 0o777);
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A command as the clusters' owner, in its own process group (so the whole node can be killed). */
function asPostgres(cmd: string, args: string[], logName: string): ChildProcess {
  const out = fs.openSync(path.join(work, `${logName}.log`), 'a');
  const env = { ...process.env, PATH: PG_PATH, HOME: work };
  const child = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', 'env', `PATH=${PG_PATH}`, `HOME=${work}`, cmd, ...args], {
        detached: true,
        stdio: ['ignore', out, out],
      })
    : spawn(cmd, args, { detached: true, stdio: ['ignore', out, out], env });
  children.push(child);
  return child;
}

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function until<T>(what: string, seconds: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const end = Date.now() + seconds * 1000;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const v = await probe();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

async function cleanup() {
  for (const c of children.reverse()) killGroup(c, 'SIGTERM');
  await sleep(1_000);
  for (const c of children) killGroup(c, 'SIGKILL');
  // pg_autoctl's postgres servers may have left their own process groups.
  spawnSync('pkill', ['-9', '-f', work]);
  if (!keep) fs.rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}

interface Attempt {
  key: string;
  value: string;
  at: number;
  ok: boolean;
}

async function main() {
  const [pm, p1, p2, b1, b2, a1, a2] = await Promise.all(Array.from({ length: 7 }, freePort));
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${pm}/pg_auto_failover?sslmode=disable`;

  log(`work directory ${work}`);
  asPostgres(
    PG_AUTOCTL,
    ['create', 'monitor', '--pgdata', path.join(work, 'monitor'), '--pgport', String(pm)].concat([
      '--hostname',
      '127.0.0.1',
      '--auth',
      'trust',
      '--no-ssl',
      '--run',
    ]),
    'monitor',
  );
  await until(
    'the monitor',
    60,
    async () => (await query(`postgres://postgres@127.0.0.1:${pm}/pg_auto_failover`, 'select 1')).length,
  );
  // Failure detection in seconds rather than the defaults' tens of seconds (docs/SCALING.md).
  for (const [k, v] of [
    ['pgautofailover.health_check_period', '1000'],
    ['pgautofailover.health_check_timeout', '1000'],
    ['pgautofailover.health_check_max_retries', '1'],
    ['pgautofailover.health_check_retry_delay', '500'],
    ['pgautofailover.node_considered_unhealthy_timeout', '4000'],
    ['pgautofailover.primary_demote_timeout', '5000'],
  ]) {
    await query(`postgres://postgres@127.0.0.1:${pm}/pg_auto_failover`, `alter system set ${k} = ${v}`);
  }
  await query(`postgres://postgres@127.0.0.1:${pm}/pg_auto_failover`, 'select pg_reload_conf()');
  log(`monitor on ${pm}`);

  const node = (name: string, port: number) =>
    asPostgres(
      PG_AUTOCTL,
      ['create', 'postgres', '--pgdata', path.join(work, name), '--pgport', String(port), '--name', name]
        .concat(['--hostname', '127.0.0.1', '--monitor', monitorUrl, '--auth', 'trust', '--no-ssl'])
        .concat(['--dbname', 'pathshala', '--run']),
      name,
    );
  const nodeOne = node('node1', p1);
  const direct = (port: number) => `postgres://postgres@127.0.0.1:${port}/pathshala`;
  await until('node1 as primary', 120, async () => {
    const [r] = await query<{ standby: boolean }>(direct(p1), 'select pg_is_in_recovery() as standby');
    return r && !r.standby;
  });
  log(`node1 primary on ${p1}`);
  const nodeTwo = node('node2', p2);
  const syncState = await until('node2 as synchronous standby', 180, async () => {
    // Its base backup waits for a checkpoint, which by default is spread over minutes: hurry it.
    await query(direct(p1), 'checkpoint');
    const rows = await query<{ sync_state: string }>(direct(p1), 'select sync_state from pg_stat_replication');
    return rows.find((r) => r.sync_state === 'sync' || r.sync_state === 'quorum')?.sync_state;
  });
  const [{ names }] = await query<{ names: string }>(
    direct(p1),
    "select current_setting('synchronous_standby_names') as names",
  );
  log(`node2 standby on ${p2}: ${syncState} (synchronous_standby_names = ${names})`);
  // The session settings the API asks for in its startup options, which PgBouncer does not pass on.
  await query(direct(p1), 'alter role postgres set plan_cache_mode = force_generic_plan');
  await query(direct(p1), 'alter role postgres set join_collapse_limit = 4');

  for (const [name, listen, port] of [
    ['bouncer1', b1, p1],
    ['bouncer2', b2, p2],
  ] as const) {
    const ini = path.join(work, `${name}.ini`);
    fs.writeFileSync(path.join(work, 'userlist.txt'), '"postgres" ""\n');
    fs.writeFileSync(
      ini,
      [
        '[databases]',
        `pathshala = host=127.0.0.1 port=${port} dbname=pathshala`,
        '[pgbouncer]',
        `listen_addr = 127.0.0.1`,
        `listen_port = ${listen}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(work, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 400',
        'default_pool_size = 20',
        'ignore_startup_parameters = extra_float_digits,options',
        'server_connect_timeout = 2',
        'server_login_retry = 1',
        `logfile = ${path.join(work, `${name}.pgb.log`)}`,
        '',
      ].join('\n'),
    );
    asPostgres(PGBOUNCER, [ini], name);
  }
  await until(
    'the PgBouncers',
    30,
    async () => (await query(`postgres://postgres@127.0.0.1:${b1}/pathshala`, 'select 1')).length,
  );
  log(`PgBouncer (transaction pooling) on ${b1} -> node1, ${b2} -> node2`);

  const multi = (ports: number[]) =>
    `postgres://postgres@${ports.map((p) => `127.0.0.1:${p}`).join(',')}/pathshala?target_session_attrs=read-write`;
  const api = (name: string, port: number) => {
    const out = fs.openSync(path.join(work, `${name}.log`), 'a');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      detached: true,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: multi([b1, b2]),
        DATABASE_POOLER: 'transaction',
        DATABASE_LISTEN_URL: multi([p1, p2]),
        DATA_DIR: path.join(work, name),
        CLOCK_START: schoolDayMoment().toUTC().toISO()!,
        ANSWER_CACHE: 'off',
        LOG_LEVEL: 'warn',
        PASSWORD_HASH_LOG_N: '12',
      },
    });
    children.push(child);
    return `http://127.0.0.1:${port}`;
  };
  const health = (base: string) => async () => (await fetch(`${base}/api/health`)).ok;
  const api1 = api('api1', a1);
  await until('API process 1 (migrating and seeding the demo)', 300, health(api1));
  const api2 = api('api2', a2);
  await until('API process 2', 120, health(api2));
  log(`API processes on ${a1} and ${a2} (DATABASE_URL through both PgBouncers, read-write target)`);

  const people = await populate(api1);
  const writes = await writesOf(api1, people, 400);
  log(`${people.teachers.length} teachers, ${people.markSheets.length} mark sheets; writing with ${WRITERS} writers`);

  // What each write sets, keyed by what it overwrites: a period's roll, or a student's mark.
  const keyOf = (w: Made): { key: string; value: string } => {
    const b = JSON.parse(w.body!);
    if (w.path === '/api/exam_mark') {
      const m = b.mark_update[0];
      return { key: `mark ${b.exam_info_id} ${m.student_id}`, value: String(m.mark_obtained) };
    }
    return {
      key: `roll ${b.routine_id} ${b.date}`,
      value: b.attendance.map((a: { attendance_status: number }) => a.attendance_status).join(''),
    };
  };
  const attempts: Attempt[] = [];
  const errors = new Map<string, number>();
  let stop = false;
  let killedAt = 0;
  let backAt = 0;
  let next = 0;
  const writer = async (w: number) => {
    for (let i = w; !stop; i += WRITERS) {
      const req = writes[(next++ * 7 + w) % writes.length];
      // Each write is a new value: a roll with one student's status flipped, or another mark.
      const body = JSON.parse(req.body!);
      if (req.path === '/api/exam_mark') body.mark_update[0].mark_obtained = 1 + ((i * 13) % 19);
      else {
        const k = i % body.attendance.length;
        body.attendance[k].attendance_status = 1 - body.attendance[k].attendance_status;
      }
      const made = { ...req, body: JSON.stringify(body) };
      const { key, value } = keyOf(made);
      const base = i % 2 ? api2 : api1;
      const at = Date.now();
      let ok = false;
      try {
        const res = await fetch(base + made.path, {
          method: 'POST',
          headers: made.headers,
          body: made.body,
          signal: AbortSignal.timeout(10_000),
        });
        ok = res.ok;
        if (!ok) {
          const text = await res.text();
          const code = /"code":"([^"]+)"/.exec(text)?.[1] ?? '';
          errors.set(`${res.status} ${code}`, (errors.get(`${res.status} ${code}`) ?? 0) + 1);
        }
      } catch (err) {
        const name = (err as Error).name === 'TimeoutError' ? 'timeout' : 'no answer';
        errors.set(name, (errors.get(name) ?? 0) + 1);
      }
      attempts.push({ key, value, at, ok });
      if (ok && killedAt && !backAt && at > killedAt) backAt = Date.now();
      await sleep(PAUSE_MS);
    }
  };
  const running = Array.from({ length: WRITERS }, (_, w) => writer(w));
  await sleep(BEFORE_S * 1000);

  const primaryPid = Number(fs.readFileSync(path.join(work, 'node1', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const before = attempts.filter((a) => a.ok).length;
  killedAt = Date.now();
  killGroup(nodeOne, 'SIGKILL');
  try {
    process.kill(primaryPid, 'SIGKILL');
  } catch {
    // gone with its group
  }
  log(`killed node1 (postmaster ${primaryPid} and its pg_autoctl, SIGKILL) after ${before} acknowledged writes`);
  const end = Date.now() + AFTER_MAX_S * 1000;
  while (Date.now() < end && (!backAt || Date.now() < backAt + 10_000)) await sleep(250);
  stop = true;
  await Promise.all(running);
  void nodeTwo;

  // Every key's value now, read through the API (no answer cache: from the new primary).
  const admin = people.teachers[0].token;
  const lost: string[] = [];
  const byKey = new Map<string, Attempt[]>();
  for (const a of attempts) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
  const rollOf = async (routineId: string, date: string, token: string) =>
    (
      await json<{ attendance_status: number | null }[]>(
        api2,
        `/api/attendance/student?routine_id=${routineId}&date=${date}`,
        token,
      )
    )
      .map((r) => r.attendance_status)
      .join('');
  const tokenFor = (routineId: number) =>
    people.teachers.find((t) => t.routines.some((r) => r.id === routineId))?.token ?? admin;
  const sheets = new Map<string, Map<number, string>>();
  for (const [key, list] of byKey) {
    const lastOk = list.map((a) => a.ok).lastIndexOf(true);
    if (lastOk < 0) continue;
    // Acknowledged, then maybe overwritten by a later attempt whose answer was lost.
    const allowed = new Set(list.slice(lastOk).map((a) => a.value));
    const [kind, id, second] = key.split(' ');
    let now: string | undefined;
    if (kind === 'roll') now = await rollOf(id, second, tokenFor(Number(id)));
    else {
      const sheet = people.markSheets.find((m) => String(m.examId) === id)!;
      if (!sheets.has(id)) {
        const s = await json<{ rows: { student_id: number; marks_obtained: number | string | null }[] }>(
          api2,
          `/api/student_mark?exam_info_id=${id}`,
          sheet.token,
        );
        sheets.set(id, new Map(s.rows.map((r) => [r.student_id, String(r.marks_obtained)])));
      }
      now = sheets.get(id)!.get(Number(second));
    }
    if (!now || !allowed.has(now)) lost.push(`${key}: acknowledged ${list[lastOk].value}, now ${now}`);
  }

  const acknowledged = attempts.filter((a) => a.ok).length;
  const [{ standby }] = await query<{ standby: boolean }>(direct(p2), 'select pg_is_in_recovery() as standby');
  console.log('\nha:drill');
  console.log(`  replication before the kill: ${syncState} (synchronous_standby_names = ${names})`);
  console.log(`  node2 after the drill: ${standby ? 'still a standby' : 'primary'}`);
  console.log(`  writes attempted: ${attempts.length}, acknowledged: ${acknowledged} (${before} before the kill)`);
  console.log(`  keys written: ${byKey.size}; acknowledged writes lost: ${lost.length}`);
  for (const l of lost.slice(0, 10)) console.log(`    lost: ${l}`);
  console.log(
    `  writes succeeded again ${backAt ? `${((backAt - killedAt) / 1000).toFixed(1)} s` : 'never'} after the kill`,
  );
  console.log(`  errors the clients saw: ${[...errors].map(([k, n]) => `${k} x${n}`).join(', ') || 'none'}`);
  return lost.length === 0 && backAt > 0 && backAt - killedAt <= 30_000;
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error(err);
} finally {
  await cleanup();
}
process.exit(ok ? 0 : 1);
