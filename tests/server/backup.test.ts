/**
 * `npm run backup` and `npm run restore` on a real database: what was backed up comes back after a
 * mistake; a backup is readable by its owner only; a restore ends every sign-in session. Needs PostgreSQL's client tools (pg_dump, pg_restore), as the README says; on a machine
 * without them the test says so and is skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '@server/db/client';
import { createSession, hashToken } from '@server/auth/sessions';
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

  it('writes the backup for its owner only (0600, a new directory 0700), also over an existing file', () => {
    const folder = path.join(dir, 'nightly', 'monday');
    const file = path.join(folder, 'school.dump');
    const backup = script(handle.url, 'backup', '--file', file);
    expect(backup.status, backup.stderr).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(folder)).mode & 0o777).toBe(0o700);

    const old = path.join(dir, 'old.dump');
    fs.writeFileSync(old, 'an older backup');
    fs.chmodSync(old, 0o644);
    const again = script(handle.url, 'backup', '--file', old);
    expect(again.status, again.stderr).toBe(0);
    expect(fs.statSync(old).mode & 0o777).toBe(0o600);
    expect(fs.statSync(old).size).toBeGreaterThan('an older backup'.length);
  }, 60_000);

  it('ends every session on restore: one signed out before the backup stays so, the others are ended', async () => {
    const [{ id: userId }] = (
      await handle.pool.query<{ id: number }>(`select id from users where user_code = 'student1'`)
    ).rows;
    const row = async (token: string) =>
      (
        await handle.pool.query<{ revoked: string | null }>(
          `select to_char(revoked_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as revoked from auth_sessions where token_hash = $1`,
          [hashToken(token)],
        )
      ).rows[0];
    const signedOut = await createSession(handle.db, userId, 12);
    const live = await createSession(handle.db, userId, 12);
    await handle.pool.query(`update auth_sessions set revoked_at = '2020-01-02 03:04:05+00' where token_hash = $1`, [
      hashToken(signedOut.token),
    ]);
    const file = path.join(dir, 'sessions.dump');
    const backup = script(handle.url, 'backup', '--file', file);
    expect(backup.status, backup.stderr).toBe(0);
    const later = await createSession(handle.db, userId, 12);
    expect((await row(live.token)).revoked).toBeNull();
    expect((await row(later.token)).revoked).toBeNull();

    const restore = script(handle.url, 'restore', '--file', file, '--yes');
    expect(restore.status, restore.stderr).toBe(0);
    // Signed out before the backup: still signed out, at the time it was.
    expect((await row(signedOut.token)).revoked).toBe('2020-01-02 03:04:05');
    // Live at the backup: ended by the restore.
    expect((await row(live.token)).revoked).not.toBeNull();
    // Made after the backup: the restore brought back the rows as they were, so it is gone.
    expect(await row(later.token)).toBeUndefined();
    const open = await handle.pool.query(`select 1 from auth_sessions where revoked_at is null`);
    expect(open.rowCount).toBe(0);
    expect(restore.stdout).toMatch(/session\(s\) ended/);
  }, 60_000);
});
