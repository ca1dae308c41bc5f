/**
 * The pieces the dashboards' summaries share (docs/DOMAIN.md, "Dashboards"): a figure that links
 * to its screen, and the attendance trend card: a summary sentence and a table of every day (the
 * text alternative, always there), beside a chart loaded in its own chunk.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { TrendDay } from '@/api/schemas/dashboards';
import { formatDate, localDigits } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { ErrorBoundary } from '@/ui/error-boundary';
import { Card } from '@/ui/page';
import { Loading } from '@/ui/status';
import { DataTable, linkStyle, Td } from '@/ui/table';

const TrendChart = lazy(() => import('./trend-chart'));

/** A rate as the reader reads it: "91.4%" / "৯১.৪%", or the "not taken" text. */
export function useRate() {
  const { t, lang } = useI18n();
  return (rate: number | null) => (rate === null ? t('dashboards.noRate') : localDigits(`${rate}%`, lang));
}

export const num = (n: number, lang: Language) => localDigits(String(n), lang);

/** "5 Nov" / "৫ নভে", the trend's day labels. */
export const shortDay = (iso: string, lang: Language) => formatDate(iso, 'd MMM', lang);

/** A headline figure and what it means, linking to the screen it comes from. */
export function Figure({
  value,
  label,
  href,
  link,
}: {
  value: string;
  label: ReactNode;
  href?: string;
  link?: string;
}) {
  return (
    <div>
      <p className="text-3xl font-bold text-slate-900">{value}</p>
      <p className="text-sm text-slate-700">{label}</p>
      {href && link ? (
        <Link href={href} className={`${linkStyle} mt-2 inline-flex min-h-11 items-center text-sm`}>
          {link}
        </Link>
      ) : null}
    </div>
  );
}

/** Average, lowest and highest rate of the days taken; null without any. */
export function trendFigures(days: readonly TrendDay[]) {
  const rates = days.map((d) => d.rate).filter((r): r is number => r !== null);
  if (!rates.length) return null;
  const present = days.reduce((s, d) => s + d.present, 0);
  const all = days.reduce((s, d) => s + d.present + d.absent, 0);
  return {
    average: Math.round((present * 1000) / all) / 10,
    low: Math.min(...rates),
    high: Math.max(...rates),
    last: days[days.length - 1],
  };
}

export function TrendCard({ days, title, id }: { days: readonly TrendDay[]; title: string; id: string }) {
  const { t, lang } = useI18n();
  const figures = trendFigures(days);
  return (
    <Card title={title} className="min-w-0">
      {figures ? (
        <figure className="space-y-3">
          <p id={`${id}-summary`} className="text-sm text-slate-700">
            {localDigits(
              t('dashboards.trend.summary', {
                n: String(days.length),
                average: String(figures.average),
                low: String(figures.low),
                high: String(figures.high),
                last: formatDate(figures.last.date, 'd MMMM', lang),
                lastRate: String(figures.last.rate ?? 0),
              }),
              lang,
            )}
          </p>
          {/* A chart that cannot draw (no canvas) leaves the summary and the table, which carry the figures. */}
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={<Loading label={t('dashboards.trend.chartLoading')} />}>
              <TrendChart name={title} points={days.map((d) => ({ label: shortDay(d.date, lang), rate: d.rate }))} />
            </Suspense>
          </ErrorBoundary>
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-indigo-700">
              {t('dashboards.trend.table')}
            </summary>
            <DataTable
              caption={t('dashboards.trend.table')}
              head={[
                t('dashboards.trend.date'),
                t('dashboards.trend.present'),
                t('dashboards.trend.absent'),
                t('dashboards.trend.rate'),
              ]}
              minWidth="18rem"
            >
              {days.map((d) => (
                <tr key={d.date} className="border-t border-slate-100">
                  <Td label={t('dashboards.trend.date')}>{formatDate(d.date, 'd MMMM', lang)}</Td>
                  <Td label={t('dashboards.trend.present')}>{num(d.present, lang)}</Td>
                  <Td label={t('dashboards.trend.absent')}>{num(d.absent, lang)}</Td>
                  <Td label={t('dashboards.trend.rate')}>{localDigits(`${d.rate ?? '-'}%`, lang)}</Td>
                </tr>
              ))}
            </DataTable>
          </details>
        </figure>
      ) : (
        <p className="text-sm text-slate-600">{t('dashboards.trend.empty')}</p>
      )}
    </Card>
  );
}
