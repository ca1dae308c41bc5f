/**
 * Deleting stored files no row keeps (the store is content-addressed, so one file may be kept by
 * several rows: homework attachments, homework answers, e-books, profile photos). `dropIfUnreferenced` is the one
 * deletion: under the file's exclusive lock it checks every row that can keep a file, so it cannot
 * race `keepFile` (server/storage/files.ts). It runs at once when a row replaces or drops its file,
 * and for everything else from the housekeeping job's `sweepUploads`, which also removes temporary
 * files left by requests that never finished.
 *
 * The sweep only touches files older than a grace period: a file stored by `commitFile` (outside
 * its row's transaction) is unprotected by the lock until its row is committed, and placing a file
 * renews its time.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  ebooks,
  homework,
  homeworkSubmissions,
  subjectActivities,
  subjectActivitySubmissions,
  users,
} from '../db/schema';
import { rowsOf } from '../db/rows';
import { lockFile, storedPath } from './files';

/** How old an unreferenced stored file, or a temporary file, must be before the sweep removes it. */
export const SWEEP_GRACE_MS = 60 * 60_000;

const SHA256 = /^[0-9a-f]{64}$/;
/** The rows of a raw statement (node-postgres' result). */
const PREFIX = /^[0-9a-f]{2}$/;
const BATCH = 500;

/** Every column that keeps a stored file: a new one must be added here, or its files are swept. */
const keptBy = (sha: SQL) => sql`(
  exists (select 1 from ${homework} where ${homework.fileSha256} = ${sha})
  or exists (select 1 from ${homeworkSubmissions} where ${homeworkSubmissions.fileSha256} = ${sha})
  or exists (select 1 from ${ebooks} where ${ebooks.fileSha256} = ${sha})
  or exists (select 1 from ${subjectActivities} where ${subjectActivities.fileSha256} = ${sha})
  or exists (select 1 from ${subjectActivitySubmissions} where ${subjectActivitySubmissions.fileSha256} = ${sha})
  or exists (select 1 from ${users} where ${users.photoSha256} = ${sha}))`;

/**
 * Delete a stored file if no row keeps it. `olderThan` (epoch ms): only if the file was last placed
 * before then (the sweep's grace). Returns whether it was deleted.
 */
export async function dropIfUnreferenced(db: Db, dir: string, sha256: string, olderThan?: number): Promise<boolean> {
  if (!SHA256.test(sha256)) return false;
  return db.transaction(async (tx) => {
    await lockFile(tx, sha256, 'delete');
    const [row] = rowsOf<{ kept: boolean }>(await tx.execute(sql`select ${keptBy(sql`${sha256}`)} as kept`));
    if (row?.kept) return false;
    const where = storedPath(dir, sha256);
    const stat = await fsp.stat(where).catch(() => null);
    if (!stat || (olderThan !== undefined && stat.mtimeMs >= olderThan)) return false;
    await fsp.rm(where, { force: true });
    return true;
  });
}

/** Of these hashes, those no row keeps (one statement; the indexes on each file column answer it). */
async function unreferenced(db: DbOrTx, shas: string[]): Promise<string[]> {
  const list = sql.join(
    shas.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<{ sha: string }>(
    await db.execute(sql`select s.sha from unnest(array[${list}]::text[]) as s(sha) where not ${keptBy(sql`s.sha`)}`),
  );
  return rows.map((r) => r.sha);
}

async function entries(dir: string): Promise<string[]> {
  return fsp.readdir(dir).catch(() => []);
}

export interface SweepCounts {
  files: number;
  bytes: number;
  temporary: number;
}

/** Remove stored files no row keeps and temporary files, both older than `graceMs`. */
export async function sweepUploads(db: Db, dir: string, graceMs = SWEEP_GRACE_MS): Promise<SweepCounts> {
  const cutoff = Date.now() - graceMs;
  const counts: SweepCounts = { files: 0, bytes: 0, temporary: 0 };
  for (const name of await entries(path.join(dir, 'tmp'))) {
    const where = path.join(dir, 'tmp', name);
    const stat = await fsp.stat(where).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fsp.rm(where, { force: true });
      counts.temporary++;
    }
  }
  let batch: { sha: string; size: number }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const sizes = new Map(batch.map((b) => [b.sha, b.size]));
    batch = [];
    for (const sha of await unreferenced(db, [...sizes.keys()])) {
      if (await dropIfUnreferenced(db, dir, sha, cutoff)) {
        counts.files++;
        counts.bytes += sizes.get(sha) ?? 0;
      }
    }
  };
  for (const a of await entries(dir)) {
    if (!PREFIX.test(a)) continue;
    for (const b of await entries(path.join(dir, a))) {
      if (!PREFIX.test(b)) continue;
      for (const sha of await entries(path.join(dir, a, b))) {
        if (!SHA256.test(sha)) continue;
        const stat = await fsp.stat(path.join(dir, a, b, sha)).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
        batch.push({ sha, size: stat.size });
        if (batch.length >= BATCH) await flush();
      }
    }
  }
  await flush();
  return counts;
}
