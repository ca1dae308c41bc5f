/**
 * Choosing a notice's students (303 checkboxes took 319 Tabs to reach Submit): one
 * searchable multi-select (a Headless UI combobox: one Tab stop, arrows inside) that finds
 * students by name, roll or code, a "select all" box per section, and the choice shown as
 * removable chips. Everything it does is an event of the notice editor machine.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import type { SectionStudentRow } from '@/api/schemas/people';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { EmptyState, Loading } from '@/ui/status';
import { i18n, useI18n, type Language } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { useErrorText } from '@/i18n/errors';
import { formatNumber, latinDigits, localDigits } from '@/i18n/format';
import { NoticeEditor } from './editor-context';

/** Options rendered at once; typing narrows the rest (a phone need not draw 303 rows). */
export const MAX_OPTIONS = 50;
/** Chosen students shown one by one; beyond this, a count. */
const MAX_CHIPS = 12;

/**
 * A student matches when the text is in their name or code; digits alone are a roll number (or
 * the end of a code), so "1" finds roll 1, not every code with a 1 in it. Bangla digits ("১২")
 * are the same numbers.
 */
export function matchesStudent(s: SectionStudentRow, query: string): boolean {
  const q = latinDigits(query).trim().toLowerCase();
  if (!q) return true;
  if (/^\d+$/.test(q)) return String(s.class_roll_no) === String(Number(q)) || s.student_code.endsWith(q);
  return s.full_name.toLowerCase().includes(q) || s.student_code.toLowerCase().includes(q);
}

/** Chosen students that a reloaded list no longer has: unticked, and said so. */
export function droppedMessage(count: number, editing: boolean, lang: Language = 'en'): string {
  return i18n
    .t(editing ? 'notices.picker.droppedEdit' : 'notices.picker.droppedNew', { count, lng: lang })
    .replace(String(count), formatNumber(count, lang));
}

export function StudentPicker({ showMobile }: { showMobile: boolean }) {
  const actor = NoticeEditor.useActorRef();
  const students = NoticeEditor.useSelector((s) => s.context.students);
  const chosen = NoticeEditor.useSelector((s) => s.context.form.students);
  const settled = NoticeEditor.useSelector((s) => s.context.studentsSettled);
  const studentsError = NoticeEditor.useSelector((s) => s.context.studentsError);
  const sections = NoticeEditor.useSelector((s) => s.context.sections);
  const classes = NoticeEditor.useSelector((s) => s.context.classes);
  const dropped = NoticeEditor.useSelector((s) => s.context.droppedStudents.length);
  const editing = NoticeEditor.useSelector((s) => s.context.form.id !== null);
  const canChoose = NoticeEditor.useSelector((s) => s.can({ type: 'notice.chooseStudents', student_ids: [] }));
  const [query, setQuery] = useState('');
  const hintId = useId();

  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const byId = useMemo(() => new Map(students.map((s) => [s.id, s])), [students]);
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const studentsCause = NoticeEditor.useSelector((s) => s.context.studentsCause);
  const num = (n: number) => formatNumber(n, lang);
  const groupName = (sectionId: number) => {
    const sec = sections.find((s) => s.id === sectionId);
    const cls = classes.find((c) => c.id === sec?.class_id);
    return sec
      ? `${name('classes', cls?.class_name ?? sec.class_name)} ${sec.section_default_name}`
      : t('notices.picker.section', { id: num(sectionId) });
  };
  const groups = useMemo(() => {
    const out = new Map<number, SectionStudentRow[]>();
    for (const s of students) out.set(s.section_id, [...(out.get(s.section_id) ?? []), s]);
    return [...out.entries()];
  }, [students]);
  const matches = useMemo(() => students.filter((s) => matchesStudent(s, query)), [students, query]);
  const choose = (ids: number[]) => actor.send({ type: 'notice.chooseStudents', student_ids: ids });
  const describe = (s: SectionStudentRow) =>
    [
      groupName(s.section_id),
      t('notices.picker.roll', { roll: localDigits(String(s.class_roll_no), lang) }),
      s.student_code,
      showMobile ? s.mobile_no : null,
    ]
      .filter(Boolean)
      .join(' · ');

  let body;
  if (!settled) body = <Loading label={t('notices.picker.loading')} />;
  else if (studentsError)
    body = (
      <Alert tone="error">
        {t('notices.picker.couldNotLoad')} {studentsCause !== undefined ? errorText(studentsCause) : studentsError}
      </Alert>
    );
  else if (students.length === 0) body = <EmptyState>{t('notices.picker.noStudents')}</EmptyState>;
  else
    body = (
      <>
        <div className="flex flex-wrap gap-x-4 gap-y-1" role="group" aria-label={t('notices.picker.selectAll')}>
          {groups.map(([sectionId, list]) => (
            <SectionBox
              key={sectionId}
              label={t('notices.picker.allOf', { group: groupName(sectionId), n: num(list.length) })}
              chosen={list.filter((s) => chosenSet.has(s.id)).length}
              total={list.length}
              disabled={!canChoose}
              onToggle={() => actor.send({ type: 'notice.toggleSection', section_id: sectionId })}
            />
          ))}
        </div>
        <Combobox
          multiple
          immediate
          value={chosen}
          onChange={(ids: number[]) => choose(ids)}
          onClose={() => setQuery('')}
          disabled={!canChoose}
        >
          <Field className="mt-3">
            <Label className="block text-sm font-medium text-slate-800">{t('notices.picker.find')}</Label>
            <ComboboxInput
              aria-describedby={hintId}
              autoComplete="off"
              placeholder={t('notices.picker.placeholder')}
              onChange={(e) => setQuery(e.target.value)}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm"
            />
            <p id={hintId} className="mt-1 text-xs text-slate-500">
              {t('notices.picker.hint', { count: students.length }).replace(
                String(students.length),
                num(students.length),
              )}
            </p>
            <ComboboxOptions
              aria-label={t('notices.picker.matching')}
              className="mt-1 max-h-72 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg empty:invisible"
            >
              {matches.slice(0, MAX_OPTIONS).map((s) => (
                <ComboboxOption
                  key={s.id}
                  value={s.id}
                  className="group flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1 text-sm text-slate-800 data-[focus]:bg-indigo-50"
                >
                  <span
                    aria-hidden="true"
                    className="flex h-5 w-5 shrink-0 items-center justify-center rounded border border-slate-400 group-data-[selected]:border-indigo-600 group-data-[selected]:bg-indigo-600 group-data-[selected]:text-white"
                  >
                    {chosenSet.has(s.id) ? '✓' : ''}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{s.full_name}</span>
                    <span className="block text-xs text-slate-500">{describe(s)}</span>
                  </span>
                </ComboboxOption>
              ))}
              {matches.length > MAX_OPTIONS ? (
                <li className="px-3 py-2 text-xs text-slate-500" role="presentation">
                  {t('notices.picker.more', { n: num(matches.length - MAX_OPTIONS) })}
                </li>
              ) : null}
              {matches.length === 0 ? (
                <li className="px-3 py-2 text-sm text-slate-600" role="presentation">
                  {t('notices.picker.noMatch', { query })}
                </li>
              ) : null}
            </ComboboxOptions>
          </Field>
        </Combobox>
        {chosen.length ? (
          <div className="mt-3">
            {chosen.length <= MAX_CHIPS ? (
              <ul className="flex flex-wrap gap-2" aria-label={t('notices.picker.chosenList')}>
                {chosen.map((id) => {
                  const s = byId.get(id);
                  return (
                    <li key={id}>
                      <button
                        type="button"
                        disabled={!canChoose}
                        onClick={() => choose(chosen.filter((c) => c !== id))}
                        aria-label={t('notices.picker.remove', {
                          name: s?.full_name ?? t('notices.picker.student', { id: num(id) }),
                        })}
                        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-indigo-50 px-3 text-sm text-indigo-900 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-100"
                      >
                        {s?.full_name ?? t('notices.picker.student', { id: num(id) })}
                        <span aria-hidden="true">×</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            <Button variant="ghost" className="mt-1 px-2" disabled={!canChoose} onClick={() => choose([])}>
              {t('notices.picker.clear')}
            </Button>
          </div>
        ) : null}
      </>
    );

  return (
    <fieldset className="mt-5 min-w-0 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('notices.picker.legend')}</legend>
      <p className="mb-2 text-sm text-slate-700" aria-live="polite">
        {chosen.length === 0
          ? t('notices.picker.noneChosen')
          : t('notices.picker.chosen', { count: chosen.length }).replace(String(chosen.length), num(chosen.length))}
      </p>
      {dropped ? (
        <Alert tone="warning" className="mb-2">
          {droppedMessage(dropped, editing, lang)}
        </Alert>
      ) : null}
      {body}
    </fieldset>
  );
}

function SectionBox({
  label,
  chosen,
  total,
  disabled,
  onToggle,
}: {
  label: string;
  chosen: number;
  total: number;
  disabled: boolean;
  onToggle: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = chosen > 0 && chosen < total;
  }, [chosen, total]);
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-900">
      <input
        ref={ref}
        type="checkbox"
        className="h-5 w-5"
        checked={chosen === total}
        disabled={disabled}
        onChange={onToggle}
      />
      {label}
    </label>
  );
}
