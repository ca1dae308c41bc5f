import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  // The service worker's registration exists only in a build (vite-plugin-pwa); screen tests
  // drive a stand-in that records what the app asked for (tests/helpers/pwa-register.ts).
  'virtual:pwa-register': fileURLToPath(new URL('./tests/helpers/pwa-register.ts', import.meta.url)),
};

/** Screen test files that replace modules (vi.mock): run isolated, in the client-isolated project. */
const ISOLATED_CLIENT_TESTS = ['tests/screens/deferred-loading.test.tsx', 'tests/screens/shell-failures.test.tsx'];

/** Server test files that mock modules: run isolated, in the server-unit project. */
const ISOLATED_SERVER_TESTS = ['tests/server/guard-rules.test.ts', 'tests/server/db-failover.test.ts'];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on the two-core machines this runs on,
    // which left a core idle while a file was set up (about 3 s of module loading per client file).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          exclude: ISOLATED_SERVER_TESTS,
          globalSetup: ['tests/helpers/global-setup.ts'],
          // Each file's server clock on the run's morning (tests/helpers/run-clock.ts).
          setupFiles: ['tests/helpers/server-setup.ts'],
          globals: true,
          // One migrated, seeded template database per run (global-setup), copied per file.
          isolate: false,
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // New password hashes at N=2^12, not production's 2^17: the suites sign in hundreds of
          // times and each first sign-in of a seeded account re-hashes (server/auth/passwords.ts).
          env: { PASSWORD_HASH_LOG_N: '12' },
        },
      },
      {
        // Server rules tested without a database that replace a module (vi.mock): each file in a
        // fresh module graph, which the database suites' shared one (isolate: false) cannot give.
        resolve: { alias },
        test: {
          name: 'server-unit',
          environment: 'node',
          include: ISOLATED_SERVER_TESTS,
          globals: true,
          isolate: true,
          pool: 'forks',
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/machines/**/*.test.{ts,tsx}', 'tests/screens/**/*.test.{ts,tsx}'],
          exclude: ISOLATED_CLIENT_TESTS,
          setupFiles: ['tests/helpers/client-setup.ts'],
          globals: true,
          // One module graph per worker, not per file: loading the app's modules again for each of
          // ~80 files cost 549 CPU-s of the project's run against 258 CPU-s shared. Each test starts
          // clean all the same (client-setup.ts: unmounted, handlers reset, storage cleared).
          isolate: false,
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client-isolated',
          environment: 'jsdom',
          include: ISOLATED_CLIENT_TESTS,
          setupFiles: ['tests/helpers/client-setup.ts'],
          globals: true,
          isolate: true,
          testTimeout: 15_000,
        },
      },
    ],
  },
});
