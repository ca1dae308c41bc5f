/**
 * Benchmarks: the API's hot read paths on the seeded demo data (PGlite in memory, or PostgreSQL
 * with DATABASE_URL), measured through inject() so that the numbers are the server's own cost.
 * Target: every read answers within 50 ms at p95 (a screen then feels instant); the run fails when
 * a p95 misses it.
 *   npm run bench            (BENCH_ITERATIONS=200 by default)
 */
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { fromPostgres, openDatabase, refreshStatistics, type DbHandle } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 200);

interface Case {
  name: string;
  as: string;
  url: string | ((ctx: Record<string, number>) => string);
  method?: 'GET' | 'POST';
  /** p95 target in milliseconds */
  target: number;
}

const cases: Case[] = [
  { name: 'profile (/api/users/user_id)', as: 'student1', url: '/api/users/user_id', target: 50 },
  { name: 'teacher week (/api/routine/teacher)', as: 'teacher1', url: '/api/routine/teacher', target: 50 },
  { name: 'teacher today (/api/routine/teacher/today)', as: 'teacher1', url: '/api/routine/teacher/today', target: 50 },
  {
    name: 'section students (/api/student/section)',
    as: 'teacher1',
    url: (c) => `/api/student/section?section_id=${c.section}`,
    target: 50,
  },
  { name: 'student list page (/api/student/all)', as: 'admin1', url: '/api/student/all?limit=100', target: 50 },
  { name: 'sections (/api/section/all)', as: 'admin1', url: '/api/section/all', target: 50 },
  {
    name: 'today by section (/api/attendance/summary/all)',
    as: 'admin1',
    url: '/api/attendance/summary/all',
    target: 50,
  },
  {
    name: 'school day (/api/attendance/summary/school)',
    as: 'admin1',
    url: '/api/attendance/summary/school',
    target: 50,
  },
  {
    name: 'attendance history (/api/attendance/student/individual)',
    as: 'student1',
    url: (c) => `/api/attendance/student/individual?student_id=${c.student}`,
    target: 50,
  },
  {
    name: 'student notices (/api/notice/student)',
    as: 'student1',
    url: (c) => `/api/notice/student?student_id=${c.student}&type=2`,
    target: 50,
  },
  { name: 'school notices (/api/notice/school)', as: 'admin1', url: '/api/notice/school?type=1', target: 50 },
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// With DATABASE_URL, the bench works in a throwaway database beside it, never in the one named.
const benchDb = `pathshala_bench_${process.pid}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}
let handle: DbHandle;
if (process.env.DATABASE_URL) {
  await admin(`CREATE DATABASE ${benchDb}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${benchDb}`;
  handle = fromPostgres(url.toString());
} else {
  handle = await openDatabase({ dataDir: `.tmp/bench-${process.pid}` });
}
await handle.migrate();
await seedDemo(handle.db);
// As server/main.ts does on start.
await refreshStatistics(handle.db);
const app = await buildApp({ ...loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }) }, handle);
await app.ready();

const tokens = new Map<string, string>();
async function token(userCode: string) {
  if (!tokens.has(userCode)) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { user_code: userCode, password: 'demo1234' },
    });
    tokens.set(userCode, res.json().accessToken);
  }
  return tokens.get(userCode)!;
}
const me = (
  await app.inject({ url: '/api/users/user_id', headers: { authorization: `Bearer ${await token('student1')}` } })
).json();
const ctx = { section: me.section_id as number, student: me.id as number };

let failed = 0;
console.log(`${iterations} iterations per case on ${handle.embedded ? 'embedded PostgreSQL' : 'PostgreSQL'}\n`);
console.log(['case', 'p50 ms', 'p95 ms', 'target p95', 'result'].join('\t'));
for (const c of cases) {
  const url = typeof c.url === 'function' ? c.url(ctx) : c.url;
  const headers = { authorization: `Bearer ${await token(c.as)}` };
  for (let i = 0; i < 10; i++) await app.inject({ method: c.method ?? 'GET', url, headers }); // warm-up
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: c.method ?? 'GET', url, headers });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${c.name}: HTTP ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const ok = p95 <= c.target;
  if (!ok) failed++;
  console.log([c.name, percentile(times, 50).toFixed(2), p95.toFixed(2), c.target, ok ? 'ok' : 'SLOW'].join('\t'));
}
const mem = process.memoryUsage();
console.log(`\nrss ${(mem.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(mem.heapUsed / 2 ** 20).toFixed(0)} MiB`);
await app.close();
await handle.close();
if (process.env.DATABASE_URL) await admin(`DROP DATABASE ${benchDb} WITH (FORCE)`);
process.exit(failed ? 1 : 0);
