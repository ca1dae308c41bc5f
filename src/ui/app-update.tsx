/**
 * The installed app's updates. The service worker (vite.config.ts) keeps the whole
 * build on the device; when a new build has been downloaded it waits, and this bar offers
 * "Reload to update". Reloading activates the new worker and loads the new build as a whole, so a
 * page never mixes old and new chunks. Unsaved work is protected by the usual leave guard, which
 * asks before the reload. Registration happens after the first render and only in a production
 * build: the worker's script is not part of the initial JavaScript.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { useI18n } from '@/i18n/i18n';
import { whenIdle } from '@/ui/idle';

type UpdateSW = (reloadPage?: boolean) => Promise<void>;

export function AppUpdate({ enabled = import.meta.env.PROD }: { enabled?: boolean }) {
  const { t } = useI18n();
  const [ready, setReady] = useState(false);
  const update = useRef<UpdateSW | null>(null);
  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let live = true;
    // Once the first screen is in and the browser idle: the worker precaches the whole build,
    // which on a slow phone's link would otherwise race the first screen (bench/slow-phone.ts).
    const cancel = whenIdle(() => {
      void import('virtual:pwa-register')
        .then(({ registerSW }) => {
          if (!live) return;
          update.current = registerSW({ onNeedRefresh: () => setReady(true) });
        })
        .catch(() => {
          // Without a worker the app still works online; nothing to tell the user.
        });
    }, 5000);
    return () => {
      live = false;
      cancel();
    };
  }, [enabled]);
  if (!ready) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg bg-slate-900 p-3 text-sm text-white shadow-lg print:hidden"
    >
      <p className="flex-1">{t('common.updateReady')}</p>
      <Button onClick={() => void update.current?.(true)}>{t('common.updateReload')}</Button>
      <Button variant="secondary" onClick={() => setReady(false)}>
        {t('common.updateLater')}
      </Button>
    </div>
  );
}
