/**
 * Whether the device says it has a network: `navigator.onLine`, kept fresh by the
 * window's `online` and `offline` events, so a page that is already open says so when the network
 * goes and stops saying it when the network returns, without a reload.
 */
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** False only when the browser knows it has no network (unknown counts as online). */
export const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
