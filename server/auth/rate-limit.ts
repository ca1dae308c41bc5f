/**
 * Failed sign-in counter, per id and per client address, in a sliding window. Kept in memory: one
 * server process serves a school, and a restart forgiving old failures is acceptable.
 */
export class LoginLimiter {
  private failures = new Map<string, number[]>();
  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(keys: string[], factor = 1): number {
    let wait = 0;
    for (const key of keys) {
      const list = this.recent(key);
      if (list.length >= this.maxFailures * factor) {
        wait = Math.max(wait, Math.ceil((list[0] + this.windowMs - this.now()) / 1000));
      }
    }
    return wait;
  }

  fail(keys: string[]) {
    for (const key of keys) {
      const list = this.recent(key);
      list.push(this.now());
      this.failures.set(key, list);
    }
  }

  succeed(keys: string[]) {
    for (const key of keys) this.failures.delete(key);
  }
}
