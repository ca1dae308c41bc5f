/**
 * Idempotency keys: a write retried with the same Idempotency-Key answers the first
 * result instead of running again; misuse of a key is refused; 5xx answers are not kept.
 */
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { idempotencyKeys, notices, users } from '@server/db/schema';
import { purgeIdempotencyKeys, requestHash } from '@server/plugins/idempotency';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers/server';
import { freshDb } from '../helpers/test-db';
import { schoolDate } from '../helpers/run-clock';

let t: TestApp;
let session: number;
beforeAll(async () => {
  t = await createTestApp();
  const sessions = (await t.get('admin1', '/api/session')).json() as { id: number; current: boolean }[];
  session = sessions.find((s) => s.current)!.id;
});
afterAll(() => t.close());

const notice = (headline: string) => ({
  class_id: 0,
  section_id: 0,
  students: [],
  session_id: session,
  headline,
  description: 'Sent once, even when sent twice.',
  date: schoolDate(),
});

const send = (as: string, key: string | undefined, payload: unknown, url = '/api/notice') =>
  t.call(as, {
    method: 'POST',
    url,
    payload: payload as object,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const noticesNamed = async (headline: string) =>
  (await t.db.select({ id: notices.id }).from(notices).where(eq(notices.headline, headline))).length;

const userIdOf = async (code: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, code)))[0].id;

it('a notice sent twice with one key is created once, and both answers are the same', async () => {
  const body = notice('Sports day, sent twice');
  const first = await send('teacher1', 'create-sports-day-1', body);
  expect(first.statusCode).toBe(200);
  expect(first.headers['idempotent-replayed']).toBeUndefined();
  const again = await send('teacher1', 'create-sports-day-1', body);
  expect(again.statusCode).toBe(200);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json()).toEqual(first.json());
  expect(again.headers['content-type']).toMatch(/^application\/json/);
  expect(await noticesNamed('Sports day, sent twice')).toBe(1);
});

it('without a key, the same notice sent twice is created twice', async () => {
  const body = notice('Sent twice without a key');
  expect((await send('teacher1', undefined, body)).statusCode).toBe(200);
  expect((await send('teacher1', undefined, body)).statusCode).toBe(200);
  expect(await noticesNamed('Sent twice without a key')).toBe(2);
});

it('the same key with a different request is 422 idempotency_key_reused', async () => {
  expect((await send('teacher1', 'reused-key', notice('First use'))).statusCode).toBe(200);
  const other = await send('teacher1', 'reused-key', notice('Second use'));
  expect(other.statusCode).toBe(422);
  expect(other.json().error.code).toBe('idempotency_key_reused');
  expect(await noticesNamed('Second use')).toBe(0);
  // Another address with the same body is another request too.
  const elsewhere = await send('teacher1', 'reused-key', notice('First use'), '/api/notice/delete?id=1');
  expect(elsewhere.statusCode).toBe(422);
});

it('keys are per user: another user’s identical key is a separate request', async () => {
  const body = notice('Per-user keys');
  expect((await send('teacher1', 'shared-key-name', body)).statusCode).toBe(200);
  const admin = await send('admin1', 'shared-key-name', body);
  expect(admin.statusCode).toBe(200);
  expect(admin.headers['idempotent-replayed']).toBeUndefined();
  expect(await noticesNamed('Per-user keys')).toBe(2);
});

it('a retry while the first request is still running is 409 idempotency_in_progress', async () => {
  const body = notice('Still running');
  await t.db.insert(idempotencyKeys).values({
    userId: await userIdOf('teacher1'),
    key: 'running-key',
    method: 'POST',
    path: '/api/notice',
    requestHash: requestHash('POST', '/api/notice', body),
  });
  const res = await send('teacher1', 'running-key', body);
  expect(res.statusCode).toBe(409);
  expect(res.json().error.code).toBe('idempotency_in_progress');
  expect(await noticesNamed('Still running')).toBe(0);
});

it('a claim whose request died long ago is taken over by the retry', async () => {
  const body = notice('Died mid-request');
  await t.db.insert(idempotencyKeys).values({
    userId: await userIdOf('teacher1'),
    key: 'dead-claim',
    method: 'POST',
    path: '/api/notice',
    requestHash: requestHash('POST', '/api/notice', body),
    createdAt: sql`now() - interval '10 minutes'`,
  });
  expect((await send('teacher1', 'dead-claim', body)).statusCode).toBe(200);
  expect(await noticesNamed('Died mid-request')).toBe(1);
});

it('4xx answers are kept and replayed; reads and anonymous calls ignore the header', async () => {
  const invalid = { ...notice('x'), session_id: 'not a number' };
  const first = await send('teacher1', 'invalid-once', invalid);
  expect(first.statusCode).toBe(400);
  const again = await send('teacher1', 'invalid-once', invalid);
  expect(again.statusCode).toBe(400);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.json()).toEqual(first.json());

  const read = await t.call('teacher1', { url: '/api/day', headers: { 'idempotency-key': 'a-read' } });
  expect(read.statusCode).toBe(200);
  const anonymous = await t.call(null, {
    method: 'POST',
    url: '/api/users/login',
    payload: { user_code: 'student1', password: DEMO_PASSWORD },
    headers: { 'idempotency-key': 'sign-in' },
  });
  expect(anonymous.statusCode).toBe(200);
  const kept = await t.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.key} in ('a-read', 'sign-in')`);
  expect(kept).toEqual([]);
});

it.each([
  ['has spaces', 'not a key'],
  ['is too long', 'k'.repeat(101)],
  ['is empty', ''],
  ['has other characters', 'key/with.dots'],
])('a key that %s is a 400 naming Idempotency-Key', async (_label, key) => {
  const res = await send('teacher1', key, notice('Bad key'));
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields).toHaveProperty('Idempotency-Key');
  expect(await noticesNamed('Bad key')).toBe(0);
});

it('a 5xx answer is not kept: the retry runs the handler again', async () => {
  const handle = await freshDb();
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: '' }), handle);
  let runs = 0;
  app.post('/api/test/flaky', { config: { action: 'notice.write' } }, async () => {
    runs += 1;
    if (runs === 1) throw new Error('the database went away');
    return { ok: true, runs };
  });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { user_code: 'teacher1', password: DEMO_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().accessToken}`, 'idempotency-key': 'flaky-1' };
    const call = () => app.inject({ method: 'POST', url: '/api/test/flaky', headers, payload: {} });
    expect((await call()).statusCode).toBe(500);
    const second = await call();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ ok: true, runs: 2 });
    const third = await call();
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.json()).toEqual({ ok: true, runs: 2 });
    expect(runs).toBe(2);
  } finally {
    await app.close();
    await handle.close();
  }
});

it('answers older than a day are purged', async () => {
  const userId = await userIdOf('admin1');
  await t.db.insert(idempotencyKeys).values([
    {
      userId,
      key: 'old-answer',
      method: 'POST',
      path: '/api/notice',
      requestHash: 'x',
      statusCode: 200,
      response: '{}',
      createdAt: sql`now() - interval '25 hours'`,
    },
    {
      userId,
      key: 'new-answer',
      method: 'POST',
      path: '/api/notice',
      requestHash: 'x',
      statusCode: 200,
      response: '{}',
    },
  ]);
  expect(await purgeIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
  const left = await t.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), sql`${idempotencyKeys.key} in ('old-answer', 'new-answer')`));
  expect(left.map((r) => r.key)).toEqual(['new-answer']);
});
