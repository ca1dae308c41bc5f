/**
 * The server's one clock: every rule that asks "what time is it" (today's date in a school's time
 * zone, attendance and correction windows, a queued roll's age, the demo seed's today) reads
 * `clock.now()`, never `Date.now()` directly. So do the times those rules compare: a taking's
 * and a correction's time (services/attendance.ts), a mark change's time against a queued save's
 * `entered_at` (services/exams.ts), whether an online class is live or ended (services/eschool.ts),
 * the late-fee sweep's first sift (services/fees.ts). SQL never computes a school's today with
 * `current_date` or `now()`: the clock's value goes in as a parameter.
 *
 * On the real clock on purpose (they measure the passing of time, not the school's day): sessions
 * and their expiry, login rate windows and lockouts, two-factor codes, idempotency keys' expiry,
 * upload quotas and creation budgets, the outbox's claim leases, the file sweep's grace period,
 * caches' lifetimes, timeouts, and record-keeping stamps nothing compares (created_at, updated_at,
 * published_at, revoked_at).
 *
 * It runs with the real clock unless `CLOCK_START` (an ISO date-time) is configured: then the
 * server's time starts at that instant when the process starts and runs forward at the normal
 * pace. The end-to-end suite uses it to run the school day's flows on a school day of the seeded
 * week, whatever today is; server tests move it with `setClock` (or `vi.spyOn(clock, 'now')`).
 * Production never sets it (the server says so at start when it is set).
 */
let offsetMs = 0;

export const clock = {
  now: (): number => Date.now() + offsetMs,
};

/** From now on the clock reads `iso` and runs forward from there; `null` goes back to the real clock. */
export function setClock(iso: string | null): void {
  if (iso === null) {
    offsetMs = 0;
    return;
  }
  const at = Date.parse(iso);
  if (Number.isNaN(at)) throw new Error(`Not a date-time: ${iso}`);
  offsetMs = at - Date.now();
}

/**
 * How far the clock is set from the real one (ms; 0 on the real clock). Whatever is kept until a
 * moment of the clock (a cached answer until the school's midnight) is kept on the real clock by
 * subtracting it, and keyed on it, so moving the clock never serves an answer of another day.
 */
export const clockOffset = (): number => offsetMs;
