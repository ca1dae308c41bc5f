/**
 * What one read costs the database, counted rather than timed (timings on a shared machine are
 * noise; statements and buffers are not):
 *
 *   node --import tsx bench/explain.ts [--plan] [--demo] [--as student1 /api/...] ...
 *
 * On the district in .tmp/district (bench:seed makes it; DATABASE_URL's server with --database
 * otherwise) or, with --demo, a fresh demo database. The app is built in this process and each
 * read is made through it twice with the answer cache emptied before the second: the statements
 * the second sends (reference data warm, as in a running server) are counted, then each is
 * prepared on a connection of its own with the server's settings (generic plans) and run under
 * `EXPLAIN (ANALYZE, BUFFERS)`, which gives its buffers and its execution and planning time.
 * Without reads named, the benchmark's hot reads. `--plan` prints the plans.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { fromPostgres, refreshStatistics, SESSION_OPTIONS, withSessionOptions } from '../server/db/client';
import { startEmbeddedPostgres, type EmbeddedServer } from '../server/db/embedded';
import { seedDemo } from '../server/db/seed/demo';
import { HISTORY_PAGE } from '../src/api/schemas/attendance';

const root = path.resolve(import.meta.dirname, '..');
const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    plan: { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
    as: { type: 'string', default: 'student1' },
    database: { type: 'string', default: 'pathshala_district' },
  },
});

let embedded: EmbeddedServer | undefined;
let url: string;
if (process.env.DATABASE_URL && !opts.demo) {
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${opts.database}`;
  url = u.toString();
} else if (opts.demo) {
  embedded = await startEmbeddedPostgres({ dataDir: path.join(root, '.tmp/explain-demo'), throwaway: true });
  url = embedded.url;
  const h = fromPostgres(url);
  await h.migrate();
  await seedDemo(h.db);
  await refreshStatistics(h.db);
  await h.close();
} else {
  embedded = await startEmbeddedPostgres({ dataDir: path.join(root, '.tmp/district'), throwaway: true });
  url = embedded.url;
}

const handle = fromPostgres(url);
const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '', SEED_DEMO: 'false' }), handle);
await app.ready();
const tokens = new Map<string, string>();
async function token(user: string) {
  if (!tokens.has(user)) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { user_code: user, password: 'demo1234' },
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${user}: ${res.statusCode} ${res.body}`);
    tokens.set(user, res.json().accessToken);
  }
  return tokens.get(user)!;
}

interface Sent {
  text: string;
  values: unknown[];
}
const pool = handle.pool as unknown as { query: (...args: unknown[]) => unknown };
const original = pool.query;

async function sentDuring(user: string, target: string): Promise<{ status: number; bytes: number; sent: Sent[] }> {
  const headers = { authorization: `Bearer ${await token(user)}` };
  const warm = await app.inject({ url: target, headers });
  if (warm.statusCode !== 200) throw new Error(`${target}: ${warm.statusCode} ${warm.body}`);
  await app.hotCache.sync();
  app.hotCache.responses.clear(); // answers only: reference data stay warm
  const sent: Sent[] = [];
  pool.query = (...args: unknown[]) => {
    const q = args[0] as string | { text: string; values?: unknown[] };
    const values = (typeof q === 'string' ? undefined : q.values) ?? (args[1] as unknown[] | undefined) ?? [];
    sent.push({ text: typeof q === 'string' ? q : q.text, values });
    return original.apply(pool, args);
  };
  try {
    const res = await app.inject({ url: target, headers });
    return { status: res.statusCode, bytes: res.body.length, sent };
  } finally {
    pool.query = original;
  }
}

const client = new pg.Client({ connectionString: withSessionOptions(url) });
await client.connect();
let n = 0;
async function explain(s: Sent) {
  const name = `explain_${++n}`;
  await client.query(`prepare ${name} as ${s.text}`);
  const lit = (v: unknown) =>
    v === null || v === undefined
      ? 'null'
      : Array.isArray(v)
        ? `'{${v.map((x) => String(x)).join(',')}}'`
        : `'${String(v instanceof Date ? v.toISOString() : v).replace(/'/g, "''")}'`;
  const exec = `execute ${name}${s.values.length ? `(${s.values.map(lit).join(', ')})` : ''}`;
  for (let i = 0; i < 3; i++) await client.query(exec); // warm: the buffers below are hits
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${exec}`);
  await client.query(`deallocate ${name}`);
  const lines = rows.map((r) => r['QUERY PLAN']);
  const top = lines.find((l) => /Buffers:/.test(l)) ?? '';
  const exec_ = lines.find((l) => l.startsWith('Execution Time')) ?? '';
  return { lines, buffers: /shared hit=(\d+)(?: read=(\d+))?/.exec(top), execution: exec_ };
}

const today = DateTime.now().setZone('Asia/Dhaka');
const yearStart = `${today.year}-01-01`;
const defaults: [string, string][] = [
  ['student1', `/api/attendance/student/individual?start_date=${yearStart}&limit=${HISTORY_PAGE.screen}`],
  ['student1', `/api/attendance/student/individual?start_date=${yearStart}&limit=${HISTORY_PAGE.screen}&offset=600`],
  ['student1', `/api/attendance/student/individual/summary?start_date=${yearStart}`],
  ['student1', `/api/attendance/student/individual?start_date=${yearStart}&limit=1000`],
  ['student1', '/api/notice/student?type=2'],
  ['admin1', '/api/notice/school?type=1'],
  ['admin1', '/api/notice/creator'],
  ['teacher1', '/api/notice/creator'],
  ['admin1', '/api/attendance/summary/section/today?section_id=1'],
  ['admin1', '/api/attendance/summary/all'],
  ['admin1', '/api/attendance/summary/school'],
  ['teacher1', '/api/routine/teacher'],
  ['teacher1', '/api/routine/teacher/today'],
  ['student1', '/api/users/user_id'],
];
const reads: [string, string][] = positionals.length ? positionals.map((p) => [opts.as, p]) : defaults;

console.log(`settings: ${SESSION_OPTIONS}; warm cache; per read: statements, shared buffers, execution`);
try {
  for (const [user, target] of reads) {
    const { status, bytes, sent } = await sentDuring(user, target);
    console.log(`\n${user} GET ${target}: ${status}, ${bytes} bytes, ${sent.length} statement(s)`);
    for (const s of sent) {
      const e = await explain(s);
      const hit = e.buffers ? Number(e.buffers[1]) + Number(e.buffers[2] ?? 0) : NaN;
      console.log(`  ${s.text.slice(0, 70).replace(/\s+/g, ' ')}... buffers ${hit}; ${e.execution}`);
      if (opts.plan) console.log(e.lines.map((l) => `    ${l}`).join('\n'));
    }
  }
} finally {
  await client.end();
  await app.close();
  await handle.close();
  await embedded?.stop();
}
