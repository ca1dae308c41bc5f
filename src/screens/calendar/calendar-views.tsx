/**
 * The academic calendar's two views, shared by the admin's screen and the read-only ones: a month
 * (a grid of the month, entries on their days; on a phone a list of the days that have entries)
 * and a paged list. The view, month, type and page are in the address (`?view=list&month=2026-12
 * &type=holiday&page=2`), so Back, reload and a shared link return to the same view.
 *
 * The grid is keyboard navigable as the ARIA grid pattern: one day has Tab focus, the arrow keys
 * move by day and week, Home and End go to the week's ends, PageUp and PageDown change the month.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { calendarQuery, type CalendarReader } from '@/api/calendar';
import { CALENDAR_TYPES, type CalendarRow, type CalendarType } from '@/api/schemas/calendar';
import { schoolToday } from '@/api/school-time';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { formatDate, localDigits } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';

export const LIST_PAGE_SIZE = 20;
/** A month never holds more entries than this in practice; the month view asks for all of them. */
const MONTH_LIMIT = 200;

export const TYPE_STYLES: Record<CalendarType, string> = {
  holiday: 'bg-red-50 text-red-900 ring-red-200',
  exam: 'bg-amber-50 text-amber-950 ring-amber-200',
  event: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
  meeting: 'bg-sky-50 text-sky-950 ring-sky-200',
  other: 'bg-slate-50 text-slate-900 ring-slate-200',
};

const isMonth = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);
const isType = (v: string): v is CalendarType => (CALENDAR_TYPES as readonly string[]).includes(v);

export function formatDay(iso: string, lang: Language) {
  return formatDate(iso, 'd MMM yyyy', lang);
}

/** "21 Feb 2026" or "29 Nov 2026 to 10 Dec 2026", in the user's language and digits. */
export function formatRange(
  row: Pick<CalendarRow, 'date' | 'end_date'>,
  lang: Language,
  t: (k: never, o?: object) => string,
) {
  const from = localDigits(formatDay(row.date, lang), lang);
  if (row.end_date === row.date) return from;
  return t('calendar.range' as never, { from, to: localDigits(formatDay(row.end_date, lang), lang) });
}

export interface CalendarFilters {
  view: 'month' | 'list';
  /** YYYY-MM; in the list '' = every month. */
  month: string;
  type: CalendarType | undefined;
  page: number;
}

/** The view, month, type and page from the address, with a setter. */
export function useCalendarFilters(): [
  CalendarFilters,
  (patch: Partial<Record<keyof CalendarFilters, string>>) => void,
] {
  const [params, setParams] = useSearchState({ view: 'month', month: '', type: '', page: '1' });
  const page = Number(params.page);
  const filters: CalendarFilters = {
    view: params.view === 'list' ? 'list' : 'month',
    month: isMonth(params.month) ? params.month : '',
    type: isType(params.type) ? params.type : undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
  return [filters, setParams];
}

export function CalendarToolbar({ filters, children }: { filters: CalendarFilters; children?: ReactNode }) {
  const { t } = useI18n();
  const [, setParams] = useCalendarFilters();
  const shownMonth = filters.month || (filters.view === 'month' ? schoolToday().slice(0, 7) : '');
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <div role="group" aria-label={t('calendar.views.label')} className="flex gap-1">
        {(['month', 'list'] as const).map((v) => (
          <Button
            key={v}
            variant={filters.view === v ? 'primary' : 'secondary'}
            aria-pressed={filters.view === v}
            onClick={() => setParams({ view: v, page: '1' })}
          >
            {t(`calendar.views.${v}`)}
          </Button>
        ))}
      </div>
      <TextField
        type="month"
        label={t('calendar.filters.month')}
        value={shownMonth}
        onChange={(e) => setParams({ month: e.target.value, page: '1' })}
        className="w-44"
      />
      <SelectField
        label={t('calendar.filters.type')}
        value={filters.type ?? ''}
        onChange={(v) => setParams({ type: v, page: '1' })}
        placeholder={t('calendar.filters.allTypes')}
        options={CALENDAR_TYPES.map((ty) => ({ value: ty, label: t(`calendar.types.${ty}`) }))}
        className="w-44"
      />
      {children}
    </div>
  );
}

export function TypeBadge({ type }: { type: CalendarType }) {
  const { t } = useI18n();
  return (
    <span className={`inline-block rounded px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${TYPE_STYLES[type]}`}>
      {t(`calendar.types.${type}`)}
    </span>
  );
}

export interface RowActions {
  onEdit: (row: CalendarRow) => void;
  onDelete: (row: CalendarRow) => void;
  busy?: boolean;
}

/** The month or the list of one school's calendar, read with `reader`'s call. */
export function CalendarBody({
  reader,
  schoolInfoId,
  filters,
  actions,
}: {
  reader: CalendarReader;
  schoolInfoId?: number;
  filters: CalendarFilters;
  actions?: RowActions;
}) {
  return filters.view === 'list' ? (
    <CalendarList reader={reader} schoolInfoId={schoolInfoId} filters={filters} actions={actions} />
  ) : (
    <CalendarMonth reader={reader} schoolInfoId={schoolInfoId} filters={filters} actions={actions} />
  );
}

function CalendarList({
  reader,
  schoolInfoId,
  filters,
  actions,
}: {
  reader: CalendarReader;
  schoolInfoId?: number;
  filters: CalendarFilters;
  actions?: RowActions;
}) {
  const { t, lang } = useI18n();
  const [, setParams] = useCalendarFilters();
  const offset = (filters.page - 1) * LIST_PAGE_SIZE;
  const query = useQuery(
    calendarQuery(reader, {
      school_info_id: schoolInfoId,
      month: filters.month || undefined,
      type: filters.type,
      limit: LIST_PAGE_SIZE,
      offset,
    }),
  );
  const head = [t('calendar.head.serial'), t('calendar.head.type'), t('calendar.head.topics'), t('calendar.head.date')];
  if (actions) head.push(t('calendar.head.edit'), t('calendar.head.delete'));
  return (
    <QueryState
      query={query}
      what={t('calendar.what')}
      loadingLabel={t('calendar.loading')}
      empty={t('calendar.empty')}
      isEmpty={(d) => d.total === 0}
    >
      {(data) => (
        <>
          <DataTable caption={t('calendar.caption')} head={head} cards>
            {data.rows.map((row, i) => (
              <tr key={row.id}>
                <Td label={t('calendar.head.serial')}>{localDigits(String(offset + i + 1), lang)}</Td>
                <Td label={t('calendar.head.type')}>
                  <TypeBadge type={row.type} />
                </Td>
                <Td label={t('calendar.head.topics')}>
                  <span className="font-medium text-slate-900">{row.topics}</span>
                  {row.details ? <span className="block text-slate-600">{row.details}</span> : null}
                </Td>
                <Td label={t('calendar.head.date')}>{formatRange(row, lang, t as never)}</Td>
                {actions ? (
                  <>
                    <Td label={t('calendar.head.edit')}>
                      <Button
                        variant="secondary"
                        disabled={actions.busy}
                        onClick={() => actions.onEdit(row)}
                        aria-label={`${t('calendar.head.edit')}: ${row.topics}`}
                      >
                        {t('calendar.head.edit')}
                      </Button>
                    </Td>
                    <Td label={t('calendar.head.delete')}>
                      <Button
                        variant="secondary"
                        className="text-red-800"
                        disabled={actions.busy}
                        onClick={() => actions.onDelete(row)}
                        aria-label={`${t('calendar.head.delete')}: ${row.topics}`}
                      >
                        {t('calendar.head.delete')}
                      </Button>
                    </Td>
                  </>
                ) : null}
              </tr>
            ))}
          </DataTable>
          <Pagination
            page={filters.page}
            pageSize={LIST_PAGE_SIZE}
            total={data.total}
            onPage={(p) => setParams({ page: String(p) })}
            label={t('calendar.pages')}
          />
        </>
      )}
    </QueryState>
  );
}

/** The days of the month's grid: from the Sunday on or before the 1st to the Saturday on or after its last day. */
export function monthDays(month: string): string[] {
  const first = DateTime.fromISO(`${month}-01`);
  const start = first.minus({ days: first.weekday % 7 });
  const last = first.endOf('month').startOf('day');
  const end = last.plus({ days: 6 - (last.weekday % 7) });
  const days: string[] = [];
  for (let d = start; d <= end; d = d.plus({ days: 1 })) days.push(d.toISODate()!);
  return days;
}

export function entriesOn(rows: readonly CalendarRow[], day: string) {
  return rows.filter((r) => r.date <= day && day <= r.end_date);
}

function CalendarMonth({
  reader,
  schoolInfoId,
  filters,
  actions,
}: {
  reader: CalendarReader;
  schoolInfoId?: number;
  filters: CalendarFilters;
  actions?: RowActions;
}) {
  const { t, lang } = useI18n();
  const [, setParams] = useCalendarFilters();
  const month = filters.month || schoolToday().slice(0, 7);
  const query = useQuery(
    calendarQuery(reader, { school_info_id: schoolInfoId, month, type: filters.type, limit: MONTH_LIMIT, offset: 0 }),
  );
  const shift = (n: number) =>
    setParams({ month: DateTime.fromISO(`${month}-01`).plus({ months: n }).toFormat('yyyy-MM'), page: '1' });
  const title = localDigits(formatDate(`${month}-01`, 'MMMM yyyy', lang), lang);
  return (
    <section aria-label={t('calendar.month.grid', { month: title })}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <Button variant="secondary" onClick={() => shift(-1)} aria-label={t('calendar.month.previous')}>
          ‹
        </Button>
        <h2 className="text-lg font-semibold text-slate-900" aria-live="polite">
          {title}
        </h2>
        <Button variant="secondary" onClick={() => shift(1)} aria-label={t('calendar.month.next')}>
          ›
        </Button>
      </div>
      <QueryState query={query} what={t('calendar.what')} loadingLabel={t('calendar.loading')}>
        {(data) => (
          <>
            <MonthGrid month={month} rows={data.rows} actions={actions} onMonth={shift} />
            <PhoneDays month={month} rows={data.rows} actions={actions} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function EntryChip({ row, actions }: { row: CalendarRow; actions?: RowActions }) {
  const { t } = useI18n();
  const content = (
    <>
      <span className="sr-only">{`${t(`calendar.types.${row.type}`)}, `}</span>
      {row.topics}
    </>
  );
  const style = `block w-full truncate rounded px-1.5 py-0.5 text-left text-xs font-medium ring-1 ring-inset ${TYPE_STYLES[row.type]}`;
  return actions ? (
    <button
      type="button"
      tabIndex={-1}
      className={`${style} min-h-6`}
      onClick={() => actions.onEdit(row)}
      title={row.topics}
    >
      {content}
    </button>
  ) : (
    <span className={style} title={row.topics}>
      {content}
    </span>
  );
}

const WEEK = [0, 1, 2, 3, 4, 5, 6];

function MonthGrid({
  month,
  rows,
  actions,
  onMonth,
}: {
  month: string;
  rows: readonly CalendarRow[];
  actions?: RowActions;
  onMonth: (n: number) => void;
}) {
  const { t, lang } = useI18n();
  const days = useMemo(() => monthDays(month), [month]);
  const today = schoolToday();
  const [focused, setFocused] = useState(() => (today.startsWith(month) ? today : `${month}-01`));
  const refs = useRef(new Map<string, HTMLDivElement>());
  const moved = useRef(false);
  useEffect(() => {
    if (!focused.startsWith(month)) setFocused(today.startsWith(month) ? today : `${month}-01`);
  }, [month, focused, today]);
  useEffect(() => {
    if (moved.current) refs.current.get(focused)?.focus();
    moved.current = false;
  }, [focused]);
  const weekdays = WEEK.map((i) => formatDate(days[i], 'ccc', lang));
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const d = DateTime.fromISO(focused);
    const dow = d.weekday % 7;
    const step: Record<string, DateTime | null> = {
      ArrowLeft: d.minus({ days: 1 }),
      ArrowRight: d.plus({ days: 1 }),
      ArrowUp: d.minus({ days: 7 }),
      ArrowDown: d.plus({ days: 7 }),
      Home: d.minus({ days: dow }),
      End: d.plus({ days: 6 - dow }),
      PageUp: null,
      PageDown: null,
    };
    if (!(e.key in step)) return;
    e.preventDefault();
    if (e.key === 'PageUp' || e.key === 'PageDown') {
      onMonth(e.key === 'PageUp' ? -1 : 1);
      return;
    }
    const next = step[e.key]!.toISODate()!;
    if (!next.startsWith(month)) return;
    moved.current = true;
    setFocused(next);
  };
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return (
    <div className="max-sm:hidden">
      <p className="sr-only">{t('calendar.month.keyboardHint')}</p>
      <div role="grid" aria-label={localDigits(formatDate(`${month}-01`, 'MMMM yyyy', lang), lang)} onKeyDown={onKey}>
        <div role="row" className="grid grid-cols-7 gap-1 text-xs font-semibold uppercase text-slate-500">
          {weekdays.map((w) => (
            <div role="columnheader" key={w} className="px-1 py-1">
              {w}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div role="row" key={week[0]} className="grid grid-cols-7 gap-1">
            {week.map((day) => {
              const inMonth = day.startsWith(month);
              const entries = inMonth ? entriesOn(rows, day) : [];
              const dayName = localDigits(formatDate(day, 'cccc d MMMM', lang), lang);
              return (
                <div
                  role="gridcell"
                  key={day}
                  ref={(el) => {
                    if (el) refs.current.set(day, el);
                    else refs.current.delete(day);
                  }}
                  tabIndex={inMonth && day === focused ? 0 : -1}
                  aria-current={day === today ? 'date' : undefined}
                  onClick={() => inMonth && setFocused(day)}
                  onKeyDown={(e) => {
                    if (actions && entries[0] && (e.key === 'Enter' || e.key === ' ')) {
                      e.preventDefault();
                      actions.onEdit(entries[0]);
                    }
                  }}
                  className={`min-h-24 rounded-md border p-1 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-600 ${
                    inMonth ? 'border-slate-200 bg-white' : 'border-transparent bg-slate-50 text-slate-300'
                  } ${day === today ? 'border-indigo-400' : ''}`}
                >
                  {inMonth ? (
                    <>
                      {/* The cell's name is its content: "Wednesday 16 December: Holiday, Victory Day". */}
                      <span className="sr-only">{`${dayName}${entries.length ? ':' : ''} `}</span>
                      <span aria-hidden="true" className="block text-xs font-semibold text-slate-600">
                        {localDigits(String(Number(day.slice(8))), lang)}
                      </span>
                      <div className="mt-1 space-y-0.5">
                        {entries.map((r) => (
                          <EntryChip key={r.id} row={r} actions={actions} />
                        ))}
                      </div>
                    </>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
}

/** On a phone: the month's days that have entries, as a list. */
function PhoneDays({ month, rows, actions }: { month: string; rows: readonly CalendarRow[]; actions?: RowActions }) {
  const { t, lang } = useI18n();
  const days = monthDays(month).filter((d) => d.startsWith(month) && entriesOn(rows, d).length > 0);
  if (days.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 sm:hidden">
        {t('calendar.empty')}
      </p>
    );
  }
  return (
    <ol className="space-y-2 sm:hidden" aria-label={t('calendar.caption')}>
      {days.map((day) => (
        <li key={day} className="rounded-lg border border-slate-200 p-3">
          <p className="text-sm font-semibold text-slate-900">
            {localDigits(formatDate(day, 'cccc d MMMM', lang), lang)}
          </p>
          <ul className="mt-2 space-y-1">
            {entriesOn(rows, day).map((r) => (
              <li key={r.id} className="flex min-h-11 items-center justify-between gap-2">
                <span className="flex items-center gap-2">
                  <TypeBadge type={r.type} />
                  <span className="text-sm text-slate-800">{r.topics}</span>
                </span>
                {actions ? (
                  <Button
                    variant="secondary"
                    onClick={() => actions.onEdit(r)}
                    aria-label={`${t('calendar.head.edit')}: ${r.topics}`}
                  >
                    {t('calendar.head.edit')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
