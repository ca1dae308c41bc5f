/**
 * A week of classes as day cards (spec part 2, Routines: "weekly routine cards (day, period,
 * times, subject, class, section, room, teacher initial)"). Today's card comes first and is marked,
 * so the page answers "what do I have now" at a glance.
 */
import { useCallback } from 'react';
import { DateTime, Info } from 'luxon';
import type { RoutineRow } from '@/api/schemas/routines';
import { formatClockTime as englishClockTime } from '@/ui/format';
import { schoolTimeZone } from '@/api/session';
import { formatDateTime, localDigits } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';

/** "08:00:00" -> "8:00 AM" in English (the spec's), "সকাল ৮:০০" in Bangla; unparseable text as given. */
export function formatClockTime(value: string, lang: Language = 'en'): string {
  if (lang === 'en') return englishClockTime(value);
  for (const format of ['HH:mm:ss', 'HH:mm']) {
    const t = DateTime.fromFormat(value, format);
    if (t.isValid) return formatDateTime(t, 'h:mm a', lang);
  }
  return value;
}

/**
 * A routine day's name: the server's (English, the spec's) in English; the weekday in the
 * language otherwise. Spec day ids: 1 = Sunday ... 7 = Saturday.
 */
export function useDayName(): (dayId: number, serverName: string) => string {
  const { lang } = useI18n();
  return useCallback(
    (dayId: number, serverName: string) => {
      if (lang === 'en' || dayId < 1 || dayId > 7) return serverName;
      // luxon lists Monday first: day id 2 (Monday) is index 0, 1 (Sunday) is index 6.
      return Info.weekdays('long', { locale: 'bn' })[(dayId + 5) % 7];
    },
    [lang],
  );
}

/** Spec day ids: 1 = Sunday ... 7 = Saturday (luxon: 1 = Monday ... 7 = Sunday). */
export const todayDayId = (zone = schoolTimeZone()) => (DateTime.now().setZone(zone).weekday % 7) + 1;

export function groupByDay(rows: readonly RoutineRow[]) {
  const days = new Map<number, { day: string; rows: RoutineRow[] }>();
  for (const row of rows) {
    const entry = days.get(row.day_id) ?? { day: row.day, rows: [] };
    entry.rows.push(row);
    days.set(row.day_id, entry);
  }
  return [...days.entries()]
    .sort(([a], [b]) => a - b)
    .map(([dayId, entry]) => ({
      dayId,
      ...entry,
      rows: entry.rows.sort((a, b) => a.start_time.localeCompare(b.start_time)),
    }));
}

export function WeekRoutine({ rows, show }: { rows: readonly RoutineRow[]; show: 'class' | 'teacher' }) {
  const { t } = useI18n();
  const dayName = useDayName();
  const today = todayDayId();
  const days = groupByDay(rows);
  const ordered = [...days.filter((d) => d.dayId === today), ...days.filter((d) => d.dayId !== today)];
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {ordered.map((d) => (
        <section
          key={d.dayId}
          aria-labelledby={`day-${d.dayId}`}
          className={`rounded-xl border bg-white p-4 shadow-sm ${d.dayId === today ? 'border-indigo-400 ring-1 ring-indigo-300' : 'border-slate-200'}`}
        >
          <h2
            id={`day-${d.dayId}`}
            className="mb-3 flex items-center justify-between text-base font-semibold text-slate-900"
          >
            {dayName(d.dayId, d.day)}
            {d.dayId === today && (
              <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-700">
                {t('shell.routine.today')}
              </span>
            )}
          </h2>
          <ol className="divide-y divide-slate-100">
            {d.rows.map((r) => (
              <PeriodLine key={r.id} r={r} show={show} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** One period of a day: code and subject, then the class (or the teacher) and room, and its times. */
export function PeriodLine({ r, show }: { r: RoutineRow; show: 'class' | 'teacher' }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <div>
        <p className="font-medium text-slate-900">
          {localDigits(r.period_code, lang)} · {name('subjects', r.subject_name)}
        </p>
        <p className="text-slate-600">
          {show === 'class'
            ? t('shell.routine.classSection', {
                class: name('classes', r.class_name),
                section: r.section_default_name,
              })
            : t('shell.routine.teacher', { initial: r.initial })}
          {r.room ? ` · ${t('shell.routine.roomNo', { room: localDigits(r.room, lang) })}` : ''}
        </p>
      </div>
      <p className="whitespace-nowrap text-slate-600">
        {formatClockTime(r.start_time, lang)}–{formatClockTime(r.end_time, lang)}
      </p>
    </li>
  );
}
