/**
 * Starts the real server (node server/main.ts) on a fresh embedded PostgreSQL directory (or a fresh
 * PostgreSQL database when E2E_DATABASE_URL is set) and a free port, with its clock started at a
 * given instant (CLOCK_START, server/clock.ts): the demo is seeded around that day and the server's
 * "now" runs on from there. global-setup.ts starts the suite's server this way; a file that needs
 * another day (off-day.e2e.ts) starts its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
/**
 * The SPA the suite's servers serve: a private build global-setup makes, or E2E_DIST, a build made
 * beforehand for this run (.ci/run passes the one `npm run size` measured, instead of building twice).
 */
export const prebuiltDist = process.env.E2E_DIST ? path.resolve(root, process.env.E2E_DIST) : undefined;
export const distDir = prebuiltDist ?? path.join(root, '.tmp/e2e-dist');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, ms = 120_000) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}

export interface E2eServer {
  baseUrl: string;
  /**
   * When (real time, ms) the process was started: its clock read `clockStart` then, give or take
   * the second or two node takes to load main.ts (see clock.ts's serverNow).
   */
  startedAt: number;
  stop: () => Promise<void>;
}

export async function startServer(opts: { clockStart: string; useDatabaseUrl?: boolean }): Promise<E2eServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: distDir,
    LOG_LEVEL: 'warn',
    // The payment sandbox runs only when asked for (its payments are tests: no money, nothing
    // settled); fees-online.e2e.ts and guardians.e2e.ts pay through it.
    PAYMENT_PROVIDER: 'sandbox',
    CLOCK_START: opts.clockStart,
    // New password hashes at N=2^12, as in the server suite (server/auth/passwords.ts): each demo
    // account's first sign-in re-hashes, about half a second of CPU at production's 2^17.
    PASSWORD_HASH_LOG_N: '12',
  };
  delete env.DATABASE_URL;
  if (opts.useDatabaseUrl && process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    // A graceful stop also stops the embedded PostgreSQL; SIGKILL would leave it running.
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer); // a pending timer would keep vitest from exiting
    }
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/login`, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, startedAt, stop };
}
