/** Setup for the 'client' test project (jsdom): matchers, the mock API, clean storage and URL. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { ensureCatalogues, i18n, setLanguage } from '@/i18n/i18n';
import { resetOfflineStoreForTests } from '@/offline/store';
import { dismissDecided } from '@/offline/sync';
import { server } from './msw';

// Screens are lazy chunks: on a busy two-core CI machine the first import of one can take longer
// than testing-library's default 1 s wait, which made findBy* queries fail for no user-visible reason.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these; cmdk and Headless UI call them.
if (!('ResizeObserver' in globalThis)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
if (typeof Element !== 'undefined' && !Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Components rendered directly (not through a lazy route) need the screen areas' texts too.
  await ensureCatalogues();
  // The client project shares one module graph per worker (vitest.config.ts): a file that switched
  // to Bangla must not hand the next file a Bangla app. Each file starts in English, as a page does.
  if (i18n.language !== 'en') await setLanguage('en');
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterAll(() => {
  server.close();
  // Offline files install fake-indexeddb (globalThis.indexedDB) for their tests. jsdom has none, and
  // the client project shares one environment per worker: left behind, it would turn the device
  // queue on for the next file's screens (offlineAvailable), with the last file's user and data.
  resetOfflineStoreForTests();
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
  // What the school decided about sent items is kept for the app's life (a banner that mounts later
  // shows it): left behind, the next file's every screen would carry "Monthly Class Test 3 … sent".
  dismissDecided();
});
