/**
 * Makes (or finds) the benchmark district:
 *
 *   npm run bench:seed -- --schools 50 --students 30000 --days 200 [--seed 1] [--today YYYY-MM-DD]
 *                         [--replace] [--database NAME]
 *
 * With DATABASE_URL, the district goes into a database of its own on that server (`--database`,
 * default pathshala_district); otherwise into the embedded PostgreSQL in DATA_DIR (default
 * .tmp/district), kept between runs. A district with the same parameters already there is reported
 * and left alone; any other data is refused unless `--replace` drops the database first.
 */
import { parseArgs } from 'node:util';
import { openDistrictDatabase, seedDistrict } from './district';

const { values } = parseArgs({
  options: {
    schools: { type: 'string', default: '50' },
    students: { type: 'string', default: '30000' },
    days: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    today: { type: 'string' },
    replace: { type: 'boolean', default: false },
    database: { type: 'string' },
  },
  strict: true,
});

const whole = (name: string, value: string) => {
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number (got ${value})`);
    process.exit(2);
  }
  return Number(value);
};
const opts = {
  schools: whole('schools', values.schools),
  students: whole('students', values.students),
  days: whole('days', values.days),
  seed: whole('seed', values.seed),
  today: values.today,
  log: (line: string) => console.log(line),
};

const started = performance.now();
const target = await openDistrictDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '.tmp/district',
  name: values.database,
  replace: values.replace,
  log: opts.log,
});
try {
  console.log(
    `District of ${opts.schools} schools, ${opts.students} students, ${opts.days} school days (seed ${opts.seed}) in ${target.where}:`,
  );
  const summary = await seedDistrict(target.url, opts);
  if (!summary.reused) {
    console.log(`Loaded in ${summary.seconds} s (${((performance.now() - started) / 1000).toFixed(1)} s in all).`);
  }
  for (const [name, count] of Object.entries(summary.counts)) console.log(`  ${name}: ${count.toLocaleString('en')}`);
  console.log(`  database size: ${summary.size}`);
  console.log(`  today: ${summary.params.today}; sign in as ${summary.accounts} with password '${summary.password}'.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await target.close();
}
