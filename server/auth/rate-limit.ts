/**
 * The sign-in limiter: keeps guessing slow without handing out lock-outs. What others do never makes
 * the right password fail: at worst it waits (at most LOGIN_DELAY_MAX_MS) or is asked to try again
 * in a few seconds (429 with Retry-After, while the same account is being checked).
 *
 * - Per account, failures within the window slow that account's checks down: after `delayAfter`
 *   failures each attempt waits `delayBaseMs`, doubling with every further failure, and never more
 *   than `delayMaxMs`, however many attempts run at once. An attempt counts as a failure until it
 *   succeeds, so a burst of guesses meets the longest wait at once; a success forgets the account's
 *   failures. Sign-ins and the current-password check of a password change share the budget.
 * - Per account, one check at a time (in each server process). An attempt that arrives while
 *   another of its account is being checked waits its own delay meanwhile and goes next; when a
 *   newer attempt arrives before its turn, the older waiting one is answered at once with 429 and
 *   Retry-After (AccountBusy), no password hashed. So N parallel guesses buy one check per turn,
 *   not N queued hashes, and an attempt made after a burst (the owner's, typed after it) is checked
 *   within its delay plus one check, never behind the whole burst. Someone who keeps a flood going
 *   at one account can keep that account's owner trying again; they learn nothing by it, and the
 *   flood gets one guess per delay. With WORKERS > 1 each process keeps its own turn.
 * - Per client address only failures count, and past `maxPerAddress` the address is not refused:
 *   each of its attempts waits `delayMaxMs` before the check, the right password signs in, and a
 *   wrong one is answered 429 with Retry-After (AddressLimited) rather than 401. So a school's NAT
 *   where one pupil guesses still lets every teacher in, while guessing from there stays slow.
 *   Behind a proxy the address is the client's only when the proxy is trusted (TRUST_PROXY); a
 *   request with X-Forwarded-For and no trusted proxy logs a warning once (everyone behind that
 *   proxy is then one address).
 * - The counts live in the database (login_failures), so several server processes share one budget
 *   and a restart forgets nothing; memory does not grow with the number of keys (turns are kept
 *   only while attempts run). Old rows are purged (purgeLoginFailures, run periodically).
 * - Waiting awaits a timer: other requests go on meanwhile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { affectedRows, type DbOrTx } from '../db/client';
import { loginFailures } from '../db/schema';
import { rowsOf } from '../db/rows';
import { ApiError } from '../errors';
import { setHashQueueLimit } from './passwords';

export interface LoginLimits {
  windowMs: number;
  delayAfter: number;
  delayBaseMs: number;
  delayMaxMs: number;
  maxPerAddress: number;
}

export const limitsFromConfig = (config: Config): LoginLimits => ({
  windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
  delayAfter: config.LOGIN_DELAY_AFTER_FAILURES,
  delayBaseMs: config.LOGIN_DELAY_BASE_MS,
  delayMaxMs: config.LOGIN_DELAY_MAX_MS,
  maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
});

/** The wait before an account's next attempt, given its failures within the window. */
export function delayFor(failures: number, limits: LoginLimits): number {
  if (failures < limits.delayAfter) return 0;
  const doublings = Math.min(failures - limits.delayAfter, 30);
  return Math.min(limits.delayMaxMs, limits.delayBaseMs * 2 ** doublings);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * A wrong password from an address over its bound; `retryAfter` (seconds) is when its oldest
 * failure leaves the window. The Retry-After header is set from it (see loginLimits).
 */
export class AddressLimited extends ApiError {
  constructor(readonly retryAfter: number) {
    super(
      429,
      'too_many_requests',
      `Too many failed sign-ins from this network. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
    );
  }
}

/** Another attempt at the same account is being checked; `retryAfter` (seconds) is about when it ends. */
export class AccountBusy extends ApiError {
  constructor(readonly retryAfter: number) {
    super(
      429,
      'too_many_requests',
      `Another sign-in to this account is being checked. Try again in ${retryAfter} second(s).`,
    );
  }
}

export interface LoginAttempt {
  accountKey: string;
  address: string;
  /** The delay this attempt was given (never more than delayMaxMs), in ms. */
  delay: number;
  /** How long this attempt waited before the password was checked (its delay and its turn), in ms. */
  waited: number;
  /** The address is over its bound: a wrong password is answered with AddressLimited. */
  addressLimited: AddressLimited | null;
  /** The attempt's row in login_failures (it stays as a failure unless the attempt succeeds or never ran). */
  rowId: number;
  outcome: 'pending' | 'failed' | 'succeeded' | 'abandoned';
}

const addressKey = (address: string) => `ip:${address}`;
/** A check (hash, second factor, a few statements) is expected to end within this after its delay. */
const CHECK_MS = 1000;

interface Turn {
  /** About when the attempt holding the turn is done (ms since the epoch). */
  until: number;
  /** The one attempt waiting for the turn, if any. */
  next: { readyAt: number; go: () => void; refuse: (err: Error) => void } | null;
}

export class LoginLimiter {
  private readonly turns = new Map<string, Turn>();
  private readonly byOwner = new WeakMap<object, LoginAttempt>();

  constructor(
    private readonly db: DbOrTx,
    readonly limits: LoginLimits,
  ) {}

  private since() {
    return sql`now() - ${this.limits.windowMs} * interval '1 millisecond'`;
  }

  /**
   * Start an attempt for `accountKey` from `address`: records it as the account's failure until it
   * succeeds, waits the account's delay (the longest, when the address is over its bound) and the
   * account's turn. Throws AccountBusy when a newer attempt at the account took its place. `owner`
   * (the request) lets `finish` end the attempt whatever happens to the request.
   */
  async begin(accountKey: string, address: string, owner?: object): Promise<LoginAttempt> {
    const started = Date.now();
    const [byAddress] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${loginFailures.failedAt})::text`,
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, addressKey(address)), gt(loginFailures.failedAt, this.since())));
    let addressLimited: AddressLimited | null = null;
    if (byAddress.count >= this.limits.maxPerAddress) {
      const oldest = byAddress.oldest ? Date.parse(byAddress.oldest) : Date.now();
      addressLimited = new AddressLimited(seconds(oldest + this.limits.windowMs - Date.now()));
    }
    // Insert this attempt and count the account's earlier failures in one statement: the count's
    // snapshot does not include the row being inserted, but does include concurrent attempts'.
    const [row] = rowsOf<{ id: number | string; before: number | string }>(
      await this.db.execute(sql`
      with mine as (insert into ${loginFailures} (key) values (${accountKey}) returning id)
      select (select id from mine) as id, count(*)::int as before from ${loginFailures}
      where ${loginFailures.key} = ${accountKey} and ${loginFailures.failedAt} > ${this.since()}
    `),
    );
    const accountDelay = delayFor(Number(row?.before ?? 0), this.limits);
    const delay = addressLimited ? this.limits.delayMaxMs : accountDelay;
    const attempt: LoginAttempt = {
      accountKey,
      address,
      delay,
      waited: 0,
      addressLimited,
      rowId: Number(row.id),
      outcome: 'pending',
    };
    try {
      await this.takeTurn(accountKey, delay);
    } catch (err) {
      // Never checked: not a failure.
      await this.db.delete(loginFailures).where(eq(loginFailures.id, attempt.rowId));
      throw err;
    }
    attempt.waited = Date.now() - started;
    if (owner) this.byOwner.set(owner, attempt);
    return attempt;
  }

  /** Wait `delay` and the account's turn, whichever ends later; a newer attempt takes our place. */
  private async takeTurn(key: string, delay: number): Promise<void> {
    const now = Date.now();
    const turn = this.turns.get(key);
    if (!turn) {
      this.turns.set(key, { until: now + delay + CHECK_MS, next: null });
      if (delay > 0) await sleep(delay);
      return;
    }
    turn.next?.refuse(new AccountBusy(seconds(turn.until - now)));
    const ours = new Promise<void>((go, refuse) => {
      turn.next = { readyAt: now + delay, go, refuse };
    });
    const timer = new AbortController();
    try {
      await Promise.all([ours, delay > 0 ? sleep(delay, undefined, { signal: timer.signal }) : undefined]);
    } catch (err) {
      timer.abort();
      throw err;
    }
  }

  /** The attempt holding the account's turn is done: the waiting one (if any) goes next. */
  private release(key: string) {
    const turn = this.turns.get(key);
    if (!turn) return;
    const next = turn.next;
    if (!next) {
      this.turns.delete(key);
      return;
    }
    turn.next = null;
    turn.until = Math.max(Date.now(), next.readyAt) + CHECK_MS;
    next.go();
  }

  /** A wrong password (or unknown id): the account's row stays, and the address gets one. */
  async failed(attempt: LoginAttempt): Promise<void> {
    if (attempt.outcome !== 'pending') return;
    attempt.outcome = 'failed';
    this.release(attempt.accountKey);
    await this.db.insert(loginFailures).values({ key: addressKey(attempt.address) });
  }

  /** The right password: the account's failures are forgotten (the address's are not). */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    if (attempt.outcome !== 'pending') return;
    attempt.outcome = 'succeeded';
    this.release(attempt.accountKey);
    await this.db.delete(loginFailures).where(eq(loginFailures.key, attempt.accountKey));
  }

  /**
   * The request that began an attempt is over (a route's onResponse): an attempt that neither
   * failed nor succeeded (an error, a full hash queue) gives up its turn and is no failure.
   */
  async finish(owner: object): Promise<void> {
    const attempt = this.byOwner.get(owner);
    if (!attempt) return;
    this.byOwner.delete(owner);
    if (attempt.outcome !== 'pending') return;
    attempt.outcome = 'abandoned';
    this.release(attempt.accountKey);
    await this.db.delete(loginFailures).where(eq(loginFailures.id, attempt.rowId));
  }
}

/**
 * The limiter as the app's `loginLimiter`, with what goes around it: the hash queue's bound from
 * the configuration, Retry-After on every refusal that says when to come back (an error with a
 * `retryAfter` in seconds), and the one warning about X-Forwarded-For nobody trusts.
 */
export const loginLimits = fp(async (app: FastifyInstance) => {
  const config = app.config;
  if (!app.hasDecorator('loginLimiter')) {
    app.decorate('loginLimiter', new LoginLimiter(app.db, limitsFromConfig(config)));
  }
  setHashQueueLimit(config.PASSWORD_HASH_QUEUE);

  app.addHook('onError', async (_req, reply, error) => {
    const retryAfter = (error as { retryAfter?: unknown }).retryAfter;
    if (typeof retryAfter === 'number' && Number.isFinite(retryAfter)) {
      reply.header('retry-after', String(seconds(retryAfter * 1000)));
    }
  });

  if (config.TRUST_PROXY.length === 0) {
    let warned = false;
    app.addHook('onRequest', async (req) => {
      if (warned || req.headers['x-forwarded-for'] === undefined) return;
      warned = true;
      app.log.warn(
        { remoteAddress: req.socket?.remoteAddress },
        'A request came with X-Forwarded-For, but TRUST_PROXY is empty: every client behind that proxy counts ' +
          'as one address for the sign-in limiter. Set TRUST_PROXY to the proxy’s address.',
      );
    });
  }
});

/** Forget failures older than the window; returns how many rows went. */
export async function purgeLoginFailures(db: DbOrTx, windowMs: number): Promise<number> {
  return affectedRows(
    await db
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, sql`now() - ${windowMs} * interval '1 millisecond'`)),
  );
}
