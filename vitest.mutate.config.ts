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
 *   MUTATE_DB=1, and then with MUTATE_TESTS naming the few files that matter (every server suite
 *   imports the whole app, so "related" tests would be all of them).
 *
 * MUTATE_TESTS (comma-separated test files) narrows the projects to those files. Not Stryker's
 * --testFiles: with it, Stryker 9.5 turns every mutant on only after the modules are imported, so
 * a mutant of code that runs at import (a module's constants, a machine's definition, a prepared
 * statement's builder) never takes effect and "survives" (docs/testing.md, "Surviving mutants").
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

/**
 * Server tests that need no database: they import the rules' modules and nothing else. (The files
 * of vitest.config.ts's ISOLATED_SERVER_TESTS are among them: the 'unit' project below isolates
 * every file, so it must not inherit the 'server' project's exclusion of those.)
 */
export const UNIT_TESTS = [
  'tests/server/grades.test.ts',
  'tests/server/grades-rules.test.ts',
  'tests/server/guard-rules.test.ts',
  'tests/server/school-time-rules.test.ts',
  'tests/server/queued-time-rules.test.ts',
  'tests/server/fee-ledger-rules.test.ts',
  'tests/server/import-rules.test.ts',
];

/** MUTATE_TESTS: the only test files to run (comma-separated), each in the project that holds it. */
const named = (process.env.MUTATE_TESTS ?? '')
  .split(',')
  .map((file) => file.trim().replace(/^\.\//, ''))
  .filter(Boolean);
const only = named.length ? named : undefined;
const narrowed = (include: string[], holds: (file: string) => boolean) => (only ? only.filter(holds) : include);
const isUnit = (file: string) => UNIT_TESTS.includes(file);

type Project = { test: { name: string; include?: string[]; exclude?: string[]; globalSetup?: string[] } };
const projects = (base.test?.projects ?? []) as Project[];
const byName = (name: string) => projects.find((p) => p.test.name === name)!;
const server = byName('server');
const serverUnit = byName('server-unit');
const client = byName('client');

const mutateProjects = [
  {
    ...serverUnit,
    test: { ...serverUnit.test, name: 'unit', include: narrowed(UNIT_TESTS, isUnit), exclude: [] },
  },
  {
    ...client,
    test: {
      ...client.test,
      include: narrowed(
        process.env.MUTATE_SCREENS === '1' ? client.test.include! : ['tests/machines/**/*.test.{ts,tsx}'],
        (file) => /^tests\/(machines|screens)\//.test(file),
      ),
      exclude: [...(client.test.exclude ?? []), ...PATH_TESTS],
    },
  },
  ...(process.env.MUTATE_DB === '1'
    ? [
        {
          ...server,
          test: {
            ...server.test,
            include: narrowed(server.test.include!, (file) => file.startsWith('tests/server/') && !isUnit(file)),
            exclude: [...(server.test.exclude ?? []), ...UNIT_TESTS],
          },
        },
      ]
    : []),
];

export default defineConfig({
  // A project MUTATE_TESTS leaves without files is left out.
  test: { projects: mutateProjects.filter((project) => project.test.include.length > 0) },
});
