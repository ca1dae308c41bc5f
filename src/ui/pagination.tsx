import { useI18n } from '@/i18n/i18n';
import { formatNumber } from '@/i18n/format';

/**
 * Pages of a long list: "Showing 21–40 of 303", Previous / Next and a few page numbers, all 44 px
 * targets. `page` is 1-based. Renders nothing when everything fits on one page.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name, e.g. "Notice pages". */
  label: string;
}) {
  const { t, lang } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const first = (current - 1) * pageSize + 1;
  const last = Math.min(total, current * pageSize);
  const around = pageWindow(current, pages);
  const btn =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold ring-1 ring-inset ring-slate-300 disabled:cursor-not-allowed disabled:text-slate-400';
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        {t('pagination.showing', {
          first: formatNumber(first, lang),
          last: formatNumber(last, lang),
          total: formatNumber(total, lang),
        })}
      </p>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button type="button" className={btn} disabled={current <= 1} onClick={() => onPage(current - 1)}>
            {t('pagination.previous')}
          </button>
        </li>
        {around.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={p} className="max-sm:hidden">
              <button
                type="button"
                className={`${btn} ${p === current ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white'}`}
                aria-current={p === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: formatNumber(p, lang) })}
                onClick={() => onPage(p)}
              >
                {formatNumber(p, lang)}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={btn} disabled={current >= pages} onClick={() => onPage(current + 1)}>
            {t('pagination.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/** 1 … 4 5 6 … 20: the first, the last and the neighbours of the current page. */
export function pageWindow(current: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && p - prev > 1) out.push(null);
    out.push(p);
  }
  return out;
}
