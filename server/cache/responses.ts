/**
 * Whole answers of the hot reads, kept in the process (HotCache.responses): a read a route marks
 * `config.cacheable` is answered from memory, with no query at all, until its school's data
 * changes. The summaries that many read and few change are served from a read
 * model refreshed by the writes: this is that model for every hot read, kept honest by three rules.
 *
 * - Keyed by the user and the exact URL (path and query), and only for users of one school
 *   (students, teachers, school admins): what they may see is all of one school, so "this school's
 *   data changed" is exactly when an answer may be wrong. A guardian's answers belong to their
 *   children's schools (all of them), and a link made or removed drops the guardian's answers
 *   (migration 0026's 'member' notification): a hit skips the handler's link check, so an unlinked
 *   child's answer must be gone by then. Viewers and super admins are not cached.
 * - Any write to a table a school owns announces that school ('content:<table>:<ids>', or
 *   'rows:<table>:<school>:<sections>' for marks and attendance marks: the triggers of migrations
 *   0007 and 0034, at commit, to every process); a write through this process also drops its
 *   school's answers itself before it answers (`dropAnswers`), so its author's next read is never
 *   the old one. A read under way when a change to its schools or its user arrives is answered
 *   but not kept (HotCache's answer counts). The tables each kept read reads are declared in
 *   answer-tables.ts.
 * - An answer lives at most RESPONSE_TTL_MS and never past the school's midnight ("today" moves);
 *   until the cache's listener is connected, nothing is kept or served (HotCache.ready).
 *
 * A cached answer skips the schema's validation, the handler and the serializer, not the guard: the
 * session and the action are checked on every request as before, and the URL it answers was
 * validated (for the same user) before its answer was kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { USER_TYPES } from '@/api/permissions';
import { gzippedOf, type ResponseSlot } from './hot-cache';
import { guardianSchools } from '../auth/child';
import { clockOffset } from '../clock';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET whose answer depends only on the caller and the URL: kept until its school changes. */
    cacheable?: boolean;
  }
  interface FastifyRequest {
    responseSlot: ResponseSlot | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Whether an Accept-Encoding header takes gzip: named (x-gzip too) with q > 0, else `*` with q > 0. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of String(header).toLowerCase().split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const wanted = !q || Number(q.slice(2)) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return wanted;
    if (coding === '*') star = wanted;
  }
  return star;
}

export interface ResponseCacheOptions {
  /**
   * When the school's today ends on the server's clock (epoch ms), null for no such school: given
   * by buildApp (server/services/school-time.ts, `schoolDayEnd`), since the cache sits below the
   * services and never imports them (eslint.config.js, docs/ARCHITECTURE.md "Caches").
   */
  schoolDayEnd: (schoolId: number) => Promise<number | null>;
}

export const responseCache = fp<ResponseCacheOptions>(async (app: FastifyInstance, opts) => {
  const cache = app.hotCache;
  app.decorateRequest('responseSlot', null);

  /** The answer's key when the request may be answered from (and kept in) the cache, else null. */
  const keyOf = (req: FastifyRequest): string | null => {
    if (!req.routeOptions.config.cacheable || req.method !== 'GET') return null;
    const auth = req.auth;
    if (!auth || !cache.ready) return null;
    // A guardian belongs to no school: their answers are their children's schools' (below).
    if (auth.schoolId === null && auth.userType !== USER_TYPES.guardian) return null;
    // The clock's setting (server/clock.ts) is part of the key: an answer of today is not one of
    // the day a test or a demo moves the clock to.
    return `${auth.userId} ${req.url}${clockOffset() ? ` @${clockOffset()}` : ''}`;
  };

  // A hit is answered before the schema's validation: the same user's same URL was validated
  // before its answer was kept, and validation depends on the URL alone. The guard (onRequest) and
  // the NUL check (strict-input, an earlier preValidation hook) have run as for any request.
  app.addHook('preValidation', async (req, reply) => {
    const key = keyOf(req);
    if (key === null) return;
    // A hit may be sent gzipped, so every answer of a kept read varies by Accept-Encoding.
    reply.header('vary', 'accept-encoding');
    const hit = cache.responses.get(key);
    if (!hit) return;
    cache.stats.hits += 1;
    reply.header('content-type', JSON_TYPE);
    const packed = acceptsGzip(req.headers['accept-encoding']) ? gzippedOf(hit) : null;
    if (packed) {
      reply.header('content-encoding', 'gzip');
      return reply.send(packed);
    }
    return reply.send(hit.body);
  });

  // A miss, once the input is valid: where its answer goes when it is done.
  app.addHook('preHandler', async (req) => {
    const key = keyOf(req);
    if (key === null) return;
    cache.stats.misses += 1;
    const auth = req.auth!;
    const schoolIds = auth.schoolId !== null ? [auth.schoolId] : await guardianSchools(app.db, auth.userId);
    let until = Infinity;
    for (const id of schoolIds) {
      const dayEnd = await opts.schoolDayEnd(id);
      if (dayEnd === null) return;
      // The school's midnight on the server's clock, as a moment of the real clock the cache keeps time by.
      until = Math.min(until, dayEnd - clockOffset());
    }
    req.responseSlot = cache.responseSlot(key, auth.userId, schoolIds, until);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const slot = req.responseSlot;
    if (slot) {
      if (reply.statusCode === 200 && typeof payload === 'string') cache.storeResponse(slot, payload);
      return payload;
    }
    // A write: whatever it changed, its school's answers go before the writer hears back. A user of
    // no one school (a super admin) may have changed any school. What else was computed from the
    // rows it wrote (a section's results, routine labels) goes by the write's own notifications,
    // which name the tables and sections; server/app.ts waits until they are applied here too.
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.auth && reply.statusCode < 400) {
      // A guardian writes only their own settings and payments (whose ledger entries the database
      // announces): their own next read is what must not be the old one.
      if (req.auth.schoolId === null && req.auth.userType === USER_TYPES.guardian)
        cache.dropUserAnswers([req.auth.userId]);
      else cache.dropAnswers(req.auth.schoolId === null ? null : [req.auth.schoolId]);
    }
    return payload;
  });
});
