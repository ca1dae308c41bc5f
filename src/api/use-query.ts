/**
 * `useApi(key, fn)`: loading / error / data for read-only screens. The key says when to load again
 * (null = not yet, e.g. while an id is unknown); answers for an old key or an unmounted screen are
 * dropped, so a slow first answer cannot overwrite a newer one. Screens asking for the same key at
 * the same time share one request (this also keeps React's double effects in development from
 * sending everything twice).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, errorStatus } from '@/api/client';

export type ApiState<T> =
  | { status: 'idle'; data: undefined; error: undefined }
  | { status: 'loading'; data: T | undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: ApiError };

export type UseApiResult<T> = ApiState<T> & { reload: () => void };

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(errorStatus(error), 'unknown', errorMessage(error));
}

const inflight = new Map<string, Promise<unknown>>();

function shared<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const running = inflight.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = fn().finally(() => inflight.delete(key));
  inflight.set(key, started);
  return started;
}

export function useApi<T>(key: string | null, fn: () => Promise<T>): UseApiResult<T> {
  const [state, setState] = useState<ApiState<T>>(() =>
    key === null
      ? { status: 'idle', data: undefined, error: undefined }
      : { status: 'loading', data: undefined, error: undefined },
  );
  const [attempt, setAttempt] = useState(0);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  useEffect(() => {
    if (key === null) {
      setState({ status: 'idle', data: undefined, error: undefined });
      return;
    }
    let live = true;
    setState((prev) => ({
      status: 'loading',
      data: prev.status === 'success' ? prev.data : undefined,
      error: undefined,
    }));
    shared(`${key}#${attempt}`, () => fnRef.current()).then(
      (data) => {
        if (live) setState({ status: 'success', data, error: undefined });
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', data: undefined, error: asApiError(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
