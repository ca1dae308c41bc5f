/**
 * Stand-in for vite-plugin-pwa's `virtual:pwa-register` in screen tests: it records the options
 * the app registered with, so a test can announce a waiting update (`onNeedRefresh`) and see
 * what the app asks the worker to do.
 */
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

export const registered: RegisterSWOptions[] = [];
export const updates: (boolean | undefined)[] = [];

export function registerSW(options: RegisterSWOptions = {}) {
  registered.push(options);
  return async (reloadPage?: boolean) => {
    updates.push(reloadPage);
  };
}
