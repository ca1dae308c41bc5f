/**
 * Seeds the demo schools into the server's database (DATABASE_URL when set, otherwise the
 * embedded PostgreSQL in DATA_DIR, started for the purpose and stopped again):
 *
 *   node --import tsx server/db/seed/cli.ts [--today=YYYY-MM-DD]
 *
 * Does nothing (beyond the idempotent reference data) when a school already exists.
 */
import { openDatabase } from '../client';
import { seedDemo } from './demo';

const todayArg = process.argv.find((a) => a.startsWith('--today='))?.slice('--today='.length);

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
try {
  await handle.migrate();
  const started = performance.now();
  const result = await seedDemo(handle.db, todayArg ? { today: todayArg } : {});
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = handle.embedded ? `the embedded PostgreSQL in ${handle.embedded.clusterDir}` : 'PostgreSQL';
  if (result.seeded) {
    console.log(`Seeded the demo data into ${where} in ${seconds} s:`);
    for (const [name, count] of Object.entries(result.counts ?? {})) console.log(`  ${name}: ${count}`);
    console.log(
      "Sign in as superadmin, admin1, admin2, teacher1, teacher2, student1, student2, viewer1 or the guardian 01710000016 with password 'demo1234'.",
    );
  } else {
    console.log(`Reference data checked; ${where} already has schools, so the demo data was not seeded.`);
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await handle.close();
}
