/**
 * The confirmation dialog (Headless UI): Escape and the backdrop cancel; the safe choice (Cancel)
 * has the focus first for dangerous actions. Screens that hold their own question render it
 * directly; the app's shared questions (useConfirm, the unsaved-work prompt) load this module on
 * demand through src/ui/confirm.tsx, keeping Headless UI out of the first download.
 */
import { useRef, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useI18n } from '@/i18n/i18n';

export type ConfirmTone = 'danger' | 'default';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = 'default',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onClose={() => (busy ? undefined : onCancel())}
      className="relative z-50"
      initialFocus={tone === 'danger' ? cancelRef : confirmRef}
    >
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-end justify-center overflow-y-auto p-4 sm:items-center">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          {children ? (
            <Description as="div" className="mt-3 space-y-2 text-sm text-slate-700">
              {children}
            </Description>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              ref={cancelRef}
              type="button"
              onClick={onCancel}
              disabled={busy}
              className="min-h-11 rounded-md bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-200 disabled:opacity-60"
            >
              {cancelLabel ?? t('common.cancel')}
            </button>
            <button
              ref={confirmRef}
              type="button"
              onClick={onConfirm}
              disabled={busy}
              aria-busy={busy || undefined}
              className={`min-h-11 rounded-md px-4 py-2 text-sm font-semibold text-white shadow-sm disabled:opacity-60 ${
                tone === 'danger' ? 'bg-red-700 hover:bg-red-800' : 'bg-indigo-600 hover:bg-indigo-700'
              }`}
            >
              {confirmLabel ?? t('common.confirm')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
