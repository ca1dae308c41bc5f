/**
 * The chart of collections over the session: net collections per month as bars
 * (chart.js through react-chartjs-2). Loaded on its own (React.lazy from reports.tsx), so chart.js
 * is fetched only when this report is opened. The canvas is decoration for sighted users: its
 * text alternative is the summary sentence and the visible table of every month beside it, which
 * carry the exact amounts (the bars are drawn from them, never the other way round).
 */
import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import type { MonthlyReport } from '@/api/schemas/fees';
import { DataTable, Td } from '@/ui/table';
import { localDigits } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { formatTaka } from '@/i18n/money';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip);

const monthName = (month: string, lang: Language, style: 'short' | 'long') =>
  new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', { month: style, timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/** Taka as a chart height only (drawing, never sums): "1250.50" -> 1250.5. */
const height = (amount: string) => Number(amount);

export default function CollectionsChart({ report }: { report: MonthlyReport }) {
  const { t, lang } = useI18n();
  const year = localDigits(report.session_year, lang);
  const best = report.rows.reduce<MonthlyReport['rows'][number] | null>(
    (b, r) => (height(r.amount) > 0 && (!b || height(r.amount) > height(b.amount)) ? r : b),
    null,
  );
  const summary = best
    ? t('fees.reports.chartSummary', {
        year,
        total: formatTaka(report.total, lang),
        best: monthName(best.month, lang, 'long'),
        bestAmount: formatTaka(best.amount, lang),
      })
    : t('fees.reports.chartEmpty', { year });
  return (
    <figure className="space-y-3">
      <figcaption className="font-semibold text-slate-900">{t('fees.reports.chartTitle', { year })}</figcaption>
      <p id="collections-chart-summary" className="text-sm text-slate-700">
        {summary}
      </p>
      <div className="relative h-64 w-full min-w-0">
        <Bar
          aria-hidden="true"
          data={{
            labels: report.rows.map((r) => monthName(r.month, lang, 'short')),
            datasets: [
              {
                label: t('fees.cols.amount'),
                data: report.rows.map((r) => height(r.amount)),
                backgroundColor: '#4f46e5',
              },
            ],
          }}
          options={{
            responsive: true,
            maintainAspectRatio: false,
            animation: false,
            plugins: {
              legend: { display: false },
              tooltip: { callbacks: { label: (c) => formatTaka(report.rows[c.dataIndex].amount, lang) } },
            },
            scales: { y: { beginAtZero: true, ticks: { callback: (v) => localDigits(String(v), lang) } } },
          }}
        />
      </div>
      <DataTable
        caption={t('fees.reports.chartTable')}
        head={[t('fees.reports.month'), t('fees.cols.receipts'), t('fees.cols.amount')]}
        minWidth="16rem"
      >
        {report.rows.map((r) => (
          <tr key={r.month} className="border-t border-slate-100">
            <Td label={t('fees.reports.month')}>{monthName(r.month, lang, 'long')}</Td>
            <Td label={t('fees.cols.receipts')}>{localDigits(String(r.receipts), lang)}</Td>
            <Td label={t('fees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
          </tr>
        ))}
      </DataTable>
    </figure>
  );
}
