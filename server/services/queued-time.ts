/**
 * The bounds of a time a phone claims for something it kept while offline: a queued
 * attendance's `taken_at` (services/attendance.ts) and a queued mark save's `entered_at`
 * (services/exams.ts). The phone's clock is believed within these bounds only:
 * - not in the future (a phone clock up to QUEUED_CLOCK_SKEW_MS fast is tolerated);
 * - not older than QUEUED_MAX_AGE_DAYS (after that the school admin corrects it).
 * Each caller words the refusal for its own field.
 */
import { DateTime } from 'luxon';
import { clock } from '../clock';

/** How long after its claimed time a queued submission is still accepted. */
export const QUEUED_MAX_AGE_DAYS = 7;
/** How far ahead of the server's clock a phone's clock may run. */
export const QUEUED_CLOCK_SKEW_MS = 5 * 60_000;

export type QueuedTimeProblem = 'invalid' | 'future' | 'too_old';

/** What is wrong with a claimed time (an ISO instant), or null when it is within the bounds. */
export function queuedTimeProblem(
  iso: string,
  now: DateTime = DateTime.fromMillis(clock.now()),
): QueuedTimeProblem | null {
  const at = DateTime.fromISO(iso, { setZone: true });
  if (!at.isValid) return 'invalid';
  if (at.toMillis() > now.toMillis() + QUEUED_CLOCK_SKEW_MS) return 'future';
  if (now.diff(at, 'days').days > QUEUED_MAX_AGE_DAYS) return 'too_old';
  return null;
}
