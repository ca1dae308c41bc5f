import { useI18n } from '@/i18n/i18n';
import { num } from './format';

/**
 * The present-rate ring of the attendance dashboard: "P-{present_rate}%", or "Not taken yet" (or
 * the given label, e.g. "No classes on Friday").
 */
export function PresentRing({ rate, label: given }: { rate: number | null; label?: string }) {
  const { t, lang } = useI18n();
  const label =
    rate === null
      ? (given ?? t('attendance.common.notTakenYet'))
      : t('attendance.dashboard.ring', { rate: num(rate, lang) });
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const filled = rate === null ? 0 : (Math.max(0, Math.min(rate, 100)) / 100) * circumference;
  return (
    <svg viewBox="0 0 128 128" className="h-36 w-36 shrink-0" role="img" aria-label={label}>
      <circle cx="64" cy="64" r={r} fill="none" stroke="currentColor" strokeWidth="12" className="text-slate-200" />
      {/* No arc at all for nothing present: a round cap on a zero-length dash still draws a dot. */}
      {filled > 0 && (
        <circle
          data-testid="present-arc"
          cx="64"
          cy="64"
          r={r}
          fill="none"
          stroke="currentColor"
          strokeWidth="12"
          strokeLinecap="round"
          strokeDasharray={`${filled} ${circumference}`}
          transform="rotate(-90 64 64)"
          className="text-emerald-500"
        />
      )}
      <text
        x="64"
        y="64"
        textAnchor="middle"
        dominantBaseline="central"
        className={rate === null ? 'fill-slate-500 text-[11px]' : 'fill-slate-900 text-[18px] font-bold'}
        aria-hidden="true"
      >
        {rate === null && given ? t('attendance.dashboard.noClasses') : label}
      </text>
    </svg>
  );
}
