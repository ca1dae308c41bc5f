/**
 * How much one user may upload: UPLOAD_RATE_PER_HOUR files an hour, whatever the route (counted in
 * upload_events, so every process and machine sees the same count), and UPLOAD_QUOTA_MB for what a
 * student's homework answers keep together (services/homework.ts). The refusals carry codes and
 * numbers the client says in the user's language (`upload.errors.*` in src/i18n).
 */
import { and, eq, sql } from 'drizzle-orm';
import { affectedRows, type Db, type DbOrTx } from '../db/client';
import { uploadEvents } from '../db/schema';
import { ApiError } from '../errors';
import { MB } from './files';

/** Any number that is the same in every process: the first key of the per-user upload lock. */
const UPLOAD_LOCK = 7304;

/** 429 with the seconds until the next upload is allowed (sent as Retry-After). */
export class UploadRateLimited extends ApiError {
  constructor(
    readonly retryAfterSeconds: number,
    perHour: number,
  ) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'upload.rate_limited',
      `You have uploaded ${perHour} files in the last hour, the most allowed. Try again in ${minutes} minute(s).`,
      undefined,
      { count: perHour, minutes },
    );
  }
}

async function lastHour(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      wait: sql<number>`ceil(extract(epoch from (min(${uploadEvents.createdAt}) + interval '1 hour' - now())))::int`,
    })
    .from(uploadEvents)
    .where(and(eq(uploadEvents.userId, userId), sql`${uploadEvents.createdAt} > now() - interval '1 hour'`));
  return { n: Number(row.n), wait: Math.max(1, Number(row.wait) || 1) };
}

/** Refuse early (before the body is read) when the user has no upload left this hour. */
export async function checkUploadRate(db: DbOrTx, userId: number, perHour: number): Promise<void> {
  const { n, wait } = await lastHour(db, userId);
  if (n >= perHour) throw new UploadRateLimited(wait, perHour);
}

/**
 * Count one received file against the user's hour, or refuse it. The per-user advisory lock makes
 * parallel uploads of one user count one after the other, in every process.
 */
export async function admitUpload(db: Db, userId: number, bytes: number, perHour: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPLOAD_LOCK}, ${userId})`);
    const { n, wait } = await lastHour(tx, userId);
    if (n >= perHour) throw new UploadRateLimited(wait, perHour);
    await tx.insert(uploadEvents).values({ userId, bytes });
  });
}

/** Upload counts older than this are of no further use (housekeeping purges them). */
export async function purgeUploadEvents(db: DbOrTx): Promise<number> {
  return affectedRows(await db.delete(uploadEvents).where(sql`${uploadEvents.createdAt} < now() - interval '1 day'`));
}

const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/** 413: the file would take the student's kept answers past the quota. */
export function quotaExceeded(keptBytes: number, fileBytes: number, quotaMb: number): ApiError {
  const kept = mb(keptBytes);
  return new ApiError(
    413,
    'upload.quota_exceeded',
    `Your homework answers already take ${kept} MB of the ${quotaMb} MB a student may keep: this file ` +
      `(${mb(fileBytes)} MB) would pass it. Send a smaller file, or ask your school for more room.`,
    undefined,
    { kept, quota: quotaMb, size: mb(fileBytes) },
  );
}
