/**
 * The test projects Stryker runs (stryker.config.json; `npm run mutate`). Not the CI suite: that is
 * vitest.config.ts, and .ci/run never runs Stryker (a mutation run takes minutes per file).
 *
 * - 'unit': the server's pure rules (no database), fast enough to run once per mutant.
 * - 'client': the machine tests (jsdom, the mock API). Screen tests are left out by default: they
 *   take seconds each; MUTATE_SCREENS=1 adds them.
 * - 'server': the database suites (embedded PostgreSQL through global-setup) only with
 *   MUTATE_DB=1, and then best with Stryker's --testFiles naming the few files that matter
 *   (every server suite imports the whole app, so "related" tests would be all of them).
 *
 * Stryker's vitest runner keeps only the tests related to the mutated file and forces one thread.
 */
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/**
 * Generated path tests: hundreds of paths per file, too many to replay for every mutant (a run of
 * the routine editor took hours). Each such machine has a file of literal scenarios that runs
 * instead (routine-editor-rules.test.ts, attendance-rules.test.ts, mark-entry-rules.test.ts).
 */
export const PATH_TESTS = [
  'tests/machines/routine-editor.machine.test.ts',
  'tests/machines/attendance.machine.test.ts',
  'tests/machines/attendance-offline.machine.test.ts',
  'tests/machines/mark-entry.machine.test.ts',
  'tests/machines/mark-entry-offline.machine.test.ts',
];

/** Server tests that need no database: they import the rules' modules and nothing else. */
export const UNIT_TESTS = [
  'tests/server/grades.test.ts',
  'tests/server/grades-rules.test.ts',
  'tests/server/guard-rules.test.ts',
];

/**
 * The test files a run is limited to (comma-separated), e.g.
 * `MUTATE_TESTS=tests/machines/routine-editor-rules.test.ts npm run mutate -- --mutate src/machines/routine-editor.machine.ts`.
 * Use this, not Stryker's `--testFiles`: with `--testFiles` Stryker 9.5 activates a "static" mutant
 * (one in code run when the module is imported: a machine's whole config) only after the module
 * was imported, so every such mutant survives whatever the tests assert (stryker-js issue 6144).
 * Files under tests/server/ go to the `unit` project (or `server` with MUTATE_DB=1), others to
 * `client`; a generated path test named here runs too.
 */
const ONLY = process.env.MUTATE_TESTS?.split(',')
  .map((f) => f.trim())
  .filter(Boolean);
const onlyServer = ONLY?.filter((f) => f.startsWith('tests/server/'));
const onlyClient = ONLY?.filter((f) => !f.startsWith('tests/server/'));

type Project = { test: { name: string; include?: string[]; exclude?: string[]; globalSetup?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];
const byName = (name: string) => projects.find((p) => p.test.name === name)!;
const server = byName('server');
const client = byName('client');

export default defineConfig({
  test: {
    projects: [
      ...(!onlyServer || onlyServer.some((f) => UNIT_TESTS.includes(f))
        ? [
            {
              ...server,
              test: {
                ...server.test,
                name: 'unit',
                include: onlyServer ? onlyServer.filter((f) => UNIT_TESTS.includes(f)) : UNIT_TESTS,
                globalSetup: [],
              },
            },
          ]
        : []),
      ...(!onlyClient || onlyClient.length > 0
        ? [
            {
              ...client,
              test: {
                ...client.test,
                include:
                  onlyClient ??
                  (process.env.MUTATE_SCREENS === '1' ? client.test.include : ['tests/machines/**/*.test.{ts,tsx}']),
                exclude: [...(client.test.exclude ?? []), ...(onlyClient ? [] : PATH_TESTS)],
              },
            },
          ]
        : []),
      ...(process.env.MUTATE_DB === '1' && (!onlyServer || onlyServer.some((f) => !UNIT_TESTS.includes(f)))
        ? [
            {
              ...server,
              test: {
                ...server.test,
                ...(onlyServer ? { include: onlyServer.filter((f) => !UNIT_TESTS.includes(f)) } : {}),
                exclude: [...(server.test.exclude ?? []), ...UNIT_TESTS],
              },
            },
          ]
        : []),
    ],
  },
});
