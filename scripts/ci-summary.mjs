// Adds up vitest JSON reports and prints the one closing line CI reads: "ci: N passed, N failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = 0;
for (const file of process.argv.slice(2)) {
  // A run that ended before writing its report (a crash, a failed global setup) broke.
  if (!fs.existsSync(file)) {
    console.log(`${file.split('/').pop()}: no report (the run ended before writing it)`);
    broken += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  // A run that failed outside any test (its global setup, an unhandled error) says success: false.
  if (report.success === false && report.numFailedTests === 0) broken += 1;
  console.log(`${file.split('/').pop()}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
if (broken) console.log(`${broken} run(s) failed outside their tests: see the output above`);
console.log(`ci: ${passed} passed, ${failed + broken} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || broken > 0 || passed === 0 ? 1 : 0);
