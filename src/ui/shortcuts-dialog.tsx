import { SimpleDialog } from '@/ui/dialog';
import { SHORTCUTS } from '@/ui/keyboard';

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <SimpleDialog open={open} onClose={onClose} title="Keyboard shortcuts">
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
            <dd className="text-right text-slate-700">{s.what}</dd>
          </div>
        ))}
      </dl>
    </SimpleDialog>
  );
}
