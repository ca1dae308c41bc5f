/**
 * The server's one clock: every rule that asks "what time is it" (today's date in a school's time
 * zone, attendance and correction windows, a queued roll's age, the demo seed's today) reads
 * `clock.now()`, never `Date.now()` directly. Timings of work (durations, timeouts, rate windows
 * the database keeps) may use the real clock.
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
