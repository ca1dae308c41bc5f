/**
 * Confirmation before anything irreversible or reaching many people. `ConfirmDialog` is the
 * controlled dialog; `useConfirm()` asks from an event handler and resolves true or false
 * (`ConfirmProvider` is mounted once in the app). Escape and the backdrop cancel; the safe
 * choice (Cancel) has the focus first for dangerous actions.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { useI18n } from '@/i18n/i18n';

export type ConfirmTone = 'danger' | 'default';

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
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
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

export interface ConfirmRequest {
  title: string;
  body?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: ConfirmTone;
}

type Ask = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<(ConfirmRequest & { resolve: (ok: boolean) => void }) | null>(null);
  const ask = useCallback<Ask>(
    (request) =>
      new Promise<boolean>((resolve) => {
        setPending((prev) => {
          prev?.resolve(false); // a second question replaces an unanswered first one
          return { ...request, resolve };
        });
      }),
    [],
  );
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    setPending(null);
  };
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel}
        cancelLabel={pending?.cancelLabel}
        tone={pending?.tone}
        onConfirm={() => answer(true)}
        onCancel={() => answer(false)}
      >
        {pending?.body}
      </ConfirmDialog>
    </ConfirmContext.Provider>
  );
}

/** `await confirm({ title: 'Are you sure to delete?', tone: 'danger', confirmLabel: 'Delete' })`. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs <ConfirmProvider> (mounted in src/app.tsx)');
  return ask;
}
