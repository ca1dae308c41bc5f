/** Sign-in tokens: random, handed out once, stored only as SHA-256 hashes, revocable, expiring. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { cacheOf, type CachedSession } from '../cache/hot-cache';
import { affectedRows, type Db } from '../db/client';
import { preparedFor } from '../db/prepared';
import { authSessions, users } from '../db/schema';
import type { UserType } from '@/api/permissions';
import { twoFactorSetupRequired } from './two-factor';

export interface AuthContext {
  sessionId: number;
  userId: number;
  userType: UserType;
  userCode: string;
  /** The school of a student, teacher or school admin; null for super admins and viewers. */
  schoolId: number | null;
  /** Signed in with a one-time password: only the password change and sign-out are open. */
  mustChangePassword?: boolean;
  /** Must set up two-factor sign-in first (a school's or the installation's requirement). */
  twoFactorSetupRequired?: boolean;
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

const findSessionStatement = preparedFor((db) =>
  db
    .select({
      sessionId: authSessions.id,
      userId: users.id,
      userType: users.userType,
      userCode: users.userCode,
      schoolId: users.schoolId,
      mustChangePassword: users.mustChangePassword,
      twoFactorSetupRequired,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('find_session'),
);

/**
 * The signed-in user of a token, or null. Served from the process's cache (server/cache) when it
 * can be: a sign-out, a deactivation or a password change anywhere drops the entry at once.
 */
export async function findSession(db: Db, token: string): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const load = async (): Promise<CachedSession<AuthContext> | null> => {
    const [row] = await findSessionStatement(db).execute({ tokenHash });
    if (!row) return null;
    const { expiresAt, ...auth } = row;
    return {
      auth: { ...auth, userType: auth.userType as UserType },
      sessionId: row.sessionId,
      userId: row.userId,
      expiresAt: expiresAt.getTime(),
    };
  };
  const cache = cacheOf(db);
  const found = cache
    ? ((await cache.through(cache.sessions, tokenHash, load, {
        // An unknown token is not remembered: it may be one signed in a moment ago elsewhere.
        store: (s) => s !== null,
        until: (s) => s?.expiresAt ?? 0,
      })) as CachedSession<AuthContext> | null)
    : await load();
  if (!found || found.expiresAt <= Date.now()) return null;
  // Belt and braces: a session this process saw end is refused even if a copy is still cached.
  if (cache?.hasEnded(found.sessionId)) {
    cache.dropSessions([found.sessionId]);
    return null;
  }
  return found.auth;
}

/**
 * Sign out: the row is revoked; this process forgets it now, the others on the notification. The
 * answer waits until this process's own listener has the notification too (one round trip on its
 * connection, at most a second): PostgreSQL hands it to every listener at the same commit, so by
 * the time the client hears "signed out" the other processes have it as well, not a moment later.
 */
export async function revokeSession(db: Db, sessionId: number) {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(authSessions.id, sessionId));
  const cache = cacheOf(db);
  cache?.dropSessions([sessionId]);
  if (cache) await Promise.race([cache.sync(), new Promise((r) => setTimeout(r, 1_000).unref())]);
}

/**
 * Sign out every session of the account but `keepSessionId` (null: all of them), after a change to
 * how it signs in: a session opened before the change must not outlive it. This process forgets
 * them now and waits (at most a second) for its own notification, as revokeSession does.
 */
export async function revokeOtherSessions(db: Db, userId: number, keepSessionId: number | null): Promise<number> {
  const gone = await db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keepSessionId != null ? ne(authSessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  const cache = cacheOf(db);
  cache?.dropSessions(gone.map((g) => g.id));
  if (cache) await Promise.race([cache.sync(), new Promise((r) => setTimeout(r, 1_000).unref())]);
  return gone.length;
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
