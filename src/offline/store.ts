/**
 * The teacher's day on the device, in IndexedDB through `idb`:
 * - `snapshots`: what the teacher last read while online (today's periods, each period's roster),
 *   so the same screens open with no network;
 * - `queue`: submissions made with no network (attendance, and marks of a mark-entry sheet), in
 *   the order they were made, each with the idempotency key it will be sent with and the moment
 *   the teacher confirmed it.
 *
 * Every record carries the user it belongs to: one user never reads another's, and sign-out
 * deletes the user's records (and, on a shared phone, everyone's: `clearOfflineStore`). The store
 * knows the signed-in user through `setOfflineUser` (the session bridge sets it), so callers that
 * are pure machines need not thread it through.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TakeAttendanceInput } from '@/api/attendance';
import type { ExamMarkBody } from '@/api/schemas/exams';

export const OFFLINE_DB_NAME = 'pathshala-offline';

export interface Snapshot<T = unknown> {
  /** `${userId}|${what}` */
  id: string;
  userId: string;
  data: T;
  savedAt: string;
}

export interface QueuedAttendance {
  /** Set by IndexedDB: the queue's order. */
  seq?: number;
  userId: string;
  kind: 'attendance';
  /** The Idempotency-Key every attempt is sent with. */
  key: string;
  /** When the teacher confirmed (ISO instant): the taking time the server is told. */
  takenAt: string;
  /** The request (its `taken_at` and `time` filled in). */
  input: TakeAttendanceInput & { taken_at: string; time: string };
  /** What the teacher recognises it by ("P1 · Bangla · Class 6 A, 24-11-2026"). */
  label: string;
  /** The last attempt was refused: the server's code and words (it is not sent again by itself). */
  refused?: { code: string; message: string } | null;
}

/** Marks saved on a mark-entry sheet with no network: sent in the same queue, in order. */
export interface QueuedMarks {
  seq?: number;
  userId: string;
  kind: 'marks';
  /** The Idempotency-Key every attempt is sent with. */
  key: string;
  /** When the teacher confirmed the save (ISO instant): the request's `entered_at`. */
  takenAt: string;
  /**
   * The request: the exam, its subject, the changed marks and `entered_at` (items queued before
   * it was added lack it, and are sent as they were: the same key with another body is refused).
   */
  input: ExamMarkBody;
  /** What the teacher recognises it by ("Half Yearly · Bangla · Class 6 A"). */
  label: string;
  refused?: { code: string; message: string } | null;
}

/** Anything the queue keeps: attendance and marks share one queue, sent in the order they were made. */
export type QueuedItem = QueuedAttendance | QueuedMarks;

/** What a caller queues (the store adds the order and the user); `Omit` kept per kind. */
export type NewQueuedItem = Omit<QueuedAttendance, 'seq' | 'userId'> | Omit<QueuedMarks, 'seq' | 'userId'>;

interface OfflineDb extends DBSchema {
  snapshots: { key: string; value: Snapshot; indexes: { byUser: string } };
  queue: { key: number; value: QueuedItem; indexes: { byUser: string; byKey: string } };
}

let dbPromise: Promise<IDBPDatabase<OfflineDb>> | null = null;
let currentUser: string | null = null;
const listeners = new Set<() => void>();

function db(): Promise<IDBPDatabase<OfflineDb>> {
  dbPromise ??= openDB<OfflineDb>(OFFLINE_DB_NAME, 1, {
    upgrade(d) {
      const snapshots = d.createObjectStore('snapshots', { keyPath: 'id' });
      snapshots.createIndex('byUser', 'userId');
      const queue = d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('byUser', 'userId');
      queue.createIndex('byKey', 'key', { unique: true });
    },
    blocking() {
      // Another tab upgrades or deletes the database: let it.
      void dbPromise?.then((d) => d.close());
      dbPromise = null;
    },
  });
  return dbPromise;
}

/** IndexedDB is missing (old browser, private mode in some): the app works online only. */
export const offlineAvailable = () => typeof indexedDB !== 'undefined';

/** The signed-in user whose day is kept (null when nobody is). */
export function setOfflineUser(userId: string | null) {
  if (currentUser === userId) return;
  currentUser = userId;
  changed();
}
export function offlineUser(): string | null {
  return currentUser;
}

/** Called when the queue changes (a screen's banner, the sign-out warning). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

// ------------------------------------------------------------------ snapshots

export async function saveSnapshot<T>(what: string, data: T): Promise<void> {
  if (currentUser === null || !offlineAvailable()) return;
  const userId = currentUser;
  await (await db()).put('snapshots', { id: `${userId}|${what}`, userId, data, savedAt: new Date().toISOString() });
}

export async function readSnapshot<T>(what: string): Promise<T | undefined> {
  if (currentUser === null || !offlineAvailable()) return undefined;
  const row = await (await db()).get('snapshots', `${currentUser}|${what}`);
  return row?.data as T | undefined;
}

// ------------------------------------------------------------------ the queue

export async function enqueue(item: NewQueuedItem): Promise<void> {
  if (currentUser === null) throw new Error('Nobody is signed in');
  const d = await db();
  // The same submission is queued once (a double press, a retry of the queueing itself).
  if (!(await d.getFromIndex('queue', 'byKey', item.key))) await d.add('queue', { ...item, userId: currentUser });
  changed();
}

/** The signed-in user's unsent items, oldest first. */
export async function queuedItems(): Promise<QueuedItem[]> {
  if (currentUser === null || !offlineAvailable()) return [];
  const rows = await (await db()).getAllFromIndex('queue', 'byUser', currentUser);
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export async function removeQueued(seq: number): Promise<void> {
  await (await db()).delete('queue', seq);
  changed();
}

export async function markRefused(seq: number, refused: { code: string; message: string }): Promise<void> {
  const d = await db();
  const item = await d.get('queue', seq);
  if (item) await d.put('queue', { ...item, refused });
  changed();
}

/** Sign-out: nothing of anyone's day stays on the device. */
export async function clearOfflineStore(): Promise<void> {
  if (!offlineAvailable()) return;
  const d = await db();
  const tx = d.transaction(['snapshots', 'queue'], 'readwrite');
  await Promise.all([tx.objectStore('snapshots').clear(), tx.objectStore('queue').clear(), tx.done]);
  changed();
}

/** Tests: forget the open connection (fake-indexeddb is replaced between tests). */
export function resetOfflineStoreForTests() {
  dbPromise = null;
  currentUser = null;
  listeners.clear();
}
