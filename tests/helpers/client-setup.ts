/** Setup for the 'client' test project (jsdom): matchers, the mock API, clean storage and URL. */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { ensureCatalogues } from '@/i18n/i18n';
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
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterAll(() => server.close());
