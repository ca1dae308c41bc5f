// Mutation testing of the rules a user would be hurt by (docs/testing.md, "Mutation testing").
// Run one file at a time: `npm run mutate -- --mutate server/services/grades.ts` (a whole run of
// the list below takes long on a small machine). Not part of .ci/run, which must stay short.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Only the tests that import the mutated file run (vitest's "related"), from the projects in
  // vitest.mutate.config.ts: the pure server rules and the machine tests; MUTATE_DB=1 adds the
  // database suites.
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  coverageAnalysis: 'perTest',
  // The machine has 2 cores shared with other work.
  concurrency: 2,
  mutate: [
    'server/services/grades.ts',
    'server/auth/guard.ts',
    'server/auth/child.ts',
    'server/auth/reach.ts',
    'server/auth/tenant.ts',
    'server/services/school-time.ts',
    'server/services/queued-time.ts',
    'server/services/fee-ledger.ts',
    'server/services/import.ts',
    'src/machines/attendance.machine.ts',
    'src/machines/mark-entry.machine.ts',
    'src/machines/routine-editor*.ts',
  ],
  ignorePatterns: ['dist', 'data', 'backups', 'bench', 'test-results', 'playwright-report', '.tmp', 'reports'],
  reporters: ['html', 'clear-text', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 80, break: null },
  tempDirName: '.stryker-tmp',
};
