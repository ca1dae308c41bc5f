/**
 * Never a blank page. `ErrorBoundary` catches what a part of the tree throws while rendering
 * (including a chunk that could not be loaded, see ./lazy-retry) and shows a fallback with
 * "Try again" instead. The app has two layers: one around everything (`AppCrash`: the whole
 * page) and one around each screen inside the shell (`ScreenCrash`: the header and the palette
 * stay usable, so the user can go elsewhere).
 */
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Alert } from '@/ui/alert';
import { PageHeader } from '@/ui/page';
import { useI18n } from '@/i18n/i18n';
import { checkForNewVersion, forgetFailedChunks, isChunkLoadError, isStale, reloadTo } from '@/ui/lazy-retry';

interface BoundaryProps {
  children: ReactNode;
  fallback: (props: { error: unknown; reset: () => void }) => ReactNode;
}

export class ErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown }> {
  state = { failed: false, error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept for whoever reads the console when a school reports it; the user sees the fallback.
    if (!isChunkLoadError(error)) console.error('A screen failed to render', error, info.componentStack);
  }

  /** "Try again": failed chunks load afresh, then the subtree renders again. */
  reset = () => {
    forgetFailedChunks();
    this.setState({ failed: false, error: null });
  };

  render() {
    return this.state.failed
      ? this.props.fallback({ error: this.state.error, reset: this.reset })
      : this.props.children;
  }
}

// The English texts (tests and logs); the screens show them from the catalogue (shell.crash).
export const CHUNK_FAILED_TITLE = 'This page could not be loaded.';
export const CHUNK_FAILED_TEXT = 'Check your connection and try again.';
export const RENDER_FAILED_TITLE = 'Something went wrong on this page.';
export const RENDER_FAILED_TEXT = "Try again. If it keeps happening, tell your school's office what you were doing.";

/**
 * "Try again": load afresh. When index.html names a new build, the old chunks are gone for good,
 * so the page reloads itself (at the same address) instead.
 */
function useTryAgain(error: unknown, reset: () => void) {
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (!chunk) return;
    // The failed screen never showed, so there is nothing of the user's to lose by reloading.
    let live = true;
    void checkForNewVersion().then((isNew) => live && isNew && reloadTo());
    return () => {
      live = false;
    };
  }, [chunk]);
  return () => {
    if (chunk && isStale() && reloadTo()) return;
    reset();
  };
}

/** The fallback of one screen, inside the shell. */
export function ScreenCrash({ error, reset, title }: { error: unknown; reset: () => void; title?: string }) {
  const { t } = useI18n();
  const tryAgain = useTryAgain(error, reset);
  const chunk = isChunkLoadError(error);
  return (
    <>
      {title ? <PageHeader title={title} /> : null}
      <Alert tone="error" title={chunk ? t('shell.crash.chunkTitle') : t('shell.crash.renderTitle')} onRetry={tryAgain}>
        <p>{chunk ? t('shell.crash.chunkText') : t('shell.crash.renderText')}</p>
      </Alert>
    </>
  );
}

/** The fallback of the whole app: nothing else could be shown. */
export function AppCrash({ error, reset }: { error: unknown; reset: () => void }) {
  const { t } = useI18n();
  const tryAgain = useTryAgain(error, reset);
  const chunk = isChunkLoadError(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-10">
      <div className="w-full max-w-md">
        <p className="mb-2 text-2xl font-bold text-indigo-700">{t('common.appName')}</p>
        <h1 className="mb-4 text-lg font-semibold text-slate-900">
          {chunk ? t('shell.crash.appChunkTitle') : t('shell.crash.appRenderTitle')}
        </h1>
        <Alert tone="error" onRetry={tryAgain}>
          <p>{chunk ? t('shell.crash.chunkText') : t('shell.crash.renderText')}</p>
        </Alert>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-4 inline-flex min-h-11 items-center rounded-md px-2 text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          {t('shell.crash.reload')}
        </button>
      </div>
    </main>
  );
}
