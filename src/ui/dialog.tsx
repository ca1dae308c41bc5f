/** A small modal dialog (Headless UI): focus trapped, Escape and the backdrop close it. */
import { useEffect, useRef, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useI18n } from '@/i18n/i18n';

/** The fields of a form a user types or chooses in. */
const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function SimpleDialog({
  open,
  onClose,
  title,
  children,
  footer,
  closeLabel,
  wide = false,
  focusFirstField = false,
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
  /**
   * A form's dialog: its first field takes focus when it opens (Headless UI focuses the dialog's
   * frame, from where a keyboard user must tab to reach the form).
   */
  focusFirstField?: boolean;
}) {
  const { t } = useI18n();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open || !focusFirstField) return;
    // After the dialog's own initial focus (Headless UI places it once the panel is mounted).
    const id = setTimeout(() => {
      const field = panel.current?.querySelector<HTMLElement>(FIELDS);
      const active = document.activeElement;
      const inField = active instanceof HTMLElement && !!panel.current?.contains(active) && active.matches(FIELDS);
      if (field && !inField) field.focus();
    }, 0);
    return () => clearTimeout(id);
  }, [open, focusFirstField]);
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div
        className={`fixed inset-0 flex items-start justify-center overflow-y-auto p-4 ${wide ? '' : 'sm:items-center'}`}
      >
        <DialogPanel
          ref={panel}
          className={`w-full ${wide ? 'max-w-4xl' : 'max-w-lg'} rounded-xl bg-white p-6 shadow-xl`}
        >
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
