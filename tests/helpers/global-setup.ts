/**
 * The server suite's database: DATABASE_URL when set (`npm run test:pg`), otherwise a throwaway
 * embedded PostgreSQL started here for this run. Either way a migrated and seeded template
 * database is built once; every test file copies it (tests/helpers/test-db.ts). A second template,
 * seeded on a fixed day, serves the suites that run their cases on named days.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPostgres, refreshStatistics } from '@server/db/client';
import { startEmbeddedPostgres } from '@server/db/embedded';
import { seedDemo } from '@server/db/seed/demo';
import { setClock } from '@server/clock';
import { runClockStartAt } from './run-clock';
import { databaseUrlFor, namedDayTemplateDbFor, SEEDED_TODAY, templateDbFor } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The run's day and morning (run-clock.ts): the demo template is seeded on it, and every file's
  // server clock starts there, whatever hour the run starts or ends.
  const runClockStart = runClockStartAt(Date.now());
  setClock(runClockStart);
  let base = process.env.DATABASE_URL;
  let stop = async () => {};
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-test-'));
    const embedded = await startEmbeddedPostgres({ dataDir, database: 'test', throwaway: true });
    base = embedded.url;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const TEMPLATE_DB = templateDbFor(base);
  const NAMED_DAY_DB = namedDayTemplateDbFor(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (const name of [TEMPLATE_DB, NAMED_DAY_DB]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const migrated = fromPostgres(databaseUrlFor(base, TEMPLATE_DB));
    try {
      await migrated.migrate();
    } finally {
      await migrated.close();
    }
    // Migrated once; each template gets its own seed: on the run's day (the clock's today, as the
    // demo's own day is) and on SEEDED_TODAY, the day suites with named days are written against.
    await admin.query(`CREATE DATABASE ${NAMED_DAY_DB} TEMPLATE ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  for (const [name, today] of [
    [TEMPLATE_DB, undefined],
    [NAMED_DAY_DB, SEEDED_TODAY],
  ] as const) {
    const handle = fromPostgres(databaseUrlFor(base, name));
    try {
      await seedDemo(handle.db, { today });
      await refreshStatistics(handle.db);
    } finally {
      await handle.close();
    }
  }
  project.provide('databaseUrl', base);
  project.provide('runClockStart', runClockStart);
  return stop;
}
