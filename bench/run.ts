/**
 * The benchmark: the API's hot endpoints beside a bare Fastify route, in one run on one
 * machine, with autocannon over real HTTP. The API and the bare route each run in a process of
 * their own (`node server/main.ts`, `node bench/bare.ts`); the load comes from this one.
 *
 *   npm run bench                    demo data on a fresh embedded PostgreSQL (or DATABASE_URL)
 *   npm run bench -- --district      the district (bench/district.ts) instead, reused between runs
 *   npm run bench -- --school-day    the school day (bench/school-day.ts): distinct URLs, writes,
 *                                    with and without the answer cache; --soak <minutes> instead
 *                                    runs its mix for that long and reports the memory
 *   options: --duration <s> (5), --only <text> (cases whose name contains it; "mix" the school
 *            day's mix), --no-js, --no-writes (the mix alone), --profile <dir> (the API process's
 *            CPU profile, written there when the run ends)
 *
 * Targets, on the 2-core machine; the run prints each and exits 1 when one is missed:
 * - demo size, 50 connections: every hot read >= 25% of the bare route's requests per second;
 * - district size: every hot read p95 < 10 ms at 1 connection and < 25 ms at 20; a 40-student
 *   attendance submission p95 < 8 ms at 1 connection;
 * - the built app's initial JavaScript <= 150 KB gzip (scripts/bundle-size.mjs).
 * Sign-in is deliberately slow (the password hash); the run shows what concurrent sign-ins do to
 * other requests' latency, since hashing runs off the event loop.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import pg from 'pg';
import { fromPostgres, refreshStatistics } from '../server/db/client';
import { freePort, startEmbeddedPostgres, type EmbeddedServer } from '../server/db/embedded';
import { DEMO_GUARDIAN_PHONE, seedDemo } from '../server/db/seed/demo';
import { openDistrictDatabase, seedDistrict } from './district';
import { HISTORY_PAGE } from '../src/api/schemas/attendance';
import { measureFirstScreens, medianOf, SLOW_PHONE } from './slow-phone';
import { json, mixOf, populate, readsOf, schoolDayMoment, writesOf, type Made } from './school-day';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts } = parseArgs({
  options: {
    district: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    only: { type: 'string' },
    'no-js': { type: 'boolean', default: false },
    // Also each hot read with its answer cache missed (a URL of its own per request): what the
    // database path costs, as right after a write to the school. Default on for the district.
    cold: { type: 'boolean' },
    schools: { type: 'string', default: '50' },
    students: { type: 'string', default: '30000' },
    days: { type: 'string', default: '200' },
    profile: { type: 'string' },
    // The school day (bench/school-day.ts) instead of the hot reads: many users, distinct URLs,
    // writes beside the reads, with the answer cache and without it.
    'school-day': { type: 'boolean', default: false },
    // Only the built app: its initial JavaScript and the first screens on a slow phone.
    'no-reads': { type: 'boolean', default: false },
    // The school-day mix without the writes beside it (what the writes cost the reads).
    'no-writes': { type: 'boolean', default: false },
    // Minutes of the school-day mix with writes against the API as `npm start` runs it (answer
    // cache on), its resident memory sampled every 30 s: no growth after the first two minutes.
    soak: { type: 'string' },
  },
});
const duration = Number(opts.duration);
const PASSWORD = 'demo1234';

// ------------------------------------------------------------------ load generator

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (o: Record<string, unknown>) => AutocannonInstance;

interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Mean latency (ms). */
  mean: number;
  failures: number;
  /** The failures by status, e.g. "3×409 1×422" (empty where none answered). */
  refused?: string;
  /** CPU time per request (µs) of the server's processes and of PostgreSQL's, where /proc tells. */
  cpu?: { server: number; db: number };
}

// ------------------------------------------------------------------ CPU per request
// Requests per second on a 2-core machine shared with the load generator (and, in development,
// with other work) vary by tens of percent between runs; the CPU time a request costs the server
// and the database varies far less, so the run prints it too (Linux: /proc/<pid>/stat).

const TICKS_PER_S = 100; // CLK_TCK on Linux
/** utime + stime of a process, in ms (0 once it is gone). */
function cpuMsOfPid(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return 0;
  }
}
/** A process and its descendants (a cluster's workers; a postmaster's backends). */
function treeOf(root: number): number[] {
  const parents = new Map<number, number>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [root];
  }
  for (const e of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      parents.set(Number(e), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  return tree;
}
/** CPU so far (ms) of each process of a tree. */
const cpuOfTree = (root: number | undefined) =>
  new Map(root === undefined ? [] : treeOf(root).map((pid) => [pid, cpuMsOfPid(pid)] as const));
/**
 * CPU a tree spent between two snapshots: each process's growth, a new one's whole time. A process
 * that ended meanwhile (PostgreSQL's autovacuum workers come and go) is left out, not subtracted.
 */
const cpuSince = (before: Map<number, number>, root: number | undefined) => {
  if (root === undefined) return NaN;
  let ms = 0;
  for (const [pid, now] of cpuOfTree(root)) ms += Math.max(0, now - (before.get(pid) ?? 0));
  return ms;
};

/** Whose CPU is counted: the server under load and the embedded PostgreSQL's postmaster. */
const cpuOf: { server?: number; db?: number } = {};

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** What Chromium and Firefox send. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function load(
  url: string,
  connections: number,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    idReplacement?: boolean;
    /** Each request made afresh (the school day's distinct URLs and users). */
    make?: () => Made;
    /** Requests per second across all connections (the school day's writes). */
    overallRate?: number;
  } = {},
  seconds = duration,
): Promise<Measured> {
  const times: number[] = [];
  const before = { server: cpuOfTree(cpuOf.server), db: cpuOfTree(cpuOf.db) };
  // Every request says what a browser says it takes (a kept answer may come gzipped, as to a browser).
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING, ...init.headers };
  const { make, ...rest } = init;
  const requests = make
    ? [
        {
          setupRequest: (req: { headers?: Record<string, string> }) => {
            const m = make();
            return { ...req, method: m.method, path: m.path, body: m.body, headers: { ...req.headers, ...m.headers } };
          },
        },
      ]
    : undefined;
  const run = autocannon({ url, connections, duration: seconds, ...rest, headers, ...(requests && { requests }) });
  const refused = new Map<number, number>();
  run.on('response', (_c, status, _b, ms) => {
    if (status < 300) times.push(ms);
    else refused.set(status, (refused.get(status) ?? 0) + 1);
  });
  const result = await run;
  const perRequest = (ms: number) => (ms * 1000) / Math.max(1, result.requests.total);
  const cpu = {
    server: perRequest(cpuSince(before.server, cpuOf.server)),
    db: perRequest(cpuSince(before.db, cpuOf.db)),
  };
  times.sort((a, b) => a - b);
  return {
    cpu,
    rps: result.requests.average,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    mean: result.latency.average,
    failures: result.non2xx + result.errors + result.timeouts,
    refused: [...refused].map(([status, n]) => `${n}×${status}`).join(' '),
  };
}

// ------------------------------------------------------------------ processes

const children: ChildProcess[] = [];
function start(script: string, env: Record<string, string>, nodeArgs: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}
async function ready(url: string, child: ChildProcess) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`nothing answers at ${url}`);
}
const rssOf = (child: ChildProcess) => {
  try {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
};

let embedded: EmbeddedServer | undefined;
async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await embedded?.stop();
}

// ------------------------------------------------------------------ the database

async function demoDatabase(): Promise<string> {
  let url: string;
  if (process.env.DATABASE_URL) {
    // Beside the named database, never in it.
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query('drop database if exists pathshala_bench with (force)');
    await admin.query('create database pathshala_bench');
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = '/pathshala_bench';
    url = u.toString();
  } else {
    const dataDir = path.join(root, '.tmp/bench-demo');
    fs.rmSync(dataDir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres({ dataDir, throwaway: true });
    url = embedded.url;
  }
  const handle = fromPostgres(url);
  await handle.migrate();
  await seedDemo(handle.db);
  await refreshStatistics(handle.db);
  await handle.close();
  return url;
}

async function districtDatabase(): Promise<string> {
  // bench/district.ts reuses a district it already made with the same parameters; it loads with
  // fsync off, so the measured server is started afresh (durable) on the same data afterwards.
  const dataDir = path.join(root, '.tmp/district');
  const target = await openDistrictDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  try {
    const summary = await seedDistrict(target.url, {
      schools: Number(opts.schools),
      students: Number(opts.students),
      days: Number(opts.days),
      seed: 1,
      log: (l) => console.log(`  ${l}`),
    });
    const counts = Object.entries(summary.counts).map(([k, v]) => `${k} ${v.toLocaleString('en')}`);
    console.log(`  district: ${counts.join(', ')}; ${summary.size}`);
  } finally {
    await target.close();
  }
  if (process.env.DATABASE_URL) return target.url;
  embedded = await startEmbeddedPostgres({ dataDir });
  return embedded.url;
}

// ------------------------------------------------------------------ the cases

interface Case {
  name: string;
  as: string;
  path: string;
  method?: 'POST';
  body?: unknown;
  /** The reads whose target is a share of the bare route (the submission has its own). */
  hot: boolean;
  /** Measured for reference only: no target (a shape no screen asks for). */
  reference?: true;
  /** Only where the data has it (the demo; the district has no guardians). */
  demoOnly?: true;
  /** Every request a URL of its own ([<id>] replaced), so the answer cache never answers. */
  cold?: true;
  /** A strict query (an unknown parameter is a 400): no "not cached" variant by an extra parameter. */
  strictQuery?: true;
}

/** A hot read again, past the answer cache: an unknown query parameter (ignored) makes each URL new. */
const coldCase = (c: Case): Case => ({
  ...c,
  name: `${c.name} (not cached)`,
  path: `${c.path}${c.path.includes('?') ? '&' : '?'}nocache=[<id>]`,
  cold: true,
});

async function casesFor(
  base: string,
  accounts: { admin: string; teacher: string; student: string; guardian?: string },
) {
  const tokens: Record<string, string> = {};
  for (const [role, code] of Object.entries(accounts)) {
    const r = await json<{ accessToken: string }>(base, '/api/users/login', undefined, {
      method: 'POST',
      body: JSON.stringify({ user_code: code, password: PASSWORD }),
    }).catch((e: unknown) => {
      // The district has no guardian accounts: their cases are demo-only.
      if (role === 'guardian') return undefined;
      throw e;
    });
    if (r) tokens[role] = r.accessToken;
  }
  const me = await json<{ id: number; section_id: number; student_code: string | null }>(
    base,
    '/api/users/user_id',
    tokens.student,
  );
  const years = await json<{ id: number; current: boolean }[]>(base, '/api/session', tokens.student);
  // Last session's: the exams of the previous year are complete and published (demo and district).
  const lastYear = years[years.findIndex((y) => y.current) - 1];
  const week = await json<{ id: number; day_id: number; section_id: number }[]>(
    base,
    '/api/routine/teacher',
    tokens.teacher,
  );
  const today = DateTime.now().setZone('Asia/Dhaka');
  const yearStart = `${today.year}-01-01`;
  // A period of the teacher's, on the latest date that falls on its weekday (spec day 1 = Sunday).
  const routine = week[0];
  const back = (((today.weekday % 7) + 1 - routine.day_id + 7) % 7) as number;
  const date = today.minus({ days: back }).toISODate()!;
  const students = await json<{ student_id: number }[]>(
    base,
    `/api/attendance/student?routine_id=${routine.id}&date=${date}`,
    tokens.teacher,
  );
  const submission = {
    date,
    time: '09:00:00',
    routine_id: routine.id,
    attendance: students.map((s, i) => ({ student_id: s.student_id, attendance_status: i % 10 === 3 ? 0 : 1 })),
  };
  // The sheet a teacher opens to enter marks: their first exam of this session (its first class test).
  const current = years.find((y) => y.current);
  const exam = current
    ? (
        await json<{ rows: { id: number }[] }>(
          base,
          `/api/exam_info?session_id=${current.id}&limit=1`,
          tokens.teacher,
        ).catch(() => ({ rows: [] }))
      ).rows[0]
    : undefined;
  const cases: Case[] = [
    { name: 'profile', as: 'student', path: '/api/users/user_id', hot: true },
    {
      name: "section's periods today",
      as: 'admin',
      path: `/api/attendance/summary/section/today?section_id=${me.section_id}`,
      hot: true,
    },
    { name: 'school today by section', as: 'admin', path: '/api/attendance/summary/all', hot: true },
    { name: 'school day summary', as: 'admin', path: '/api/attendance/summary/school', hot: true },
    // The year's history as /student-attendance reads it: a page of rows and the totals over the range.
    {
      name: "student's year history, a page",
      as: 'student',
      path: `/api/attendance/student/individual?start_date=${yearStart}&limit=${HISTORY_PAGE.screen}`,
      hot: true,
    },
    {
      name: "student's year totals",
      as: 'student',
      path: `/api/attendance/student/individual/summary?start_date=${yearStart}`,
      hot: true,
    },
    {
      name: 'year history as one 1,000-row page',
      as: 'student',
      path: `/api/attendance/student/individual?start_date=${yearStart}&limit=1000`,
      hot: false,
      reference: true,
    },
    { name: 'student notices', as: 'student', path: `/api/notice/student?student_id=${me.id}&type=2`, hot: true },
    { name: 'school notices', as: 'admin', path: '/api/notice/school?type=1', hot: true },
    { name: 'notices by creator', as: 'admin', path: '/api/notice/creator', hot: true },
    { name: "teacher's week routine", as: 'teacher', path: '/api/routine/teacher', hot: true },
    { name: "teacher's periods today", as: 'teacher', path: '/api/routine/teacher/today', hot: true },
    // The student's and the guardian's dashboards: fees due, online classes, activities.
    { name: 'student fees due', as: 'student', path: '/api/invoice/due', hot: true },
    { name: "student's online classes", as: 'student', path: '/api/eschool/classes', hot: true },
    { name: "student's activities", as: 'student', path: '/api/activities/mine', hot: true },
    // The student's home screen: the homework still to do and the week's classes.
    {
      name: "student's homework to do",
      as: 'student',
      path: '/api/homework/student?pending=1',
      hot: true,
      strictQuery: true,
    },
    {
      name: "student's week routine",
      as: 'student',
      path: `/api/routine/student?section_id=${me.section_id}`,
      hot: true,
    },
    // Subject registration's student list: a section's students with their subjects, a page.
    ...(current
      ? [
          {
            name: "a section's registered students",
            as: 'admin',
            path: `/api/subjectList/students?session_id=${current.id}&section_id=${me.section_id}`,
            hot: true,
          },
        ]
      : []),
    ...(tokens.guardian
      ? [
          {
            name: "guardian's children",
            as: 'guardian',
            path: '/api/guardian/children',
            hot: true,
            demoOnly: true as const,
          },
        ]
      : []),
    ...(lastYear && me.student_code
      ? [
          {
            name: "student's grade sheet",
            as: 'student',
            path: `/api/gradesheet?student_code=${encodeURIComponent(me.student_code)}&session_id=${lastYear.id}`,
            hot: true,
          },
        ]
      : []),
    ...(exam
      ? [
          {
            name: "teacher's mark entry sheet",
            as: 'teacher',
            path: `/api/student_mark?exam_info_id=${exam.id}`,
            hot: false,
          },
        ]
      : []),
    {
      name: `attendance submission (${students.length} students)`,
      as: 'admin',
      path: '/api/attendance/student',
      method: 'POST',
      body: submission,
      hot: false,
    },
  ];
  return { cases, tokens };
}

// ------------------------------------------------------------------ the run

interface Row {
  name: string;
  connections: number;
  m: Measured;
  share?: number;
  target: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');
function print(row: Row) {
  rows.push(row);
  const { m } = row;
  console.log(
    [
      row.name.padEnd(46),
      String(row.connections).padStart(5),
      fmt(m.rps, 0).padStart(8),
      fmt(m.p50, 2).padStart(7),
      fmt(m.p95, 2).padStart(7),
      fmt(m.p99, 2).padStart(7),
      (row.share === undefined ? '' : `${fmt(row.share * 100)}%`).padStart(7),
      fmt(m.cpu?.server ?? NaN, 0).padStart(7),
      fmt(m.cpu?.db ?? NaN, 0).padStart(7),
      row.target.padEnd(16),
      row.ok === null ? '' : row.ok ? 'ok' : 'MISSED',
      m.failures ? `(${m.failures} failed${m.refused ? `: ${m.refused}` : ''})` : '',
    ].join(' '),
  );
}
const header = () =>
  console.log(
    [
      'case'.padEnd(46),
      'conns'.padStart(5),
      'req/s'.padStart(8),
      'p50 ms'.padStart(7),
      'p95 ms'.padStart(7),
      'p99 ms'.padStart(7),
      'of bare'.padStart(7),
      'cpu µs'.padStart(7),
      'db µs'.padStart(7),
      'target'.padEnd(16),
    ].join(' '),
  );

// ------------------------------------------------------------------ the school day

/**
 * Every read alone with distinct URLs at 1 and 50 connections, then the mix with writes beside
 * it, first on the API without the answer cache (the read path itself: the targets), then on the
 * one with it (for comparison, no targets). bench/school-day.ts says what the day is made of.
 */
/**
 * The mix and its writes for `minutes` against one API, its resident memory every 30 s. Memory
 * has not grown when the last three samples' mean is within 10% of the mean of the samples of
 * minutes 1 to 2 (the caches and the heap fill in the first minute).
 */
async function soak(
  api: { base: string; child: ChildProcess },
  reads: ReturnType<typeof readsOf>,
  writes: Made[],
  minutes: number,
) {
  console.log(`\n${minutes} minutes of the school-day mix with its writes (answer cache on): every 30 s\n`);
  console.log('minute    req/s   p99 ms  writes/s  failed  resident MiB');
  const samples: number[] = [];
  const ends = Date.now() + minutes * 60_000;
  let w = 0;
  let failed = 0;
  for (let i = 1; Date.now() < ends; i++) {
    const writing = load(api.base, 2, { make: () => writes[w++ % writes.length], overallRate: 10 }, 30);
    const m = await load(api.base, 50, { make: mixOf(reads) }, 30);
    const wm = await writing;
    failed += m.failures + wm.failures;
    const rss = rssOf(api.child);
    samples.push(rss);
    console.log(
      [
        fmt(i / 2, 1).padStart(6),
        fmt(m.rps, 0).padStart(8),
        fmt(m.p99, 1).padStart(8),
        fmt(wm.rps, 1).padStart(9),
        String(m.failures + wm.failures).padStart(7),
        fmt(rss, 0).padStart(13),
      ].join(' '),
    );
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const settled = mean(samples.slice(1, 4));
  const last = mean(samples.slice(-3));
  const ok = samples.length >= 6 && last <= settled * 1.1 && failed === 0;
  const zero = { rps: 0, p50: 0, p95: 0, p99: 0, mean: 0, failures: failed };
  console.log(`\nresident memory: ${fmt(settled, 0)} MiB after the first minute, ${fmt(last, 0)} MiB at the end`);
  rows.push({ name: `memory over ${minutes} minutes`, connections: 50, m: zero, target: 'no growth', ok });
}

async function schoolDay(
  apis: Record<'on' | 'off', { base: string; child: ChildProcess }>,
  barePort: number,
  bare: ChildProcess,
) {
  const population = await populate(apis.on.base);
  const reads = readsOf(population);
  const writes = await writesOf(apis.on.base, population, 400);
  console.log(
    `\nthe day's users: ${population.students.length} students, ${population.teachers.length} teachers, ` +
      `${population.admins.length} admins; ${writes.length} writes ready; ${duration} s per case\n`,
  );
  const postmaster = embedded
    ? Number(fs.readFileSync(path.join(embedded.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    : undefined;
  const rssAtRest = { on: rssOf(apis.on.child), off: rssOf(apis.off.child) };
  if (opts.soak) return soak(apis.on, reads, writes, Number(opts.soak));
  header();
  const bareAt = new Map<number, Measured>();
  for (const connections of [1, 50]) {
    Object.assign(cpuOf, { server: bare.pid, db: undefined });
    await load(`http://127.0.0.1:${barePort}/bare`, connections, {}, 1);
    const m = await load(`http://127.0.0.1:${barePort}/bare`, connections);
    bareAt.set(connections, m);
    print({ name: 'bare Fastify route', connections, m, target: '', ok: null });
  }
  for (const cache of ['off', 'on'] as const) {
    const { base, child } = apis[cache];
    Object.assign(cpuOf, { server: child.pid, db: postmaster });
    const label = (name: string) => `${name}${cache === 'on' ? ' (cache on)' : ''}`;
    const chosen = reads.filter((r) => !opts.only || r.name.includes(opts.only));
    for (const connections of [1, 50]) {
      const bareRun = bareAt.get(connections)!;
      for (const r of chosen) {
        await load(base, connections, { make: r.make }, 1);
        const m = await load(base, connections, { make: r.make });
        const share = m.rps / bareRun.rps;
        let target = '';
        let ok: boolean | null = null;
        if (cache === 'off' && connections === 50) {
          target = '>= 20% of bare';
          ok = share >= 0.2 && m.failures === 0;
        } else if (cache === 'off') {
          const limit = 4 * bareRun.mean + 1;
          target = `mean <= ${fmt(limit, 2)} ms`;
          ok = m.mean <= limit && m.failures === 0;
        }
        print({ name: label(r.name), connections, m, share, target, ok });
      }
    }
    if (opts.only && !'the school-day mix'.includes(opts.only)) continue;
    // The mix, with the writes at a steady rate beside it (2 connections, 10 a second).
    let w = 0;
    const writing = opts['no-writes']
      ? null
      : load(base, 2, { make: () => writes[w++ % writes.length], overallRate: 10 });
    const m = await load(base, 50, { make: mixOf(reads) });
    const wm = await writing;
    const share = m.rps / bareAt.get(50)!.rps;
    const target = cache === 'off' ? '>= 20%, p99 < 100' : '';
    const ok = cache === 'off' ? share >= 0.2 && m.p99 < 100 && m.failures === 0 : null;
    print({ name: label('the school-day mix'), connections: 50, m, share, target, ok });
    if (wm) print({ name: label('  its writes beside it'), connections: 2, m: wm, target: '', ok: null });
  }
  console.log(
    `\nAPI memory (MiB resident): without the answer cache ${fmt(rssAtRest.off, 0)} at rest, ${fmt(rssOf(apis.off.child), 0)} after; ` +
      `with it ${fmt(rssAtRest.on, 0)} at rest, ${fmt(rssOf(apis.on.child), 0)} after`,
  );
}

try {
  console.log(`Preparing the ${opts.district ? 'district' : 'demo'} database...`);
  const dbUrl = opts.district ? await districtDatabase() : await demoDatabase();
  const apiPort = await freePort();
  const barePort = await freePort();
  // The school day runs at a school day's 10:30 (bench/school-day.ts), both API processes alike.
  const clock: Record<string, string> = opts['school-day'] ? { CLOCK_START: schoolDayMoment().toISO()! } : {};
  const api = start(
    'server/main.ts',
    {
      ...clock,
      DATABASE_URL: dbUrl,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      WORKERS: process.env.WORKERS ?? '1',
    },
    // In the school day the profile is the API's without the answer cache (the read path itself).
    opts.profile && !opts['school-day'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profile)}`] : [],
  );
  const bare = start('bench/bare.ts', { PORT: String(barePort) });
  const base = `http://127.0.0.1:${apiPort}`;
  await ready(`${base}/api/users/user_id`, api);
  await ready(`http://127.0.0.1:${barePort}/bare`, bare);

  // The district names its accounts as the demo does (admin<n>, teacher<n>, student<n>).
  const accounts = { admin: 'admin1', teacher: 'teacher1', student: 'student1', guardian: DEMO_GUARDIAN_PHONE };
  if (opts['no-reads']) {
    // The build and the first screens only (below).
  } else if (opts['school-day']) {
    const offPort = await freePort();
    const apiOff = start(
      'server/main.ts',
      {
        ...clock,
        DATABASE_URL: dbUrl,
        PORT: String(offPort),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        STATIC_DIR: '',
        LOG_LEVEL: 'warn',
        WORKERS: process.env.WORKERS ?? '1',
        ANSWER_CACHE: 'off',
      },
      opts.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(opts.profile)}`] : [],
    );
    const baseOff = `http://127.0.0.1:${offPort}`;
    await ready(`${baseOff}/api/users/user_id`, apiOff);
    await schoolDay({ on: { base, child: api }, off: { base: baseOff, child: apiOff } }, barePort, bare);
  } else {
    const { cases, tokens } = await casesFor(base, accounts);
    const cold = opts.cold ?? opts.district;
    const withCold = cold
      ? cases.flatMap((c) => (c.hot && !c.method && !c.strictQuery ? [c, coldCase(c)] : [c]))
      : cases;
    const chosen = withCold.filter((c) => (!opts.only || c.name.includes(opts.only)) && !(opts.district && c.demoOnly));
    const connectionCounts = opts.district ? [1, 20] : [1, 50];
    console.log(
      `\n${duration} s per case, API with WORKERS=${process.env.WORKERS ?? '1'} on ${
        process.env.DATABASE_URL ? 'PostgreSQL at DATABASE_URL' : 'the embedded PostgreSQL'
      }\n`,
    );
    header();
    const postmaster = embedded
      ? Number(fs.readFileSync(path.join(embedded.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0])
      : undefined;
    for (const connections of connectionCounts) {
      Object.assign(cpuOf, { server: bare.pid, db: undefined });
      await load(`http://127.0.0.1:${barePort}/bare`, connections, {}, 1); // warm-up
      const bareRun = await load(`http://127.0.0.1:${barePort}/bare`, connections);
      print({ name: 'bare Fastify route', connections, m: bareRun, target: '', ok: null });
      Object.assign(cpuOf, { server: api.pid, db: postmaster });
      for (const c of chosen) {
        const init = {
          method: c.method ?? 'GET',
          headers: { authorization: `Bearer ${tokens[c.as]}`, 'content-type': 'application/json' },
          body: c.body === undefined ? undefined : JSON.stringify(c.body),
          idReplacement: c.cold,
        };
        await load(base + c.path, connections, init, 1); // warm-up: caches, prepared statements, JIT
        const m = await load(base + c.path, connections, init);
        const share = m.rps / bareRun.rps;
        let target = '';
        let ok: boolean | null = null;
        if (c.reference) {
          // no target
        } else if (opts.district) {
          const limit = !c.hot ? (connections === 1 ? 8 : null) : connections === 1 ? 10 : 25;
          if (limit !== null) {
            target = `p95 < ${limit} ms`;
            ok = m.p95 < limit && m.failures === 0;
          }
        } else if (c.hot && !c.cold && connections === 50) {
          target = '>= 25% of bare';
          ok = share >= 0.25 && m.failures === 0;
        }
        print({ name: c.name, connections, m, share, target, ok });
      }
    }

    // Sign-ins hash passwords on libuv's pool: reads beside them may slow (2 cores), never stall.
    const read = cases.find((c) => c.name === 'school day summary')!;
    const readInit = { headers: { authorization: `Bearer ${tokens[read.as]}` } };
    const quiet = await load(base + read.path, 10, readInit);
    const signIns = load(`${base}/api/users/login`, 4, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_code: accounts.teacher, password: PASSWORD }),
    });
    const busy = await load(base + read.path, 10, readInit);
    const signInRun = await signIns;
    console.log(
      `\nsign-in: ${fmt(signInRun.rps)} per second at 4 at once, p50 ${fmt(signInRun.p50, 0)} ms; ` +
        `a read beside them: p95 ${fmt(busy.p95, 2)} ms (alone: ${fmt(quiet.p95, 2)} ms)`,
    );
    console.log(`API process memory after the run: ${fmt(rssOf(api), 0)} MiB resident`);
  }

  if (!opts['no-js']) {
    const outDir = path.join(root, '.tmp/bench-dist');
    const build = spawnSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    const sizeScript = path.join(root, 'scripts/bundle-size.mjs');
    if (build.status === 0 && fs.existsSync(sizeScript)) {
      console.log('');
      const size = spawnSync(process.execPath, [sizeScript, '--dist', outDir, '--max', '150'], {
        cwd: root,
        stdio: 'inherit',
      });
      rows.push({
        name: 'initial JS',
        connections: 0,
        m: { rps: 0, p50: 0, p95: 0, p99: 0, mean: 0, failures: 0 },
        target: '<= 150 KB gzip',
        ok: size.status === 0,
      });
    }
    if (build.status === 0 && fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
      // The built app served as `npm start` serves it, on the same database.
      const webPort = await freePort();
      const web = start('server/main.ts', {
        DATABASE_URL: dbUrl,
        PORT: String(webPort),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        STATIC_DIR: outDir,
        LOG_LEVEL: 'warn',
      });
      const webBase = `http://127.0.0.1:${webPort}`;
      await ready(`${webBase}/api/users/user_id`, web);
      const first = await measureFirstScreens(webBase, accounts.teacher);
      const form = medianOf(first.formUsableMs);
      const screen = medianOf(first.screenAfterPressMs);
      console.log(
        `\nslow phone (${SLOW_PHONE.latencyMs} ms round trip, ${fmt(SLOW_PHONE.downBytesPerS * 8e-6, 1)} Mbit/s down, CPU ${SLOW_PHONE.cpuSlowdown}x slower, cold):` +
          `\n  sign-in form usable: ${first.formUsableMs.join(', ')} ms (median ${form}; ${first.requestsBeforeForm} requests)` +
          `\n  teacher's attendance screen after pressing sign in: ${first.screenAfterPressMs.join(', ')} ms (median ${screen})`,
      );
      const zero = { rps: 0, p50: 0, p95: 0, p99: 0, mean: 0, failures: 0 };
      rows.push({ name: 'slow phone: sign-in form', connections: 0, m: zero, target: '<= 2,500 ms', ok: form <= 2500 });
      rows.push({
        name: 'slow phone: attendance screen',
        connections: 0,
        m: zero,
        target: '<= 3,500 ms',
        ok: screen <= 3500,
      });
    }
  }
  const missed = rows.filter((r) => r.ok === false);
  console.log(missed.length ? `\n${missed.length} target(s) missed.` : '\nEvery target met.');
  process.exitCode = missed.length ? 1 : 0;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
