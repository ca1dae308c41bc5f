/**
 * The command palette (Ctrl/Cmd+K, `/`, or the header's search button on a touch screen): every
 * page the user may open ("Go to", from routes.ts) plus actions and the moment's command (see
 * ./built-in-commands), and whatever feature modules register (see ./commands), including
 * commands their loaders fetch when the palette opens (e.g. a jump to each notice).
 * Typing filters, arrows move, Enter runs, Escape closes. Where focus goes afterwards is the
 * shell's business (src/ui/app-shell.tsx).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Command as Cmdk } from 'cmdk';
import { scoreCommand, usePaletteCommands, type Command, type CommandContext } from '@/ui/commands';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/digits';
import type { TFunction } from 'i18next';

const GROUP_ORDER = ['Now', 'Go to', 'Actions'];
const BEST = 'Best matches';

/** Group names are English ids (every area uses them); shown in the user's language. */
function groupName(group: string, t: TFunction): string {
  const keys: Record<string, 'now' | 'goTo' | 'actions' | 'best'> = {
    Now: 'now',
    'Go to': 'goTo',
    Actions: 'actions',
    [BEST]: 'best',
  };
  return keys[group] ? t(`shell.palette.groups.${keys[group]}`) : group;
}

type Section = { heading: string; items: Command[] };

/**
 * With nothing typed: every command under its group ("Now" first). With a search: the matches
 * ranked by scoreCommand in one list (best first), so Enter always takes the best match; among
 * equal matches a command's `priority` (what the moment asks for) comes first. The ranking is done
 * here rather than by cmdk: cmdk 1.1 cannot reorder groups (it looks them up by an internal id).
 */
export function sectionsFor(commands: Command[], search: string): Section[] {
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  if (!search.trim()) {
    const groups = new Map<string, Command[]>();
    for (const command of commands) groups.set(command.group, [...(groups.get(command.group) ?? []), command]);
    return [...groups.entries()]
      .sort((a, b) => rank(a[0]) - rank(b[0]))
      .map(([heading, items]) => ({ heading, items }));
  }
  const ranked = commands
    .map((command, index) => ({ command, index, score: scoreCommand(command.label, command.keywords ?? [], search) }))
    .filter((r) => r.score > 0)
    // Equal matches: the moment's first, then pages before actions (then registration order),
    // so a page's own name wins over an action that mentions it.
    .sort(
      (a, b) =>
        b.score - a.score ||
        (b.command.priority ?? 0) - (a.command.priority ?? 0) ||
        rank(a.command.group) - rank(b.command.group) ||
        a.index - b.index,
    )
    .map((r) => r.command);
  return ranked.length ? [{ heading: BEST, items: ranked }] : [];
}

export default function CommandPalette({
  open,
  onClose,
  ctx,
}: {
  open: boolean;
  onClose: () => void;
  ctx: CommandContext;
}) {
  const { t, lang } = useI18n();
  const { commands, loading, failed } = usePaletteCommands(ctx);
  const [search, setSearch] = useState('');
  const sections = useMemo(() => sectionsFor(commands, search), [commands, search]);
  const first = sections[0]?.items[0]?.id ?? '';
  const [selected, setSelected] = useState(first);
  // A new search selects its best match.
  useEffect(() => setSelected(first), [first, search]);
  // The search box takes focus on every device. On a touch screen Headless UI's dialog focuses
  // itself instead of its first field (to keep the on-screen keyboard closed); the palette is for
  // typing, so focus goes to the box once the dialog has placed its own.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!open) return;
    const id = setTimeout(() => {
      if (input.current && document.activeElement !== input.current) input.current.focus();
    }, 0);
    return () => clearTimeout(id);
  }, [open]);

  const run = (command: Command) => {
    onClose();
    command.perform(ctx);
  };
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-start justify-center p-3 pt-[10vh]">
        <DialogPanel className="w-full max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-200">
          <DialogTitle className="sr-only">{t('shell.palette.title')}</DialogTitle>
          <Cmdk
            label={t('shell.palette.title')}
            loop
            shouldFilter={false}
            value={selected}
            onValueChange={setSelected}
            className="flex flex-col"
          >
            <Cmdk.Input
              ref={input}
              autoFocus
              value={search}
              onValueChange={setSearch}
              placeholder={t('shell.palette.placeholder')}
              className="w-full border-0 border-b border-slate-200 px-4 py-3 text-base text-slate-900 outline-none placeholder:text-slate-400"
            />
            <Cmdk.List className="max-h-[60vh] overflow-y-auto p-2">
              <Cmdk.Empty className="px-3 py-6 text-center text-sm text-slate-600">
                {loading.length ? t('shell.palette.nothingYet') : t('shell.palette.nothing')}
              </Cmdk.Empty>
              {sections.map((section) => (
                <Cmdk.Group
                  key={section.heading}
                  heading={groupName(section.heading, t)}
                  className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-500"
                >
                  {section.items.map((command) => (
                    <Cmdk.Item
                      key={command.id}
                      value={command.id}
                      onSelect={() => run(command)}
                      className="flex min-h-11 cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-slate-800 data-[selected=true]:bg-indigo-600 data-[selected=true]:text-white"
                    >
                      <span>{command.label}</span>
                      <span className="shrink-0 text-right text-xs opacity-80">
                        {[
                          search.trim() ? groupName(command.group, t) : null,
                          ctx.touch && command.hint === '?' ? null : command.hint && localDigits(command.hint, lang),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              ))}
              {loading.length ? (
                <Cmdk.Loading
                  label={t('shell.palette.loadingLabel', { what: loading.join(', ') })}
                  className="px-3 py-2 text-xs text-slate-500"
                >
                  {t('shell.palette.loading', { what: loading.join(', ') })}
                </Cmdk.Loading>
              ) : null}
              {failed.length ? (
                <p className="px-3 py-2 text-xs text-slate-500">
                  {t('shell.palette.couldNotLoad', { what: failed.join(', ') })}
                </p>
              ) : null}
            </Cmdk.List>
          </Cmdk>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
