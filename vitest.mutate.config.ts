/**
 * The test projects Stryker runs (stryker.config.json; `npm run mutate`). Not the CI suite: that is
 * vitest.config.ts, and .ci/run never runs Stryker (a mutation run takes minutes per file).
 *
 * - 'unit': the server's pure rules (no database), fast enough to run once per mutant. Each file in
 *   a module graph of its own, as vitest.config.ts's 'server-unit' project (some replace a module
 *   with vi.mock, which a graph shared by files does not honour).
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
 * instead (routine-editor-rules.test.ts).
 */
export const PATH_TESTS = ['tests/machines/routine-editor.machine.test.ts'];

/**
 * Server tests that need no database: they import the rules' modules and nothing else. (The files
 * of vitest.config.ts's ISOLATED_SERVER_TESTS are among them: the 'unit' project below isolates
 * every file, so it must not inherit the 'server' project's exclusion of those.)
 */
export const UNIT_TESTS = [
  'tests/server/grades.test.ts',
  'tests/server/grades-rules.test.ts',
  'tests/server/guard-rules.test.ts',
];

type Project = { test: { name: string; include?: string[]; exclude?: string[]; globalSetup?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];
const byName = (name: string) => projects.find((p) => p.test.name === name)!;
const server = byName('server');
const serverUnit = byName('server-unit');
const client = byName('client');

export default defineConfig({
  test: {
    projects: [
      {
        ...serverUnit,
        test: { ...serverUnit.test, name: 'unit', include: UNIT_TESTS, exclude: [] },
      },
      {
        ...client,
        test: {
          ...client.test,
          include: process.env.MUTATE_SCREENS === '1' ? client.test.include : ['tests/machines/**/*.test.{ts,tsx}'],
          exclude: [...(client.test.exclude ?? []), ...PATH_TESTS],
        },
      },
      ...(process.env.MUTATE_DB === '1'
        ? [{ ...server, test: { ...server.test, exclude: [...(server.test.exclude ?? []), ...UNIT_TESTS] } }]
        : []),
    ],
  },
});
