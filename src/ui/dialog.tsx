/** A small modal dialog (Headless UI): focus trapped, Escape and the backdrop close it. */
import type { ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useI18n } from '@/i18n/i18n';

export function SimpleDialog({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** The close button's text in the user's language. */
  closeLabel?: string;
  /** Room for a whole form. */
  wide?: boolean;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div
        className={`fixed inset-0 flex items-start justify-center overflow-y-auto p-4 ${wide ? '' : 'sm:items-center'}`}
      >
        <DialogPanel className={`w-full ${wide ? 'max-w-4xl' : 'max-w-lg'} rounded-xl bg-white p-6 shadow-xl`}>
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <div className="mt-3 space-y-3 text-sm text-slate-700">{children}</div>
          <div className="mt-6 flex justify-end gap-2">
            {footer}
            <button
              type="button"
              onClick={onClose}
              className="min-h-11 rounded-md bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-200"
            >
              {closeLabel ?? t('common.close')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
