/**
 * Builds the SPA, then starts the real server for the suite (server.ts) with its clock at
 * CLOCK_START (clock.ts): a school morning of the seeded week, whatever day the suite runs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CLOCK_START } from './clock';
import { distDir, prebuiltDist, root, startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** When (real time, ms) the suite's server started, its clock at CLOCK_START. */
    serverStartedAt: number;
  }
}

export default async function setup(project: TestProject) {
  if (prebuiltDist) {
    if (!fs.existsSync(path.join(prebuiltDist, 'index.html')))
      throw new Error(`E2E_DIST has no build: ${prebuiltDist}`);
  } else buildApp();
  const server = await startServer({ clockStart: CLOCK_START, useDatabaseUrl: true });
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverStartedAt', server.startedAt);
  return server.stop;
}

/**
 * A private build, so that a concurrent `vite build` (which empties dist/) cannot pull the files
 * from under the server.
 */
function buildApp() {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
    // vitest runs with NODE_ENV=test, which would make React's development build: test what ships.
    { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) throw new Error('vite build failed');
}
