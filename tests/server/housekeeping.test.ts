/**
 * Rows that only grow are purged: ended sessions (expired or signed out), sign-in failures past
 * the limiter's window, idempotency answers past their retry window. Live ones stay.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { authSessions, idempotencyKeys, loginFailures, users } from '@server/db/schema';
import { hashToken } from '@server/auth/sessions';
import { purgeExpired } from '@server/plugins/housekeeping';
import { createTestApp, type TestApp } from '../helpers/server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('purges ended sessions, old sign-in failures and old idempotency answers, and keeps the rest', async () => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, 'teacher1'));
  const live = await t.token('teacher1');
  await t.db.insert(authSessions).values([
    { userId: user.id, tokenHash: hashToken('expired'), expiresAt: sql`now() - interval '1 minute'` },
    {
      userId: user.id,
      tokenHash: hashToken('signed-out'),
      expiresAt: sql`now() + interval '1 hour'`,
      revokedAt: sql`now()`,
    },
  ]);
  await t.db
    .insert(loginFailures)
    .values([{ key: 'ip:192.0.2.50', failedAt: sql`now() - interval '16 minutes'` }, { key: 'ip:192.0.2.51' }]);
  await t.db.insert(idempotencyKeys).values([
    {
      userId: user.id,
      key: 'old',
      method: 'POST',
      path: '/api/notice',
      requestHash: 'h',
      statusCode: 200,
      response: '{}',
      createdAt: sql`now() - interval '2 days'`,
    },
    {
      userId: user.id,
      key: 'recent',
      method: 'POST',
      path: '/api/notice',
      requestHash: 'h',
      statusCode: 200,
      response: '{}',
    },
  ]);

  const counts = await purgeExpired(t.db, { LOGIN_WINDOW_MINUTES: 15 });
  expect(counts.sessions).toBeGreaterThanOrEqual(2);
  expect(counts.loginFailures).toBeGreaterThanOrEqual(1);
  expect(counts.idempotencyKeys).toBeGreaterThanOrEqual(1);

  const sessions = await t.db
    .select({ hash: authSessions.tokenHash })
    .from(authSessions)
    .where(inArray(authSessions.tokenHash, [hashToken('expired'), hashToken('signed-out'), hashToken(live)]));
  expect(sessions.map((s) => s.hash)).toEqual([hashToken(live)]);
  const failures = await t.db
    .select({ key: loginFailures.key })
    .from(loginFailures)
    .where(inArray(loginFailures.key, ['ip:192.0.2.50', 'ip:192.0.2.51']));
  expect(failures.map((f) => f.key)).toEqual(['ip:192.0.2.51']);
  const answers = await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
  expect(answers.map((a) => a.key)).toEqual(['recent']);

  // The live session still works after the purge.
  expect((await t.get('teacher1', '/api/day')).statusCode).toBe(200);
});
