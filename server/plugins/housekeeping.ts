/**
 * Periodic clean-up of rows that only ever grow: ended sessions, sign-in failures past the
 * limiter's window, idempotency answers past their retry window, upload counts past the rate
 * limit's hour. Then the fees' late fees, invoiced once past a fee's last date (services/fees.ts,
 * generateLateFees: idempotent, so running it every time is safe), and uploaded files no row keeps
 * any more (server/storage/sweep.ts, after a grace period). Started by server/main.ts in one process; the timer is unref()'d, so it never
 * keeps a process alive on its own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { purgeSessions } from '../auth/sessions';
import { purgeLoginFailures } from '../auth/rate-limit';
import { purgeIdempotencyKeys } from './idempotency';
import { generateAllLateFees } from '../services/fees';
import { runAutomaticMessages } from '../services/sms-automatic';
import { schoolClock } from '../services/school-time';
import { uploadDirOf } from '../storage/files';
import { purgeUploadEvents } from '../storage/quota';
import { sweepUploads } from '../storage/sweep';

/** Late fee invoices of every school past a fee's last date (each school's own today). */
export const runLateFees = (db: Db) =>
  generateAllLateFees(db, async (schoolId) => (await schoolClock(db, schoolId)).today);

export const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

export interface PurgeCounts {
  sessions: number;
  loginFailures: number;
  idempotencyKeys: number;
  uploadEvents: number;
}

export async function purgeExpired(db: Db, config: Pick<Config, 'LOGIN_WINDOW_MINUTES'>): Promise<PurgeCounts> {
  return {
    sessions: await purgeSessions(db),
    loginFailures: await purgeLoginFailures(db, config.LOGIN_WINDOW_MINUTES * 60_000),
    idempotencyKeys: await purgeIdempotencyKeys(db),
    uploadEvents: await purgeUploadEvents(db),
  };
}

/** Purge now and then every `intervalMs`; returns the function that stops it. */
export function startHousekeeping(
  db: Db,
  config: Pick<Config, 'LOGIN_WINDOW_MINUTES' | 'UPLOAD_DIR' | 'DATA_DIR'>,
  log: FastifyBaseLogger,
  intervalMs = HOUSEKEEPING_INTERVAL_MS,
): () => void {
  const run = () =>
    purgeExpired(db, config)
      .then((counts) => log.debug({ counts }, 'purged expired rows'))
      .catch((err) => log.error({ err }, 'purging expired rows failed'))
      .then(() => runLateFees(db))
      .then((lateFees) => log.debug({ lateFees }, 'late fees invoiced'))
      .catch((err) => log.error({ err }, 'invoicing late fees failed'))
      .then(() => runAutomaticMessages(db, async (schoolId) => (await schoolClock(db, schoolId)).today))
      .then((reminders) => log.debug({ reminders }, 'automatic SMS queued'))
      .catch((err) => log.error({ err }, 'queueing automatic SMS failed'))
      .then(() => sweepUploads(db, uploadDirOf(config)))
      .then((swept) => log.debug({ swept }, 'unkept uploads removed'))
      .catch((err) => log.error({ err }, 'removing unkept uploads failed'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
