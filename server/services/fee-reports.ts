/**
 * The fee reports and the late fee run as routes/fees.ts asks for them: each read in the school's
 * time zone and today (services/school-time.ts). The reports' queries are services/fees.ts's.
 */
import type { Db, DbOrTx } from '../db/client';
import { eq } from 'drizzle-orm';
import { FEE_CODES, FEE_MESSAGES } from '@/api/schemas/fees';
import { academicSessions } from '../db/schema';
import { badRequest } from '../errors';
import { collectionsByDaySector, collectionsByMonth, defaulters, duesByClassSection, generateLateFees } from './fees';
import { schoolClock } from './school-time';

/** A session's invoiced, waived, paid and due amounts by class and section. */
export function duesReport(db: DbOrTx, schoolId: number, q: { session_id: number; limit: number; offset: number }) {
  return duesByClassSection(db, { schoolId, sessionId: q.session_id, limit: q.limit, offset: q.offset });
}

/** Net collections by day (in the school's time zone) and sector. */
export async function collectionsReport(
  db: DbOrTx,
  schoolId: number,
  q: { from: string; to: string; limit: number; offset: number },
) {
  const { timeZone } = await schoolClock(db, schoolId);
  return collectionsByDaySector(db, { schoolId, timeZone, from: q.from, to: q.to, limit: q.limit, offset: q.offset });
}

/** A session's net collections per month of its year, in the school's time zone; an unknown session is 400. */
export async function monthlyCollections(db: DbOrTx, schoolId: number, sessionId: number) {
  const [session] = await db
    .select({ year: academicSessions.sessionYear })
    .from(academicSessions)
    .where(eq(academicSessions.id, sessionId));
  if (!session) throw badRequest('session_id', 'is not a session');
  const { timeZone } = await schoolClock(db, schoolId);
  return collectionsByMonth(db, { schoolId, timeZone, sessionYear: session.year.slice(0, 4) });
}

/** Students of a session with something due past its last date, as of `as_of` (default: the school's today). */
export async function defaultersReport(
  db: DbOrTx,
  schoolId: number,
  q: { session_id: number; as_of?: string; limit: number; offset: number },
) {
  const asOf = q.as_of ?? (await schoolClock(db, schoolId)).today;
  return defaulters(db, { schoolId, sessionId: q.session_id, asOf, limit: q.limit, offset: q.offset });
}

/** Invoices the late fees due by the school's today, in one transaction (idempotent per fee and student). */
export async function lateFeesNow(db: Db, schoolId: number) {
  const { today } = await schoolClock(db, schoolId);
  const created = await db.transaction((tx) => generateLateFees(tx, { schoolId, today }));
  return { ok: true as const, created, message: FEE_MESSAGES.lateFees(created), code: FEE_CODES.lateFees };
}
