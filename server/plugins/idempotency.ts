/**
 * Idempotency keys: a signed-in client may send `Idempotency-Key: <1-100 of A-Z a-z 0-9 _ ->`
 * with any write to /api. The first request with a key runs and its answer (status and body) is
 * kept for that user; a retry with the same key and the same method, address and body gets that
 * answer again (`Idempotent-Replayed: true`) without running the handler, so a retry after a
 * timeout never saves twice. The same key with another request is 422 `idempotency_key_reused`; a
 * retry while the first is still running is 409 `idempotency_in_progress`.
 *
 * A multipart upload (storage/uploads-plugin.ts, registered before this) is hashed by its form
 * fields and its file's sha256, so a retried upload replays and another file under the key is 422.
 *
 * Only 2xx and 4xx answers are kept: after a 5xx the retry runs again. The claim on a key is the
 * table's primary key (INSERT ... ON CONFLICT DO NOTHING), so two processes cannot both run it. A
 * claim left unfinished (the process died mid-request) is taken over after STALE_CLAIM_MS.
 * Limitation: the answer is stored after the handler's own transaction committed, so a crash in
 * between lets a later retry (after the stale window) run again.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { affectedRows, type DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError, badRequest } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const KEY_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;
/** A claim without an answer after this long belongs to a request that will never finish. */
export const STALE_CLAIM_MS = 120_000;
/** How long answers are kept for retries. */
export const IDEMPOTENCY_TTL_HOURS = 24;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request holds the claim on an idempotency key and must record its answer. */
    idempotencyClaim: { userId: number; key: string } | null;
  }
}

/**
 * What makes two requests "the same": method, address with its query, and parsed body. The body's
 * nesting is bounded before it is parsed (strict-input.ts), so re-serialising it here cannot overflow.
 */
export function requestHash(method: string, url: string, body: unknown): string {
  const text = body === undefined ? '' : JSON.stringify(body);
  return createHash('sha256').update(`${method}\n${url}\n${text}`).digest('hex');
}

async function claim(db: DbOrTx, userId: number, key: string, req: FastifyRequest, hash: string): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, method: req.method, path: req.url.slice(0, 300), requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return true;
  // Take over a claim whose request died without answering (same request only).
  const takenOver = await db
    .update(idempotencyKeys)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, hash),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, sql`now() - ${STALE_CLAIM_MS} * interval '1 millisecond'`),
      ),
    );
  return affectedRows(takenOver) > 0;
}

async function replayOrRefuse(db: DbOrTx, userId: number, key: string, hash: string, reply: FastifyReply) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) {
    // Purged or released between our insert and this read: the client may simply try again.
    throw new ApiError(409, 'idempotency_in_progress', 'This request is still being processed. Try again in a moment.');
  }
  if (row.requestHash !== hash) {
    throw new ApiError(
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      { 'Idempotency-Key': 'was already used for a different request' },
    );
  }
  if (row.statusCode == null || row.response == null) {
    reply.header('retry-after', '1');
    throw new ApiError(409, 'idempotency_in_progress', 'This request is still being processed. Try again in a moment.');
  }
  return reply
    .code(row.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header(REPLAYED_HEADER, 'true')
    .send(row.response);
}

export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('idempotencyClaim', null);

  // After the guard (onRequest) knows the user and the body is parsed; before validation, so a
  // replay answers even what the handler would refuse the same way.
  app.addHook('preValidation', async (req, reply) => {
    if (READS.has(req.method) || !req.auth || !req.url.startsWith('/api/')) return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    if (typeof header !== 'string' || !KEY_FORMAT.test(header)) {
      throw badRequest('Idempotency-Key', 'must be 1 to 100 letters, digits, "-" or "_"');
    }
    const userId = req.auth.userId;
    // A multipart upload: its fields and its file's content hash (never the temporary path).
    const hash = requestHash(
      req.method,
      req.url,
      req.incomingFile ? { fields: req.body, file: req.incomingFile } : req.body,
    );
    if (await claim(app.db, userId, header, req, hash)) {
      req.idempotencyClaim = { userId, key: header };
      return;
    }
    return replayOrRefuse(app.db, userId, header, hash, reply);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const held = req.idempotencyClaim;
    if (!held) return payload;
    req.idempotencyClaim = null;
    const where = and(eq(idempotencyKeys.userId, held.userId), eq(idempotencyKeys.key, held.key));
    const status = reply.statusCode;
    const keep = typeof payload === 'string' && ((status >= 200 && status < 300) || (status >= 400 && status < 500));
    if (keep) {
      await app.db.update(idempotencyKeys).set({ statusCode: status, response: payload }).where(where);
    } else {
      // A 5xx (or an answer that cannot be replayed): release the key so a retry runs again.
      await app.db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
});

/** Forget answers older than IDEMPOTENCY_TTL_HOURS; returns how many went. */
export async function purgeIdempotencyKeys(db: DbOrTx, ttlHours = IDEMPOTENCY_TTL_HOURS): Promise<number> {
  return affectedRows(
    await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${ttlHours} * interval '1 hour'`)),
  );
}
