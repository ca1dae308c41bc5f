/**
 * The signed-in chrome's chunk (header, menu, palette: src/ui/app-shell.tsx), fetched ahead so that
 * signing in does not wait for it, but never ahead of the sign-in form itself: with a saved
 * sign-in the app asks for it at once (app.tsx), and a signed-out visitor's sign-in screen asks
 * for it, with the screens' texts, once the form is on screen and the browser is idle. On a slow
 * phone the form was usable 1-2 s later when the shell raced it for the link (bench/slow-phone.ts).
 */
import { ensureCatalogues } from '@/i18n/i18n';
import { whenIdle } from '@/ui/idle';

const loadShell = () => import('@/ui/app-shell').then((m) => ({ default: m.AppShell }));
let prefetched: ReturnType<typeof loadShell> | null = null;

/** Starts loading the shell's chunk (once; a failed load is tried afresh by the next call). */
export function prefetchShell(): void {
  if (prefetched) return;
  prefetched = loadShell();
  prefetched.catch(() => {
    prefetched = null;
  });
}

/** The shell's chunk: the prefetched one if there is one, else a fresh load. */
export function shellChunk(): ReturnType<typeof loadShell> {
  const chunk = prefetched ?? loadShell();
  prefetched = null;
  return chunk;
}

/** Once the browser is idle: what signing in will need. Returns the cancel. */
export function prefetchAfterSignInForm(): () => void {
  return whenIdle(() => {
    prefetchShell();
    void ensureCatalogues().catch(() => undefined);
  });
}
