/** Loading, empty and error states, the same everywhere; `QueryState` puts the three together. */
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError, errorMessage, errorStatus } from '@/api/client';
import { Alert } from '@/ui/alert';
import { useI18n } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';

export function Loading({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
      <span
        className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600"
        aria-hidden="true"
      />
      {label ?? t('common.loading')}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      {children}
    </p>
  );
}

/** Any thrown value as an ApiError, so every error state can show the server's own message. */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(errorStatus(error), 'unknown', errorMessage(error));
}

export function ErrorState({
  error,
  onRetry,
  what,
}: {
  error: ApiError | Error | unknown;
  onRetry?: () => void;
  what?: string;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  return (
    <Alert tone="error" onRetry={onRetry}>
      <p>
        {what ? `${t('common.couldNotLoad', { what })} ` : ''}
        {errorText(asApiError(error))}
      </p>
    </Alert>
  );
}

/**
 * A query's three states before its data: loading, error with "Try again" (refetch), and empty
 * when `isEmpty` says so. While a refetch runs with data on screen, the data stays.
 */
export function QueryState<T>({
  query,
  what,
  empty,
  isEmpty,
  loadingLabel,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isError' | 'refetch'>;
  what?: string;
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError && query.data === undefined) {
    return <ErrorState error={query.error} what={what} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending || query.data === undefined) return <Loading label={loadingLabel} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

export function FullPageLoading({ label }: { label: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Loading label={label} />
    </main>
  );
}
