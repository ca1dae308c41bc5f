/**
 * The result analysis charts: the pass rate of each section, and each section's grades stacked
 * (chart.js through react-chartjs-2). Loaded on its own (React.lazy from result-analysis.tsx), so
 * chart.js is fetched only when the analysis is opened. The canvases are decoration: the tables
 * of result-analysis.tsx carry every figure for screen readers, and each chart names them.
 */
import { useMemo } from 'react';
import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { LETTERS, type ResultAnalysis } from '@/api/schemas/reports';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';

ChartJS.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

const COLOURS = ['#047857', '#059669', '#10b981', '#4f46e5', '#818cf8', '#f59e0b', '#b91c1c'];

export default function AnalysisCharts({ analysis }: { analysis: ResultAnalysis }) {
  const { t, lang } = useI18n();
  // Built once per answer and language: a chart given new objects on every render is updated by
  // react-chartjs-2 each time, also while React remounts it (a detached canvas).
  const { passData, gradeData, passOptions, gradeOptions } = useMemo(() => {
    const lines = analysis.overall.filter((l) => l.section_id !== null);
    const labels = lines.map((l) => l.section_default_name ?? '');
    const ticks = { callback: (v: string | number) => localDigits(String(v), lang) };
    return {
      passData: {
        labels,
        datasets: [
          {
            label: t('resultsAnalysis.analysis.columns.passRate'),
            data: lines.map((l) => l.pass_rate ?? 0),
            backgroundColor: '#4f46e5',
          },
        ],
      },
      gradeData: {
        labels,
        datasets: LETTERS.map((letter, i) => ({
          label: letter,
          data: lines.map((l) => l.grades[letter]),
          backgroundColor: COLOURS[i],
        })),
      },
      passOptions: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false as const,
        plugins: { legend: { display: false } },
        scales: { y: { beginAtZero: true, max: 100, ticks } },
      },
      gradeOptions: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false as const,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks } },
      },
    };
  }, [analysis, lang, t]);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <figure>
        <figcaption className="font-semibold text-slate-900">{t('resultsAnalysis.analysis.passRateChart')}</figcaption>
        <div className="relative h-56 w-full min-w-0">
          <Bar aria-hidden="true" data={passData} options={passOptions} />
        </div>
      </figure>
      <figure>
        <figcaption className="font-semibold text-slate-900">{t('resultsAnalysis.analysis.gradesChart')}</figcaption>
        <div className="relative h-56 w-full min-w-0">
          <Bar aria-hidden="true" data={gradeData} options={gradeOptions} />
        </div>
      </figure>
    </div>
  );
}
