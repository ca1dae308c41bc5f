/**
 * One alert for every message block: errors and warnings are announced (role=alert), info and
 * success politely (role=status). `onRetry` adds the "Try again" button the whole app uses for
 * failures that retrying can fix.
 */
import type { ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n';

export type AlertTone = 'error' | 'warning' | 'info' | 'success';

const TONES: Record<AlertTone, string> = {
  error: 'border-red-200 bg-red-50 text-red-900',
  warning: 'border-amber-200 bg-amber-50 text-amber-950',
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
};

export function Alert({
  tone = 'error',
  title,
  children,
  onRetry,
  retryLabel,
  className = '',
}: {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}) {
  const { t } = useI18n();
  const urgent = tone === 'error' || tone === 'warning';
  return (
    <div role={urgent ? 'alert' : 'status'} className={`rounded-lg border p-4 text-sm ${TONES[tone]} ${className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : ''}>{children}</div> : null}
      {onRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className="mt-2 inline-flex min-h-11 items-center rounded-md px-2 font-semibold underline underline-offset-2"
        >
          {retryLabel ?? t('common.tryAgain')}
        </button>
      ) : null}
    </div>
  );
}
