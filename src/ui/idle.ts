/**
 * Work that can wait until the browser is idle: chunks fetched ahead (the shell, the dialogs, the
 * screens' texts), never ahead of what the first screen needs. On a slow phone everything fetched
 * at once shares one slow link, so the first screen arrives last (bench/slow-phone.ts).
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(work, 300);
  return () => clearTimeout(id);
}
