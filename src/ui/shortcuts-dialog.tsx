import { SimpleDialog } from '@/ui/dialog';
import { SHORTCUTS } from '@/ui/keyboard';
import { useI18n } from '@/i18n/i18n';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <SimpleDialog open={open} onClose={onClose} title={t('shell.shortcuts.title')}>
      <dl className="divide-y divide-slate-100">
        {SHORTCUTS.map((s) => (
          <div key={s.what} className="flex items-center justify-between gap-4 py-2">
            <dt className="flex gap-1">
              {s.keys.map((k) => (
                <kbd
                  key={k}
                  className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800"
                >
                  {k}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-slate-700">{t(`shell.shortcuts.${s.what}`)}</dd>
          </div>
        ))}
      </dl>
    </SimpleDialog>
  );
}
