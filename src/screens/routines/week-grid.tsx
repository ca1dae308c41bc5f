/**
 * A week as a grid: days down, periods across, for a section, a teacher or a room.
 * Used by the admin's week view, the teacher's /routine, the student's /studentroutine and the
 * viewer. On phones the days become stacked cards; printed, each grid is one page with the app's
 * shell hidden (the print style below keeps only `.routine-print` visible).
 */
import type { ReactNode } from 'react';
import type { RoutineRow } from '@/api/schemas/routines';
import { useSearchState } from '@/ui/use-search-state';
// The print rule (a stylesheet, not an inline <style>: the content security policy allows only 'self').
import './week-grid.css';
import { Button } from '@/ui/button';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatClockTime, useDayName } from './week-routine';

/** What a cell names besides the subject: who teaches (a section's week), whom (a teacher's), or both (a room's). */
export type GridSubject = 'section' | 'teacher' | 'room';

interface PeriodColumn {
  id: number;
  code: string;
  start: string;
  end: string;
}

function columnsOf(rows: readonly RoutineRow[]): PeriodColumn[] {
  const byId = new Map<number, PeriodColumn>();
  for (const r of rows) {
    if (!byId.has(r.period_id))
      byId.set(r.period_id, { id: r.period_id, code: r.period_code, start: r.start_time, end: r.end_time });
  }
  return [...byId.values()].sort((a, b) => a.start.localeCompare(b.start) || a.code.localeCompare(b.code));
}

function daysOf(rows: readonly RoutineRow[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const r of rows) byId.set(r.day_id, r.day);
  return [...byId.entries()].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name }));
}

export function PrintButton() {
  const { t } = useI18n();
  return (
    <Button variant="secondary" onClick={() => window.print()} className="print:hidden">
      {t('routines.grid.print')}
    </Button>
  );
}

function Cell({ rows, subject }: { rows: RoutineRow[]; subject: GridSubject }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  return (
    <>
      {rows.map((r) => (
        <div key={r.id}>
          <p className="font-medium text-slate-900">{name('subjects', r.subject_name)}</p>
          <p className="text-xs text-slate-600">
            {subject !== 'section'
              ? t('routines.grid.sectionName', {
                  class: name('classes', r.class_name),
                  section: r.section_default_name,
                })
              : null}
            {subject === 'room' ? ' · ' : null}
            {subject !== 'teacher' ? r.initial : null}
            {/* docs/DOMAIN.md, Records: a teacher who left is flagged on their periods. */}
            {subject !== 'teacher' && r.teacher_left_on ? ` (${t('records.list.inactive')})` : null}
            {subject !== 'room' && r.room ? ` · ${localDigits(r.room, lang)}` : null}
          </p>
        </div>
      ))}
    </>
  );
}

/** One week (a section's, a teacher's or a room's), titled `title`. */
export function WeekGrid({
  rows,
  title,
  subject,
}: {
  rows: readonly RoutineRow[];
  title: string;
  subject: GridSubject;
}) {
  const { t, lang } = useI18n();
  const dayName = useDayName();
  const columns = columnsOf(rows);
  const days = daysOf(rows);
  const at = (day: number, period: number) => rows.filter((r) => r.day_id === day && r.period_id === period);
  const time = (c: PeriodColumn) => `${formatClockTime(c.start, lang)}–${formatClockTime(c.end, lang)}`;
  return (
    <section className="routine-print space-y-3" aria-label={t('routines.grid.caption', { name: title })}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {t('routines.grid.empty')}
        </p>
      ) : (
        <>
          <div
            className="hidden overflow-x-auto rounded-xl ring-1 ring-slate-200 md:block print:block print:overflow-visible"
            role="region"
            tabIndex={0}
            aria-label={t('routines.grid.caption', { name: title })}
          >
            <table className="min-w-full border-collapse bg-white text-sm">
              <caption className="sr-only">{t('routines.grid.caption', { name: title })}</caption>
              <thead>
                <tr className="bg-slate-50 text-left">
                  <th scope="col" className="border-b border-slate-200 p-2 font-semibold text-slate-700">
                    {t('routines.grid.day')}
                  </th>
                  {columns.map((c) => (
                    <th key={c.id} scope="col" className="border-b border-slate-200 p-2 font-semibold text-slate-700">
                      <span className="block">{localDigits(c.code, lang)}</span>
                      <span className="block text-xs font-normal text-slate-600">{time(c)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.id} className="border-b border-slate-100 align-top">
                    <th scope="row" className="p-2 text-left font-semibold text-slate-800">
                      {dayName(d.id, d.name)}
                    </th>
                    {columns.map((c) => {
                      const cell = at(d.id, c.id);
                      return (
                        <td key={c.id} className="p-2">
                          {cell.length ? (
                            <Cell rows={cell} subject={subject} />
                          ) : (
                            <span className="text-slate-400">{t('routines.grid.free')}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="space-y-3 md:hidden print:hidden">
            {days.map((d) => (
              <section
                key={d.id}
                aria-label={dayName(d.id, d.name)}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <h3 className="mb-2 text-base font-semibold text-slate-900">{dayName(d.id, d.name)}</h3>
                <ol className="divide-y divide-slate-100">
                  {columns
                    .filter((c) => at(d.id, c.id).length > 0)
                    .map((c) => (
                      <li key={c.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                        <div>
                          <p className="text-xs font-semibold text-indigo-700">{localDigits(c.code, lang)}</p>
                          <Cell rows={at(d.id, c.id)} subject={subject} />
                        </div>
                        <p className="whitespace-nowrap text-slate-600">{time(c)}</p>
                      </li>
                    ))}
                </ol>
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * A person's own week (the teacher's /routine, the student's /studentroutine): day cards (today
 * first) or the grid, the choice in the address (`?view=grid`), the grid printable.
 */
export function OwnWeek({
  rows,
  title,
  subject,
  cards,
}: {
  rows: readonly RoutineRow[];
  title: string;
  subject: GridSubject;
  cards: ReactNode;
}) {
  const { t } = useI18n();
  const [params, setParams] = useSearchState({ view: 'cards' });
  const tab = (view: 'cards' | 'grid', label: string) => (
    <button
      type="button"
      aria-pressed={params.view === view}
      onClick={() => setParams({ view }, { replace: true })}
      className={`min-h-11 rounded-md px-4 text-sm font-semibold ${
        params.view === view ? 'bg-indigo-600 text-white' : 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300'
      }`}
    >
      {label}
    </button>
  );
  return (
    <>
      <div role="group" aria-label={t('routines.view.label')} className="mb-4 flex flex-wrap gap-2 print:hidden">
        {tab('cards', t('routines.view.cards'))}
        {tab('grid', t('routines.view.week'))}
        {params.view === 'grid' ? <PrintButton /> : null}
      </div>
      {params.view === 'grid' ? (
        <div className="routine-print-area">
          <WeekGrid rows={rows} title={title} subject={subject} />
        </div>
      ) : (
        cards
      )}
    </>
  );
}
