/**
 * A fresh, migrated and seeded database per test file, cheaply: global-setup builds a template
 * database once per run (on DATABASE_URL or a throwaway embedded PostgreSQL); each file gets
 * CREATE DATABASE ... TEMPLATE, dropped again when the file is done. There are two templates: one
 * seeded on the clock's today and one on a fixed day (SEEDED_TODAY) for suites that name their days.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { fromPostgres, type DbHandle } from '@server/db/client';

/**
 * The template's name follows the database the base URL names (`test` -> `pathshala_tpl_test`), so
 * runs against different databases of one server (parallel work trees) never share a template.
 */
export function templateDbFor(base: string): string {
  const name = new URL(base).pathname.replace(/^\//, '').replace(/[^a-z0-9_]/gi, '_') || 'postgres';
  return `pathshala_tpl_${name}`.slice(0, 63);
}

/**
 * The day the named-day template is seeded on (a Thursday, a school day of the demo): suites whose
 * rules depend on the date copy it (`freshDb({ namedDays: true })`) and move the server's clock to
 * named days around it (server/clock.ts), so they judge the same dates whatever day they run.
 * The other template is seeded on the clock's today, as the demo is.
 */
export const SEEDED_TODAY = '2026-12-03';

/** The named-day template's name: the run's template name with a suffix. */
export function namedDayTemplateDbFor(base: string): string {
  return `${templateDbFor(base).slice(0, 57)}_named`;
}

export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The run's server (see global-setup.ts). */
export const baseDatabaseUrl = (): string => inject('databaseUrl');

export async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** An empty database of its own (no migrations, no data), dropped by the returned close(). */
export async function emptyDb(): Promise<DbHandle> {
  const base = baseDatabaseUrl();
  const name = `pathshala_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return droppedOnClose(fromPostgres(databaseUrlFor(base, name)), name);
}

function droppedOnClose(handle: DbHandle, name: string): DbHandle {
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A copy of the run's template; `namedDays`: of the template seeded on SEEDED_TODAY. */
export async function freshDb(opts: { namedDays?: boolean } = {}): Promise<DbHandle> {
  const base = baseDatabaseUrl();
  const template = opts.namedDays ? namedDayTemplateDbFor(base) : templateDbFor(base);
  const name = `pathshala_t_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (err) {
      // Two files copying the template at once: PostgreSQL refuses one; wait and retry.
      if (attempt > 40 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return droppedOnClose(fromPostgres(databaseUrlFor(base, name)), name);
}
