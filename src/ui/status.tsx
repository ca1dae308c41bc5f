/** Loading, empty and error states, the same everywhere. */
import type { ReactNode } from 'react';
import type { ApiError } from '@/api/client';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
      <span
        className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600"
        aria-hidden="true"
      />
      {label}
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

export function ErrorState({ error, onRetry, what }: { error: ApiError; onRetry?: () => void; what?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p>
        {what ? `Could not load ${what}. ` : ''}
        {error.message}
      </p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className="mt-2 font-semibold underline">
          Try again
        </button>
      ) : null}
    </div>
  );
}

export function FullPageLoading({ label }: { label: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Loading label={label} />
    </main>
  );
}
