/**
 * The real server (`node server/main.ts`) on its embedded PostgreSQL, whose postmaster is killed
 * with SIGKILL as an out-of-memory killer or a careless operator would: the API process is not
 * touched and stays up, /api/health answers 503 while the database is away and 200 again within
 * seconds (the server starts PostgreSQL again itself), and requests are served again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runningEmbeddedUrl } from '@server/db/embedded';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let dataDir: string;
let child: ChildProcess | undefined;
let base: string;
const output: string[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const postmasterPid = () =>
  Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One request, answered or not within `ms` (a hang counts as no answer: status 0). */
async function ask(method: string, url: string, body?: unknown, ms = 1_000): Promise<number> {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(ms),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-restart-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKERS: '1',
    SEED_DEMO: 'false',
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
    // The four clients below fail a hundred or more sign-ins from one address; past the address's
    // bound (100 by default) each attempt waits LOGIN_DELAY_MAX_MS (8 s) by design, longer than the
    // 5 s this test gives an answer, and read as a hang (it failed so, one run in two).
    LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
  };
  // The embedded database, not the suite's server.
  delete env.DATABASE_URL;
  delete env.EMBEDDED_PG_PORT;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (!output.join('').includes('Pathshala is serving')) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
    if (Date.now() - started > 100_000) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(async () => {
  const server = child;
  if (server && server.exitCode === null && server.signalCode === null) {
    // A graceful stop ends its PostgreSQL too; past 20 s both are killed.
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => server.kill('SIGKILL'), 20_000);
      server.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      server.kill('SIGTERM');
    });
  }
  if (dataDir) {
    try {
      const pid = postmasterPid();
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      // no postmaster.pid: PostgreSQL has stopped
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

it('after its PostgreSQL is killed, health goes 503 and back to 200 within 15 s, the API process untouched', async () => {
  const api = child!;
  const signIn = { user_code: 'nobody', password: 'not-a-password' };
  expect(await ask('GET', '/api/health')).toBe(200);
  // A sign-in that reaches the database: an unknown account is refused (401), not an error.
  expect(await ask('POST', '/api/users/login', signIn)).toBe(401);

  // Sign-ins keep arriving from four clients meanwhile, each answered within 5 s.
  let loading = true;
  const answers = new Map<number, number>();
  const load = Array.from({ length: 4 }, async (_, i) => {
    for (let n = 0; loading; n++) {
      const status = await ask('POST', '/api/users/login', { ...signIn, user_code: `nobody${i}-${n}` }, 5_000);
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  });
  await new Promise((r) => setTimeout(r, 300));

  // A freshly migrated cluster has all of it still to write at the end of its recovery; a server
  // that has run a while has checkpointed (every 5 minutes at most): as that one.
  const admin = new pg.Client({ connectionString: runningEmbeddedUrl(dataDir)! });
  await admin.connect();
  await admin.query('checkpoint');
  await admin.end();

  const killed = postmasterPid();
  process.kill(killed, 'SIGKILL');
  const at = Date.now();

  const seen: number[] = [];
  let status = 0;
  while (status !== 200 || !seen.includes(503)) {
    expect(Date.now() - at, `health answers so far: ${seen.join(' ')}\n${output.join('')}`).toBeLessThan(15_000);
    // Within 5 s, as the sign-ins below: on a busy two-core machine (CI runs the end-to-end suite
    // beside this one) 1 s was too short for an answer that came, and read as a hang (0).
    status = await ask('GET', '/api/health', undefined, 5_000);
    if (seen.at(-1) !== status) seen.push(status);
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  loading = false;
  await Promise.all(load);
  // 503 while away (never a hang or a 500), then 200: the API process answered throughout.
  expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  // The sign-ins were refused as unknown (401; 429 once the address has failed too often) or told
  // to come back (503): never a 500, never without an answer.
  const statuses = [...answers.keys()].sort();
  expect(
    statuses.filter((s) => ![401, 429, 503].includes(s)),
    JSON.stringify([...answers]),
  ).toEqual([]);
  expect(answers.get(503) ?? 0).toBeGreaterThan(0);
  expect(seen.at(-1)).toBe(200);
  expect(api.exitCode).toBeNull();
  expect(api.signalCode).toBeNull();
  // A PostgreSQL of its own, started again by the server.
  expect(postmasterPid()).not.toBe(killed);
  expect(alive(postmasterPid())).toBe(true);
  expect(await ask('POST', '/api/users/login', signIn)).toBe(401);
  expect(output.join('')).toMatch(/starting it again/);
  console.log(`health: ${seen.join(' -> ')} within ${Date.now() - at} ms; sign-ins: ${JSON.stringify([...answers])}`);
}, 60_000);
