/**
 * Sending the queue: back online (the `online` event) or when the app opens, the
 * signed-in user's queued submissions (attendance and marks, one queue) go out in the order they were made, without the teacher
 * doing anything. Each is sent with its own idempotency key, so a send whose answer was lost is
 * answered, not applied, the second time (the server also dedupes by the key long after).
 *
 * - A network or server failure (status 0, 5xx) stops the round: the rest wait for the next.
 * - A refusal (4xx: the window closed, the class moved) will not succeed by itself: the item stays,
 *   marked with the server's words, for the teacher to read and discard (the banner says what to do).
 * - Every answer tells what happened (saved, corrected, duplicate, or kept: an admin's correction
 *   or a later taking stands; for marks, how many marks someone changed after the teacher entered
 *   them, whose newer marks stand); listeners (the open screen, the banner) show it.
 */
import { errorMessage, errorStatus } from '@/api/client';
import { takeAttendance } from '@/api/attendance';
import type { TakeAttendanceResponse } from '@/api/schemas/attendance';
import type { ExamMarkSaved } from '@/api/schemas/exams';
import { saveMarks } from '@/api/exams';
import { markRefused, queuedItems, removeQueued, type QueuedAttendance, type QueuedMarks } from './store';

export type SyncEvent =
  | { type: 'syncing'; key: string }
  | { type: 'synced'; key: string; kind: 'attendance'; item: QueuedAttendance; result: TakeAttendanceResponse }
  | { type: 'synced'; key: string; kind: 'marks'; item: QueuedMarks; result: ExamMarkSaved }
  | { type: 'failed'; key: string; code: string; message: string; retryable: boolean };

const listeners = new Set<(event: SyncEvent) => void>();
let running: Promise<void> | null = null;

/** What the school decided about items sent in this app's life, for a banner that mounts later. */
export interface Decided {
  key: string;
  label: string;
  outcome: 'sent' | 'keptAdmin' | 'keptLater' | 'keptMarks';
  /** keptMarks: how many of the queued marks were not written (newer ones stood). */
  n?: number;
}
/**
 * `sent`: the periods (`routine_id|date`) whose queued taking the school answered in this app's
 * life, whatever the outcome (saved, a duplicate, or someone else's marks stand): the list of
 * classes says them taken even when it was read from the device's older copy.
 */
let view: { sending: boolean; decided: Decided[]; sent: ReadonlySet<string> } = {
  sending: false,
  decided: [],
  sent: new Set(),
};
export const sentPeriodKey = (routineId: number, date: string) => `${routineId}|${date}`;

export function onSync(listener: (event: SyncEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
/** The banner's view: sending now, and the decisions not yet dismissed. */
export const syncView = () => view;
export function dismissDecided(key?: string) {
  // Without a key (sign-out): everything of this user's sends goes.
  view = key
    ? { ...view, decided: view.decided.filter((d) => d.key !== key) }
    : { ...view, decided: [], sent: new Set() };
  listeners.forEach((l) => l({ type: 'failed', key: '', code: '', message: '', retryable: true }));
}
const emit = (event: SyncEvent) => {
  if (event.type === 'syncing') view = { ...view, sending: true };
  else view = { ...view, sending: false };
  if (event.type === 'synced') {
    const decided: Decided =
      event.kind === 'marks'
        ? (event.result.kept?.length ?? 0) > 0
          ? { key: event.key, label: event.item.label, outcome: 'keptMarks', n: event.result.kept!.length }
          : { key: event.key, label: event.item.label, outcome: 'sent' }
        : {
            key: event.key,
            label: event.item.label,
            outcome:
              event.result.outcome === 'kept_admin'
                ? 'keptAdmin'
                : event.result.outcome === 'kept_later'
                  ? 'keptLater'
                  : 'sent',
          };
    view = { ...view, decided: [...view.decided, decided] };
    if (event.kind === 'attendance')
      view = {
        ...view,
        sent: new Set(view.sent).add(sentPeriodKey(event.item.input.routine_id, event.item.input.date)),
      };
  }
  listeners.forEach((l) => l(event));
};

const codeOf = (error: unknown) =>
  error && typeof error === 'object' && 'code' in error && typeof error.code === 'string' ? error.code : 'network';

/** Whether a failed send may succeed later as it is (network, server trouble, the key still busy). */
export const retryableSend = (error: unknown) => {
  const status = errorStatus(error);
  return status === 0 || status >= 500 || codeOf(error) === 'idempotency_in_progress';
};

/** Send what is queued, oldest first; a round already under way is joined, not doubled. */
export function syncQueue(): Promise<void> {
  running ??= sendAll().finally(() => {
    running = null;
  });
  return running;
}

async function sendAll() {
  for (const item of await queuedItems()) {
    if (item.refused || item.seq === undefined) continue;
    emit({ type: 'syncing', key: item.key });
    try {
      if (item.kind === 'marks') {
        // Marks: the server saves them (but not over marks someone changed after `entered_at`),
        // or refuses them (e.g. results published meanwhile: locked).
        const result = await saveMarks(item.input, { idempotencyKey: item.key });
        await removeQueued(item.seq);
        emit({ type: 'synced', key: item.key, kind: 'marks', item, result });
        continue;
      }
      const result = await takeAttendance({ ...item.input, idempotencyKey: item.key }, item.input.time);
      await removeQueued(item.seq);
      emit({ type: 'synced', key: item.key, kind: 'attendance', item, result });
    } catch (error) {
      const failure = { code: codeOf(error), message: errorMessage(error) };
      if (retryableSend(error)) {
        emit({ type: 'failed', key: item.key, ...failure, retryable: true });
        return;
      }
      await markRefused(item.seq, failure);
      emit({ type: 'failed', key: item.key, ...failure, retryable: false });
    }
  }
}
