/** Sign-in tokens: random, handed out once, stored only as SHA-256 hashes, revocable, expiring. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { affectedRows, type Db } from '../db/client';
import { authSessions, users } from '../db/schema';
import type { UserType } from '@/api/permissions';

export interface AuthContext {
  sessionId: number;
  userId: number;
  userType: UserType;
  userCode: string;
  /** The school of a student, teacher or school admin; null for super admins and viewers. */
  schoolId: number | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: number, ttlHours: number, userAgent = '') {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.insert(authSessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt,
    userAgent: userAgent.slice(0, 300),
  });
  return { token, expiresAt };
}

export async function findSession(db: Db, token: string): Promise<AuthContext | null> {
  const rows = await db
    .select({
      sessionId: authSessions.id,
      userId: users.id,
      userType: users.userType,
      userCode: users.userCode,
      schoolId: users.schoolId,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, hashToken(token)),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { ...row, userType: row.userType as UserType } : null;
}

export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(authSessions.id, sessionId));
}

/**
 * Forget sessions that can no longer be used: expired, or signed out. A refused token answers the
 * same 401 whether its row is gone or not. Returns how many went.
 */
export async function purgeSessions(db: Db): Promise<number> {
  return affectedRows(
    await db.delete(authSessions).where(or(lt(authSessions.expiresAt, sql`now()`), isNotNull(authSessions.revokedAt))),
  );
}
