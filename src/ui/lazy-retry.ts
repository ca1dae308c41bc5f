/**
 * Code that arrives later (each screen, the app shell, the palette) must not blank the app when
 * its chunk fails to load. Three duties:
 * - `retryImport`: a failed `import()` is tried again (2 retries, growing pause) before it counts
 *   as failed, which rides out a server restart or a moment without network;
 * - `lazyWithRetry`: `React.lazy` remembers a failure for good; this one forgets it when asked
 *   (`forgetFailedChunks`), so the error boundary's "Try again" really loads again;
 * - a new deployment: the old chunks are gone from the server, so no retry helps. A failed chunk
 *   (or Vite's `vite:preloadError`, or coming back to the tab) triggers a check of index.html; when
 *   it names another main script the build is stale, and the app reloads itself at the next
 *   navigation (src/app.tsx), not in the middle of a form.
 */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import { ensureCatalogues } from '@/i18n/i18n';

/** A chunk could not be loaded even after retrying. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('This part of the app could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_MESSAGE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  return error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_MESSAGE.test(error.message));
}

/** Pauses before each retry; tests shorten them. */
export const chunkRetry = { retries: 2, baseDelayMs: 400 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `factory()` with retries; the last failure becomes a ChunkLoadError and starts a version check. */
export async function retryImport<T>(factory: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await factory();
    } catch (error) {
      if (attempt >= chunkRetry.retries) {
        void checkForNewVersion();
        throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error);
      }
      await sleep(chunkRetry.baseDelayMs * 2 ** attempt);
    }
  }
}

const failed = new Set<() => void>();

/**
 * Like React.lazy with retries. After a final failure the component keeps failing (React renders
 * a failed subtree once more to recover; loading again right then would loop) until
 * `forgetFailedChunks()`, which "Try again" and every navigation call: then it loads afresh
 * (React.lazy alone would rethrow the old failure forever, making "Try again" a dead button).
 */
export function lazyWithRetry<P extends object>(
  factory: () => Promise<{ default: ComponentType<P> }>,
  options: { texts?: 'all' | 'core' } = {},
): (props: P) => ReactElement {
  // A chunk renders only once the screen areas' texts are in (src/i18n/i18n.ts ensureCatalogues),
  // unless every text it shows is in the bundled core (`texts: 'core'`: the sign-in form, which
  // then does not wait for the whole catalogue on a slow phone).
  const load = () =>
    options.texts === 'core' ? factory() : Promise.all([factory(), ensureCatalogues()]).then(([module]) => module);
  const make = () =>
    lazy(() =>
      retryImport(load).catch((error: unknown) => {
        failed.add(renew);
        throw error;
      }),
    );
  let current = make();
  const renew = () => {
    current = make();
  };
  function LazyWithRetry(props: P): ReactElement {
    return createElement(current as ComponentType<P>, props);
  }
  return LazyWithRetry;
}

/** The chunks that failed load afresh the next time they render. */
export function forgetFailedChunks(): void {
  for (const renew of failed) renew();
  failed.clear();
}

// ---- a new deployment --------------------------------------------------------------------------

let stale = false;
const staleListeners = new Set<() => void>();

/** True once index.html names another build than the one running. */
export function isStale(): boolean {
  return stale;
}

export function onStale(listener: () => void): () => void {
  staleListeners.add(listener);
  return () => {
    staleListeners.delete(listener);
  };
}

export function markStale(): void {
  if (stale) return;
  stale = true;
  for (const listener of staleListeners) listener();
}

/** For tests: forget a stale mark. */
export function resetStale(): void {
  stale = false;
}

/** The main script a page of HTML loads (Vite's hashed entry in a build). */
export function mainScriptOf(html: string): string | null {
  const tag = /<script\b[^>]*\btype=["']module["'][^>]*>/i.exec(html)?.[0];
  return tag ? (/\bsrc=["']([^"']+)["']/i.exec(tag)?.[1] ?? null) : null;
}

function runningMainScript(): string | null {
  if (typeof document === 'undefined') return null;
  const src = document.querySelector('script[type="module"][src]')?.getAttribute('src');
  return src ?? null;
}

let checking: Promise<boolean> | null = null;

/**
 * Asks the server for index.html and compares its main script with the running one. True (and
 * the build marked stale) when they differ; false when the same, unknown or unreachable (then
 * the failure was the network's, and "Try again" is the right answer, not a reload).
 */
export function checkForNewVersion(): Promise<boolean> {
  if (stale) return Promise.resolve(true);
  const running = runningMainScript();
  if (!running || typeof fetch === 'undefined') return Promise.resolve(false);
  checking ??= fetch(new URL('/', window.location.origin), { cache: 'no-store', headers: { accept: 'text/html' } })
    .then(async (response) => {
      if (!response.ok) return false;
      const served = mainScriptOf(await response.text());
      if (served && served !== running) {
        markStale();
        return true;
      }
      return false;
    })
    .catch(() => false)
    .finally(() => {
      checking = null;
    });
  return checking;
}

const RELOAD_KEY = 'pathshala.reloaded-for-new-version';

/** How a page is loaded afresh (tests replace these: jsdom cannot leave its page). */
export const pageLoads = {
  reload: () => window.location.reload(),
  assign: (url: string) => window.location.assign(url),
  replace: (url: string) => window.location.replace(url),
};

/**
 * Loads `url` afresh (the new build's index.html, then the page), unless this very address was
 * reloaded for the same reason moments ago: a server that keeps failing must end at the error
 * boundary, not in a reload loop.
 */
export function reloadTo(url: string = window.location.href, replace = false): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(RELOAD_KEY) ?? 'null') as { url: string; at: number } | null;
    if (last && last.url === url && Date.now() - last.at < 15_000) return false;
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ url, at: Date.now() }));
  } catch {
    // storage disabled: reload anyway, once per page life
  }
  if (url === window.location.href) pageLoads.reload();
  else if (replace) pageLoads.replace(url);
  else pageLoads.assign(url);
  return true;
}

let watching = false;

/** Watches for signs of a new deployment: Vite's preload failures and coming back to the tab. */
export function watchForNewVersion(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('vite:preloadError', () => void checkForNewVersion());
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < 10 * 60_000) return;
    lastCheck = Date.now();
    void checkForNewVersion();
  });
}
