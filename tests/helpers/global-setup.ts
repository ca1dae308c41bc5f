/** With DATABASE_URL set, build the migrated and seeded template database the server tests copy. */
import pg from 'pg';
import { fromPostgres, refreshStatistics } from '@server/db/client';
import { seedDemo } from '@server/db/seed/demo';
import { templateDbFor, databaseUrlFor } from './test-db';

export default async function setup() {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const TEMPLATE_DB = templateDbFor(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const handle = fromPostgres(databaseUrlFor(base, TEMPLATE_DB));
  await handle.migrate();
  await seedDemo(handle.db);
  await refreshStatistics(handle.db);
  await handle.close();
}
