/**
 * Pieces the routine screens share: the choices of the routine form and filters (sections of the
 * chosen class and shift, periods of the shift, subjects of the class), the filter row, and the
 * week view (a section's, a teacher's or a room's week as a grid) of the admin's screen.
 */
import { useQuery } from '@tanstack/react-query';
import { routineSearchQuery, type RoutineLookups } from '@/api/routines';
import { ROUTINE_SEARCH_PAGE, type RoutineRow } from '@/api/schemas/routines';
import type { RoutineForm } from '@/machines/routine-editor.machine';
import { Button } from '@/ui/button';
import { SelectField, type SelectOption } from '@/ui/select';
import { EmptyState, QueryState } from '@/ui/status';
import { TextField } from '@/ui/field';
import { localDigits } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useNames, type NameKind } from '@/i18n/names';
import { formatClockTime, useDayName } from './week-routine';
import { PrintButton, WeekGrid } from './week-grid';

type IdField = Exclude<keyof RoutineForm, 'id' | 'room'>;

/** A shared name in the user's language: useNames().name. */
export type NameOf = (kind: NameKind, en: string) => string;

/** The choices of each id field, given what is chosen already (`name`: useNames().name). */
export function routineOptions(
  lookups: RoutineLookups,
  chosen: Partial<Record<IdField, number | null>>,
  lang: Language,
  name: NameOf,
  dayName?: (id: number, name: string) => string,
): Record<IdField, SelectOption[]> {
  const d = (s: string) => localDigits(s, lang);
  return {
    session_id: lookups.sessions.map((s) => ({ value: String(s.id), label: d(s.session_year) })),
    shift_id: lookups.shifts
      .filter((s) => lookups.sections.some((sec) => sec.shift_id === s.id))
      .map((s) => ({ value: String(s.id), label: name('shifts', s.shift_name) })),
    class_id: lookups.classes.map((c) => ({ value: String(c.id), label: name('classes', c.class_name) })),
    section_id: lookups.sections
      .filter(
        (s) =>
          (!chosen.class_id || s.class_id === chosen.class_id) && (!chosen.shift_id || s.shift_id === chosen.shift_id),
      )
      .map((s) => ({
        value: String(s.id),
        label: chosen.class_id ? s.section_default_name : `${name('classes', s.class_name)} ${s.section_default_name}`,
      })),
    day_id: lookups.days.map((x) => ({ value: String(x.id), label: dayName ? dayName(x.id, x.day) : x.day })),
    period_id: lookups.periods
      .filter((p) => !chosen.shift_id || p.shift_id === chosen.shift_id)
      .map((p) => ({
        value: String(p.id),
        label: `${d(p.period_code)} (${formatClockTime(p.start_time, lang)}–${formatClockTime(p.end_time, lang)})`,
      })),
    subject_id: lookups.subjects
      .filter((s) => chosen.class_id && s.class_id === chosen.class_id)
      .map((s) => ({ value: String(s.id), label: name('subjects', s.subject_name) })),
    teacher_id: lookups.teachers.map((x) => ({ value: String(x.id), label: `${x.initial} — ${x.full_name}` })),
  };
}

export type FilterValues = Partial<Record<IdField, string>>;

/** A row of filter selects ("All" = ''), whose values live in the address. */
export function RoutineFilters({
  lookups,
  values,
  onChange,
  fields,
}: {
  lookups: RoutineLookups;
  values: FilterValues;
  onChange: (patch: FilterValues) => void;
  fields: IdField[];
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const dayName = useDayName();
  const chosen = Object.fromEntries(fields.map((f) => [f, Number(values[f]) || null])) as Record<
    IdField,
    number | null
  >;
  const options = routineOptions(lookups, chosen, lang, name, dayName);
  const labels: Record<IdField, string> = {
    session_id: t('routines.form.session'),
    shift_id: t('routines.form.shift'),
    class_id: t('routines.form.class'),
    section_id: t('routines.form.section'),
    day_id: t('routines.form.day'),
    period_id: t('routines.form.period'),
    subject_id: t('routines.form.subject'),
    teacher_id: t('routines.form.teacher'),
  };
  const any = fields.some((f) => values[f]);
  return (
    <fieldset className="mb-4 print:hidden">
      <legend className="sr-only">{t('routines.list.filters')}</legend>
      <div className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {fields.map((f) => (
          <SelectField
            key={f}
            name={`filter-${f}`}
            label={labels[f]}
            value={values[f] ?? ''}
            options={options[f]}
            placeholder={t('routines.list.all')}
            onChange={(v) => {
              const patch: FilterValues = { [f]: v };
              // A new class or shift may not have the chosen section.
              if (f === 'class_id' || f === 'shift_id') patch.section_id = '';
              onChange(patch);
            }}
          />
        ))}
      </div>
      {any ? (
        <Button
          variant="ghost"
          className="mt-2"
          onClick={() => onChange(Object.fromEntries(fields.map((f) => [f, ''])) as FilterValues)}
        >
          {t('routines.list.clearFilters')}
        </Button>
      ) : null}
    </fieldset>
  );
}

export type WeekBy = 'section' | 'teacher' | 'room';

/** A week chosen by section, teacher or room, as a printable grid. */
export function WeekView({
  lookups,
  schoolId,
  sessionId,
  by,
  of,
  onChoose,
}: {
  lookups: RoutineLookups;
  schoolId: number | null;
  sessionId?: number;
  by: WeekBy;
  of: string;
  onChoose: (by: WeekBy, of: string) => void;
}) {
  const { t } = useI18n();
  const { name } = useNames();
  const kinds: { value: WeekBy; label: string }[] = [
    { value: 'section', label: t('routines.grid.section') },
    { value: 'teacher', label: t('routines.grid.teacher') },
    { value: 'room', label: t('routines.grid.room') },
  ];
  const every: SelectOption[] =
    by === 'section'
      ? [{ value: 'all', label: t('routines.grid.allSections') }]
      : by === 'teacher'
        ? [{ value: 'all', label: t('routines.grid.allTeachers') }]
        : [];
  const choices: SelectOption[] =
    by === 'section'
      ? lookups.sections.map((s) => ({
          value: String(s.id),
          label: t('routines.grid.sectionName', {
            class: name('classes', s.class_name),
            section: s.section_default_name,
          }),
        }))
      : by === 'teacher'
        ? lookups.teachers.map((x) => ({ value: String(x.id), label: `${x.initial} — ${x.full_name}` }))
        : [];
  const title = by === 'room' ? of : (choices.find((c) => c.value === of)?.label ?? '');
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-3 print:hidden">
        <SelectField
          label={t('routines.grid.weekOf')}
          value={by}
          options={kinds}
          onChange={(v) => onChoose(v as WeekBy, '')}
        />
        {by === 'room' ? (
          <TextField
            label={t('routines.grid.room')}
            defaultValue={of}
            key={`room-${of}`}
            maxLength={40}
            onBlur={(e) => onChoose('room', e.target.value.trim())}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onChoose('room', (e.target as HTMLInputElement).value.trim());
            }}
          />
        ) : (
          <SelectField
            label={by === 'section' ? t('routines.grid.section') : t('routines.grid.teacher')}
            value={of}
            options={[...every, ...choices]}
            placeholder={t('routines.form.choose')}
            onChange={(v) => onChoose(by, v)}
          />
        )}
        {of ? (
          <div className="self-end">
            <PrintButton />
          </div>
        ) : null}
      </div>
      {of ? (
        <WeekOf schoolId={schoolId} sessionId={sessionId} by={by} of={of} title={title} />
      ) : (
        <EmptyState>
          {by === 'section'
            ? t('routines.grid.chooseSection')
            : by === 'teacher'
              ? t('routines.grid.chooseTeacher')
              : t('routines.grid.chooseRoom')}
        </EmptyState>
      )}
    </div>
  );
}

/** One chosen week, read with the admin search (week order). */
export function WeekOf({
  schoolId,
  sessionId,
  by,
  of,
  title,
}: {
  schoolId: number | null;
  sessionId?: number;
  by: WeekBy;
  of: string;
  title: string;
}) {
  const { t } = useI18n();
  const { name } = useNames();
  const all = of === 'all' && by !== 'room';
  const filter = all
    ? { limit: ROUTINE_SEARCH_PAGE.maxLimit }
    : by === 'section'
      ? { section_id: Number(of) }
      : by === 'teacher'
        ? { teacher_id: Number(of) }
        : { room: of };
  const week = useQuery(
    routineSearchQuery({ school_info_id: schoolId ?? undefined, session_id: sessionId, ...filter }),
  );
  /** Every section's (or teacher's) week, one grid each: printed, a page each. */
  const weeks = (rows: readonly RoutineRow[]) => {
    const groups = new Map<number, { title: string; rows: RoutineRow[] }>();
    for (const r of rows) {
      const key = by === 'section' ? r.section_id : r.teacher_id;
      const title =
        by === 'section'
          ? t('routines.grid.sectionName', { class: name('classes', r.class_name), section: r.section_default_name })
          : `${r.initial} — ${r.full_name}`;
      const group = groups.get(key) ?? { title, rows: [] };
      group.rows.push(r);
      groups.set(key, group);
    }
    return [...groups.entries()];
  };
  return (
    <div className="routine-print-area space-y-8">
      <QueryState query={week} what={t('routines.grid.what')} loadingLabel={t('routines.grid.loading')}>
        {(data) =>
          all ? (
            weeks(data.rows).map(([key, g]) => <WeekGrid key={key} rows={g.rows} title={g.title} subject={by} />)
          ) : (
            <WeekGrid rows={data.rows} title={title} subject={by} />
          )
        }
      </QueryState>
    </div>
  );
}
