/**
 * Builds the SPA, then starts the real server (node server/main.ts) on a fresh embedded PostgreSQL
 * directory (or a fresh PostgreSQL database when E2E_DATABASE_URL is set) and a free port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

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

let child: ChildProcess | undefined;
let dataDir: string | undefined;

export default async function setup(project: TestProject) {
  // A private build, so that a concurrent `vite build` (which empties dist/) cannot pull the
  // files from under the server.
  const outDir = path.join(root, '.tmp/e2e-dist');
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    // vitest runs with NODE_ENV=test, which would make React's development build: test what ships.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-e2e-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: outDir,
    LOG_LEVEL: 'warn',
    // The payment sandbox runs only when asked for (its payments are tests: no money, nothing
    // settled); fees-online.e2e.ts and guardians.e2e.ts pay through it.
    PAYMENT_PROVIDER: 'sandbox',
  };
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const teardown = async () => {
    // A graceful stop also stops the embedded PostgreSQL; SIGKILL would leave it running.
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
      clearTimeout(timer); // a pending timer would keep vitest from exiting
    }
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/login`, child);
  } catch (err) {
    await teardown();
    throw err;
  }
  project.provide('baseUrl', baseUrl);
  return teardown;
}
