/**
 * The security trail: one row per change that touches who may sign in or see what (a second factor
 * reset, a school's two-factor requirement, a guardian linked to or unlinked from a student, ...).
 * Each row says who did it, when, what (`action`, a short dotted name), about whom (`subjectUserId`)
 * or which school (`schoolId`), and the facts of the change (`detail`). Write it in the same
 * transaction as the change, so a change is never without its row nor a row without its change.
 */
import { securityAudit } from '../db/schema';
import type { DbOrTx } from '../db/client';

export interface AuditEntry {
  actorUserId: number;
  action: string;
  subjectUserId?: number | null;
  schoolId?: number | null;
  detail?: Record<string, unknown> | null;
}

export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(securityAudit).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    subjectUserId: entry.subjectUserId ?? null,
    schoolId: entry.schoolId ?? null,
    detail: entry.detail ?? null,
  });
}

/** Several rows in one statement (a bulk change, e.g. an import's links), same rules as recordAudit. */
export async function recordAudits(db: DbOrTx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  for (let i = 0; i < entries.length; i += 1000) {
    await db.insert(securityAudit).values(
      entries.slice(i, i + 1000).map((e) => ({
        actorUserId: e.actorUserId,
        action: e.action,
        subjectUserId: e.subjectUserId ?? null,
        schoolId: e.schoolId ?? null,
        detail: e.detail ?? null,
      })),
    );
  }
}
