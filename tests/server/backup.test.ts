/**
 * `npm run backup` and `npm run restore` on a real database: what was backed up comes back after a
 * mistake. Needs PostgreSQL's client tools (pg_dump, pg_restore), as the README says; on a machine
 * without them the test says so and is skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@server/db/client';
import { freshDb } from '../helpers/test-db';

const hasClientTools =
  spawnSync('sh', ['-c', 'command -v pg_dump || ls /usr/lib/postgresql/*/bin/pg_dump'], { stdio: 'ignore' }).status ===
  0;

function script(url: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-backup.ts', ...args], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
}

describe.skipIf(!hasClientTools)('backup and restore (PostgreSQL client tools)', () => {
  let handle: DbHandle;
  let dir: string;
  const count = async () =>
    Number((await handle.pool.query<{ n: string }>(`select count(*) as n from notices`)).rows[0].n);

  beforeAll(async () => {
    handle = await freshDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pathshala-backup-'));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores the data as it was when backed up, and only with --yes', async () => {
    const file = path.join(dir, 'school.dump');
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const backup = script(handle.url, 'backup', '--file', file);
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    await handle.db.execute(sql`delete from notice_reads`);
    await handle.db.execute(sql`delete from notice_recipients`);
    await handle.db.execute(sql`delete from notices`);
    expect(await count()).toBe(0);

    const refused = script(handle.url, 'restore', '--file', file);
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toMatch(/--yes/);
    expect(await count()).toBe(0);

    const restore = script(handle.url, 'restore', '--file', file, '--yes');
    expect(restore.status, restore.stderr).toBe(0);
    expect(await count()).toBe(before);
  }, 60_000);
});
