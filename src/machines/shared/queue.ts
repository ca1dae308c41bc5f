/**
 * The outcomes of a write kept on the device (docs/ARCHITECTURE.md, "Offline": attendance and
 * marks taken without a network wait in IndexedDB and are sent, oldest first, once online).
 * Attendance and mark entry walk the same path after a save the network failed:
 *
 *   queueing ─> queued ─sync.start─> syncing ─┬─> synced      (applied)
 *                  ^                   │       ├─> kept        (applied; someone's later change stands)
 *                  └──── network ──────┘       ├─> conflict    (the server kept another save)
 *                                              └─> syncRefused (refused: its words are shown)
 *
 * Each of those states carries `queueTags(outcome)`: the `queue` tag (the screen shows the
 * queued card) and `queue.<outcome>`; `queueOutcome(snapshot)` reads them back, so a screen asks
 * the tags, not the machine's state names. `notSent(error)` is the rule that puts a save on the
 * queue: no answer at all (status 0), so the server cannot have it.
 */
import { errorStatus } from '@/api/client';

export const QUEUE_OUTCOMES = ['queueing', 'queued', 'syncing', 'synced', 'kept', 'conflict', 'syncRefused'] as const;
export type QueueOutcome = (typeof QUEUE_OUTCOMES)[number];

/** The tag every state on the queue's path carries. */
export const QUEUE_TAG = 'queue';
export type QueueTag = typeof QUEUE_TAG | `queue.${QueueOutcome}`;

/** The tags of a state on the queue's path (`busy` is the machine's to add). */
export const queueTags = <T extends QueueOutcome>(outcome: T): [typeof QUEUE_TAG, `queue.${T}`] => [
  QUEUE_TAG,
  `queue.${outcome}`,
];

/** Where the kept write stands, or null when the flow is not on the queue's path. */
export function queueOutcome(snapshot: { hasTag: (tag: never) => boolean }): QueueOutcome | null {
  const has = snapshot.hasTag as (tag: string) => boolean;
  if (!has.call(snapshot, QUEUE_TAG)) return null;
  return QUEUE_OUTCOMES.find((o) => has.call(snapshot, `queue.${o}`)) ?? null;
}

/** The save never reached the server (no answer at all): it may wait on the device's queue. */
export const notSent = (error: unknown): boolean => errorStatus(error) === 0;
