/**
 * Never lose unsaved work by leaving a screen. A screen with unsaved work calls
 * `useUnsavedChanges(dirty)`; while any screen is dirty, every way out asks first:
 * - in-app navigation (links, the palette, `navigate()`): the router's `aroundNav` is `guardNavigation`
 *   (mounted in src/app.tsx), which asks and navigates only on "Leave";
 * - the browser's Back/Forward: a popstate listener registered before the router's stops the
 *   router from seeing the change, puts the address back, asks, and on "Leave" goes where the
 *   user was going;
 * - closing or reloading the tab: the browser's own beforeunload prompt.
 * `<UnsavedChangesPrompt />` (mounted once in the app) renders the question.
 */
import { useEffect, useId, useSyncExternalStore } from 'react';
import { DeferredConfirmDialog } from '@/ui/confirm';
import { i18n, useI18n } from '@/i18n/i18n';

const blockers = new Map<string, string>();
let question: { message: string; resolve: (leave: boolean) => void } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function hasUnsavedChanges(): boolean {
  return blockers.size > 0;
}

function currentMessage(): string {
  return [...blockers.values()].at(-1) ?? i18n.t('unsaved.defaultMessage');
}

/** Ask the user whether to leave; true when there is nothing to lose. */
export function confirmLeave(): Promise<boolean> {
  if (!hasUnsavedChanges()) return Promise.resolve(true);
  return new Promise((resolve) => {
    question?.resolve(false);
    question = { message: currentMessage(), resolve };
    notify();
  });
}

function answer(leave: boolean) {
  const q = question;
  question = null;
  notify();
  q?.resolve(leave);
}

/** While `dirty`, leaving this screen asks first. `message` says what would be lost. */
export function useUnsavedChanges(dirty: boolean, message?: string): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    blockers.set(id, message ?? i18n.t('unsaved.defaultMessage'));
    return () => {
      blockers.delete(id);
    };
  }, [dirty, id, message]);
}

type Navigate = (to: string, options?: { replace?: boolean; state?: unknown; force?: boolean }) => void;

/**
 * wouter's `aroundNav`: every in-app navigation passes here. `{ force: true }` skips the question
 * (for redirects the app must make, such as an ended session; the screen's own draft keeping
 * is its business then).
 */
export function guardNavigation(navigate: Navigate, to: string, options?: Parameters<Navigate>[1]): void {
  if (options?.force || !hasUnsavedChanges()) {
    navigate(to, options);
    return;
  }
  void confirmLeave().then((leave) => {
    if (leave) {
      blockers.clear(); // the screen is leaving; its unmount would clear it a moment later
      navigate(to, options);
    }
  });
}

// Back/Forward. Registered at import, before the router subscribes, so that stopping the event
// here keeps the router (and the screen with the work) where it is.
if (typeof window !== 'undefined') {
  let here = window.location.pathname + window.location.search + window.location.hash;
  let bypass = false;
  const remember = () => {
    here = window.location.pathname + window.location.search + window.location.hash;
  };
  for (const type of ['pushState', 'replaceState', 'hashchange']) window.addEventListener(type, remember);
  window.addEventListener('popstate', (event) => {
    if (bypass || !hasUnsavedChanges()) {
      bypass = false;
      remember();
      return;
    }
    event.stopImmediatePropagation();
    // The address already changed to where the user was going: put ours back on top of it, so
    // "Stay" is a no-op and "Leave" is one step back to that place.
    const wanted = window.location.pathname + window.location.search + window.location.hash;
    const stay = here;
    history.pushState(history.state, '', stay);
    void confirmLeave().then((leave) => {
      if (!leave || wanted === stay) return;
      blockers.clear();
      bypass = true;
      history.back();
    });
  });
  window.addEventListener('beforeunload', (event) => {
    if (!hasUnsavedChanges()) return;
    event.preventDefault();
    event.returnValue = '';
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The "Leave this page?" question; mount once. */
export function UnsavedChangesPrompt() {
  const { t } = useI18n();
  const pending = useSyncExternalStore(
    subscribe,
    () => question,
    () => null,
  );
  return (
    <DeferredConfirmDialog
      open={pending !== null}
      title={t('unsaved.title')}
      confirmLabel={t('unsaved.leave')}
      cancelLabel={t('unsaved.stay')}
      tone="danger"
      onConfirm={() => answer(true)}
      onCancel={() => answer(false)}
    >
      <p>
        {pending?.message ?? t('unsaved.defaultMessage')} {t('unsaved.willBeLost')}
      </p>
    </DeferredConfirmDialog>
  );
}
