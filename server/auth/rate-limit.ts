/**
 * The sign-in limiter: keeps guessing slow without handing out lock-outs.
 *
 * - Per account, failures within the window slow that account's sign-ins down: after
 *   `delayAfter` failures each attempt waits `delayBaseMs`, doubling with every further failure up
 *   to `delayMaxMs`. Nobody is refused: the right password, from anywhere, still signs in after the
 *   wait, and a success forgets the account's failures. An attempt counts itself before it waits,
 *   so concurrent guesses at one account wait longer and longer instead of all at once.
 * - Per client address only failures count, with a high bound (`maxPerAddress`); past it that
 *   address gets 429 with Retry-After until its oldest failure leaves the window. Behind a proxy
 *   the address is the client's only when the proxy is trusted (TRUST_PROXY), so one school's
 *   proxy is not one address for all of its people.
 * - The counts live in the database (login_failures), so several server processes share one budget
 *   and a restart forgets nothing; memory does not grow with the number of keys. Old rows are
 *   purged (purgeLoginFailures, run periodically).
 * - Waiting awaits a timer: other requests go on meanwhile.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { affectedRows, type DbOrTx } from '../db/client';
import { loginFailures } from '../db/schema';

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

/** Thrown when an address is over its bound; `retryAfter` is in seconds. */
export class AddressLimited extends Error {
  constructor(readonly retryAfter: number) {
    super('Too many failed sign-ins from this address.');
  }
}

export interface LoginAttempt {
  accountKey: string;
  address: string;
  /** How long this attempt waited before the password was checked, in ms. */
  waited: number;
}

const addressKey = (address: string) => `ip:${address}`;

export class LoginLimiter {
  constructor(
    private readonly db: DbOrTx,
    readonly limits: LoginLimits,
  ) {}

  private since() {
    return sql`now() - ${this.limits.windowMs} * interval '1 millisecond'`;
  }

  /**
   * Start an attempt for `accountKey` from `address`: refuses (AddressLimited) an address over its
   * bound, otherwise records the attempt as the account's failure until it succeeds, and waits the
   * account's delay.
   */
  async begin(accountKey: string, address: string): Promise<LoginAttempt> {
    const [byAddress] = await this.db
      .select({
        count: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${loginFailures.failedAt})::text`,
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, addressKey(address)), gt(loginFailures.failedAt, this.since())));
    if (byAddress.count >= this.limits.maxPerAddress) {
      const oldest = byAddress.oldest ? Date.parse(byAddress.oldest) : Date.now();
      throw new AddressLimited(Math.max(1, Math.ceil((oldest + this.limits.windowMs - Date.now()) / 1000)));
    }
    // Insert this attempt and count the account's earlier failures in one statement: the count's
    // snapshot does not include the row being inserted, but does include concurrent attempts'.
    const result = (await this.db.execute(sql`
      with mine as (insert into ${loginFailures} (key) values (${accountKey}) returning id)
      select count(*)::int as before from ${loginFailures}
      where ${loginFailures.key} = ${accountKey} and ${loginFailures.failedAt} > ${this.since()}
    `)) as unknown as { rows: { before: number | string }[] };
    const waited = delayFor(Number(result.rows[0]?.before ?? 0), this.limits);
    if (waited > 0) await sleep(waited);
    return { accountKey, address, waited };
  }

  /** A wrong password (or unknown id): the account's row stays, and the address gets one. */
  async failed(attempt: LoginAttempt): Promise<void> {
    await this.db.insert(loginFailures).values({ key: addressKey(attempt.address) });
  }

  /** The right password: the account's failures are forgotten (the address's are not). */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.key, attempt.accountKey));
  }
}

/** Forget failures older than the window; returns how many rows went. */
export async function purgeLoginFailures(db: DbOrTx, windowMs: number): Promise<number> {
  return affectedRows(
    await db
      .delete(loginFailures)
      .where(lt(loginFailures.failedAt, sql`now() - ${windowMs} * interval '1 millisecond'`)),
  );
}
