/**
 * A fresh, migrated and seeded database per test file, cheaply.
 * - PGlite (default): one template per worker (migrated and seeded once), clone()d per file.
 * - PostgreSQL (DATABASE_URL set): global-setup builds a template database once; each file gets
 *   CREATE DATABASE ... TEMPLATE, dropped again when the file is done.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPostgres, type DbHandle, refreshStatistics } from '@server/db/client';
import { seedDemo } from '@server/db/seed/demo';

/**
 * The template's name follows the database DATABASE_URL names (`test` -> `pathshala_tpl_test`), so
 * runs against different databases of one server (parallel work trees) never share a template.
 */
export function templateDbFor(base: string): string {
  const name = new URL(base).pathname.replace(/^\//, '').replace(/[^a-z0-9_]/gi, '_') || 'postgres';
  return `pathshala_tpl_${name}`.slice(0, 63);
}

export function databaseUrlFor(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const globalCache = globalThis as unknown as { __pathshalaTemplate?: Promise<PGlite> };

async function pgliteTemplate(): Promise<PGlite> {
  globalCache.__pathshalaTemplate ??= (async () => {
    const client = await PGlite.create();
    const handle = fromPglite(client);
    await handle.migrate();
    await seedDemo(handle.db);
    await refreshStatistics(handle.db);
    return client;
  })();
  return globalCache.__pathshalaTemplate;
}

export async function freshDb(): Promise<DbHandle> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const template = await pgliteTemplate();
    return fromPglite(await template.clone());
  }
  const name = `pathshala_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDbFor(base)}`);
        break;
      } catch (err) {
        // Two files copying the template at once: PostgreSQL refuses one; wait and retry.
        if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const handle = fromPostgres(databaseUrlFor(base, name));
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const drop = new pg.Client({ connectionString: base });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => drop.end());
    },
  };
}
