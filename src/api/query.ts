/**
 * The one way screens read data: TanStack Query. Each resource module (`src/api/<resource>.ts`)
 * exports a key factory and `queryOptions` factories; screens call `useQuery(xQuery(params))`;
 * flows (XState machines) write and, once the server confirmed, invalidate the keys they changed.
 *
 * Why this and not a hand-written hook: shared in-flight requests, caching between screens,
 * retries, invalidation after writes and stale answers for old keys are what the old hand-written `useApi`
 * re-implemented in part; the library does all of them and is what later screens copy.
 */
import { QueryClient } from '@tanstack/react-query';
import { errorStatus } from '@/api/client';

/** A read is retried only when retrying can help: the network or the server failed, not the request. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  const status = errorStatus(error);
  return failureCount < 2 && (status === 0 || status >= 500);
}

/** `overrides.retry: false` for tests that count calls or want an error state at once. */
export function createQueryClient(overrides: { retry?: false } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: overrides.retry ?? shouldRetryRead,
        retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4_000),
        // A school day is long: coming back to the tab refreshes what is on screen.
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
