/**
 * The attendance trend as a line (chart.js through react-chartjs-2). Loaded on its own
 * (React.lazy from summary-parts.tsx), so chart.js is fetched only when a dashboard draws a trend.
 * The canvas is decoration: its text alternative is the summary sentence and the table of every
 * day beside it (TrendCard), which carry the exact figures.
 */
import { CategoryScale, Chart as ChartJS, Filler, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, Tooltip);

export interface TrendPoint {
  label: string;
  rate: number | null;
}

export default function TrendChart({ points, name }: { points: readonly TrendPoint[]; name: string }) {
  const { lang } = useI18n();
  return (
    <div className="relative h-48 w-full min-w-0" data-testid="trend-chart">
      <Line
        aria-hidden="true"
        data={{
          labels: points.map((p) => p.label),
          datasets: [
            {
              label: name,
              data: points.map((p) => p.rate),
              borderColor: '#4f46e5',
              backgroundColor: 'rgba(79, 70, 229, 0.12)',
              fill: true,
              tension: 0.25,
              pointRadius: 2,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: { label: (c) => localDigits(`${points[c.dataIndex].rate ?? '-'}%`, lang) },
            },
          },
          scales: {
            y: { suggestedMin: 50, max: 100, ticks: { callback: (v) => localDigits(`${v}%`, lang) } },
          },
        }}
      />
    </div>
  );
}
