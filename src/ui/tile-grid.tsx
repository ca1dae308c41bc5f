/** Dashboard tiles: plain links (keyboard-focusable), generated from routes.ts for this user. */
import { Link } from 'wouter';
import { tilesFor } from '@/routes';
import { useSession } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';

type Group = 'features' | 'setup' | 'teachers';

export function TileGrid({ dashboard, group = 'features' }: { dashboard: string; group?: Group }) {
  const { t } = useI18n();
  const userType = useSession((s) => s.context.userType);
  const tiles = tilesFor(dashboard, userType);
  return (
    <nav aria-label={t(`shell.tileGroups.${group}`)}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {tiles.map((tile) => {
          const label = t(`shell.tiles.${tile.labelKey}`);
          return (
            <li key={tile.labelKey}>
              <Link
                href={tile.to}
                className="flex h-full flex-col gap-1 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:ring-indigo-300"
              >
                <span
                  className="flex h-9 w-9 items-center justify-center rounded-lg bg-indigo-100 text-sm font-bold text-indigo-700"
                  aria-hidden="true"
                >
                  {[...label][0]}
                </span>
                <span className="font-semibold text-slate-900">{label}</span>
                {tile.hintKey ? (
                  <span className="text-xs text-slate-600">{t(`shell.hints.${tile.hintKey}`)}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
