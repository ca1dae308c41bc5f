/**
 * The server suite's database: DATABASE_URL when set (`npm run test:pg`), otherwise a throwaway
 * embedded PostgreSQL started here for this run. Either way a migrated and seeded template
 * database is built once; every test file copies it (tests/helpers/test-db.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPostgres, refreshStatistics } from '@server/db/client';
import { startEmbeddedPostgres } from '@server/db/embedded';
import { seedDemo } from '@server/db/seed/demo';
import { templateDbFor, databaseUrlFor } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
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
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const handle = fromPostgres(databaseUrlFor(base, TEMPLATE_DB));
  try {
    await handle.migrate();
    await seedDemo(handle.db);
    await refreshStatistics(handle.db);
  } finally {
    await handle.close();
  }
  project.provide('databaseUrl', base);
  return stop;
}
