/**
 * The offline part of the app, mounted once inside the session provider:
 * - the offline store follows the signed-in user; the profile the server confirmed is kept so
 *   the app opens without a network (src/machines/session.machine.ts, `opensOffline`);
 * - a teacher's day (today's periods and rosters) is kept while online;
 * - the queue sends itself when the app opens and on every `online` event; a sent item
 *   refreshes the attendance screens;
 * - sign-out deletes the offline store, the kept profile and any cached API answer; with unsent
 *   items it asks first (`askSignOutWithQueue`, answered by the dialog here).
 *
 * `OfflineBanner` (in the shell, above every screen) says what waits on the phone, what is being
 * sent, what the school decided, and what to do about a refusal.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { attendanceKeys } from '@/api/attendance';
import { examKeys } from '@/api/exams';
import { can } from '@/api/permissions';
import { fetchMe, saveOfflineProfile } from '@/api/session';
import { schoolToday } from '@/api/school-time';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useSession, useSessionActor } from '@/ui/session';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { keepTeachersDay } from './day';
import { isOnline, useOnline } from './network';
import {
  clearOfflineStore,
  offlineAvailable,
  onQueueChange,
  queuedItems,
  removeQueued,
  setOfflineUser,
  type QueuedItem,
} from './store';
import { dismissDecided, onSync, syncQueue, syncView } from './sync';

// ------------------------------------------------------------------ the sign-out question

let question: { n: number; resolve: (signOut: boolean) => void } | null = null;
const questionListeners = new Set<() => void>();
const notifyQuestion = () => questionListeners.forEach((l) => l());

/**
 * Before signing out: true when nothing is queued, else what the user answers to "N attendances
 * have not reached the school; signing out deletes them" (wait, or sign out anyway).
 */
export async function askSignOutWithQueue(): Promise<boolean> {
  const n = (await queuedItems().catch(() => [])).length;
  if (n === 0) return true;
  return new Promise((resolve) => {
    question?.resolve(false);
    question = { n, resolve };
    notifyQuestion();
  });
}

function answerQuestion(signOut: boolean) {
  const q = question;
  question = null;
  notifyQuestion();
  q?.resolve(signOut);
}

const subscribeQuestion = (l: () => void) => {
  questionListeners.add(l);
  return () => questionListeners.delete(l);
};

/** Every Cache Storage entry of an API answer (the worker keeps none; this makes sure). */
async function clearCachedApiAnswers() {
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.startsWith('/api')) await cache.delete(request);
    }
  }
}

// ------------------------------------------------------------------ the bridge

export function OfflineBridge() {
  const actor = useSessionActor();
  const client = useQueryClient();
  const profile = useSession((s) => (s.matches('signedIn') ? s.context.profile : null));
  const unconfirmed = useSession((s) => s.context.unconfirmed === true);
  const userType = useSession((s) => s.context.userType);
  const owner = profile ? `${profile.user_type}:${profile.user_code}` : null;

  // Sign-out: nothing of this user stays on the device.
  useEffect(() => {
    let was = actor.getSnapshot().value;
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.matches('signingOut') && was !== 'signingOut') {
        setOfflineUser(null);
        dismissDecided();
        saveOfflineProfile(null);
        void clearOfflineStore().catch(() => undefined);
        void clearCachedApiAnswers().catch(() => undefined);
      }
      was = snapshot.value;
    });
    return () => sub.unsubscribe();
  }, [actor]);

  useEffect(() => {
    if (!owner || !offlineAvailable()) return;
    setOfflineUser(owner);
    if (profile && !unconfirmed) saveOfflineProfile(profile);
    const teacherId = profile && can(userType, 'page.take-attendance') ? profile.id : null;
    const whenOnline = () => {
      if (!isOnline()) return;
      // Opened from the device's copy: the network is back, so the server confirms the sign-in
      // and the "No network" line goes (a refused sign-in ends it through the API client's 401).
      if (unconfirmed && profile)
        void fetchMe({ user_code: profile.user_code, user_type: profile.user_type })
          .then((confirmed) => actor.send({ type: 'session.confirmed', profile: confirmed }))
          .catch(() => undefined);
      // The queue first, then the day's copy: the copy read after the sync says which periods the
      // school now has, so a later start without a network does not show them as not taken.
      void syncQueue()
        .catch(() => undefined)
        .then(() => (teacherId !== null ? keepTeachersDay(teacherId, schoolToday()) : undefined))
        .catch(() => undefined);
    };
    whenOnline();
    window.addEventListener('online', whenOnline);
    const stop = onSync((event) => {
      if (event.type === 'synced')
        void client.invalidateQueries({ queryKey: event.kind === 'marks' ? examKeys.all : attendanceKeys.all });
    });
    return () => {
      window.removeEventListener('online', whenOnline);
      stop();
    };
  }, [owner, profile, unconfirmed, userType, client, actor]);

  const asked = useSyncExternalStore(subscribeQuestion, () => question);
  const { t } = useI18n();
  return (
    <ConfirmDialog
      open={asked !== null}
      title={t('shell.offline.signOutTitle')}
      tone="danger"
      confirmLabel={t('shell.offline.signOutAnyway')}
      cancelLabel={t('shell.offline.signOutWait')}
      onConfirm={() => answerQuestion(true)}
      onCancel={() => answerQuestion(false)}
    >
      <p>{t('shell.offline.signOutText', { count: asked?.n ?? 0, n: asked?.n ?? 0 })}</p>
    </ConfirmDialog>
  );
}

// ------------------------------------------------------------------ the banner

const subscribeSync = (l: () => void) => onSync(() => l());

/** The queue as the banner shows it, kept fresh by the store's and the sync's news. */
function useQueue() {
  const [items, setItems] = useState<QueuedItem[]>([]);
  const { sending, decided } = useSyncExternalStore(subscribeSync, syncView);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      void queuedItems()
        .then((rows) => live && setItems(rows))
        .catch(() => undefined);
    refresh();
    const stopQueue = onQueueChange(refresh);
    return () => {
      live = false;
      stopQueue();
    };
  }, []);
  return { items, sending, decided, dismiss: dismissDecided };
}

export function OfflineBanner() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const unconfirmed = useSession((s) => s.context.unconfirmed === true);
  const online = useOnline();
  const { items, sending, decided, dismiss } = useQueue();
  const [removing, setRemoving] = useState<QueuedItem | null>(null);
  const waiting = items.filter((i) => !i.refused);
  const refused = items.filter((i) => i.refused);
  // Marks share the queue: the words name what waits.
  const onlyAttendance = waiting.every((i) => i.kind === 'attendance');
  if (online && !unconfirmed && items.length === 0 && decided.length === 0) return null;
  return (
    <section aria-label={t('shell.offline.sending')} className="mb-4 space-y-2" data-testid="offline-banner">
      {/* Opened from the device's copy, or the network went while the page was open. */}
      {unconfirmed ? (
        <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">{t('shell.offline.unconfirmed')}</p>
      ) : !online ? (
        <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800">
          {t('shell.offline.noNetwork')}
        </p>
      ) : null}
      {waiting.length > 0 ? (
        <p
          role="status"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          {sending
            ? t(onlyAttendance ? 'shell.offline.sending' : 'shell.offline.sendingItems')
            : t(onlyAttendance ? 'shell.offline.waiting' : 'shell.offline.waitingItems', {
                count: waiting.length,
                n: waiting.length,
              })}
        </p>
      ) : null}
      {refused.map((item) => (
        <div
          key={item.key}
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200"
        >
          <p>
            {t('shell.offline.refused', {
              label: item.label,
              error: errorText({ code: item.refused!.code, message: item.refused!.message }),
            })}
          </p>
          <Button variant="ghost" className="mt-1 -ml-2" onClick={() => setRemoving(item)}>
            {t('shell.offline.remove')}
          </Button>
        </div>
      ))}
      {decided.map((d) => (
        <div
          key={d.key}
          role="status"
          className={`flex flex-wrap items-center justify-between gap-2 rounded-md px-3 py-2 text-sm ring-1 ${
            d.outcome === 'sent'
              ? 'bg-emerald-50 text-emerald-900 ring-emerald-200'
              : 'bg-amber-50 text-amber-900 ring-amber-200'
          }`}
        >
          <p>{t(`shell.offline.${d.outcome}`, { label: d.label, count: d.n ?? 0, n: d.n ?? 0 })}</p>
          <Button variant="ghost" onClick={() => dismiss(d.key)}>
            {t('shell.offline.dismiss')}
          </Button>
        </div>
      ))}
      <ConfirmDialog
        open={removing !== null}
        title={t('shell.offline.removeTitle')}
        tone="danger"
        confirmLabel={t('shell.offline.remove')}
        onConfirm={() => {
          if (removing?.seq !== undefined) void removeQueued(removing.seq);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{removing ? `${removing.label}. ${t('shell.offline.removeText')}` : ''}</p>
      </ConfirmDialog>
    </section>
  );
}
