/**
 * A date as people here write it: DD-MM-YYYY (the spec's format), not the browser's mm/dd/yyyy.
 * Typed with -, / or . between the parts, in Latin or Bangla digits; the calendar button opens
 * the device's own date picker where the browser has one. The value is an ISO date ('' = none).
 */
import { useEffect, useRef, useState } from 'react';
import { FieldFrame, useFieldIds } from '@/ui/field';
import { DateTime } from 'luxon';
import { formatDate, latinDigits, localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';

/** 'DD-MM-YYYY' (or D/M/YYYY, D.M.YYYY) as an ISO date, or null when it is not a real date. */
export function parseDayMonthYear(text: string): string | null {
  const m = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(latinDigits(text));
  if (!m) return null;
  const dt = DateTime.fromObject({ day: Number(m[1]), month: Number(m[2]), year: Number(m[3]) });
  return dt.isValid ? dt.toISODate() : null;
}

/** An ISO date as DD-MM-YYYY ('' stays ''). */
export function formatDayMonthYear(iso: string): string {
  if (!iso) return '';
  const dt = DateTime.fromISO(iso);
  return dt.isValid ? dt.toFormat('dd-MM-yyyy') : '';
}

export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  error,
  hint,
  required,
  disabled,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  error?: string | null;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const { t, lang } = useI18n();
  const shownDate = (iso: string) => localDigits(formatDayMonthYear(iso), lang);
  const [text, setText] = useState(() => shownDate(value));
  const [ownError, setOwnError] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);

  // A new value or language from outside (the address, a reset, the language switch) replaces what is typed.
  useEffect(() => {
    setText((prev) =>
      parseDayMonthYear(prev) === value && localDigits(prev, lang) === prev
        ? prev
        : localDigits(formatDayMonthYear(value), lang),
    );
    setOwnError(null);
  }, [value, lang]);

  const commit = (typed: string) => {
    if (!typed.trim()) {
      setOwnError(required ? t('dateField.enterDate') : null);
      if (!required && value !== '') onChange('');
      return;
    }
    const iso = parseDayMonthYear(typed);
    if (!iso) return setOwnError(t('dateField.enterRealDate'));
    if (min && iso < min) return setOwnError(t('dateField.onOrAfter', { date: formatDate(min, 'dd-MM-yyyy', lang) }));
    if (max && iso > max) return setOwnError(t('dateField.onOrBefore', { date: formatDate(max, 'dd-MM-yyyy', lang) }));
    setOwnError(null);
    if (iso !== value) onChange(iso);
  };

  const shown = error ?? ownError;
  const hintText = hint ?? t('dateField.hint');
  const fieldIds = useFieldIds(shown, hintText);
  const { id, ...ids } = fieldIds;
  return (
    <FieldFrame id={id} {...ids} label={label} hint={hintText} error={shown} className={className}>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('dateField.placeholder')}
          value={text}
          disabled={disabled}
          required={required}
          aria-invalid={shown ? true : undefined}
          aria-describedby={ids.describedBy}
          onChange={(e) => {
            setText(e.target.value);
            // A complete, valid date applies at once; anything else waits for blur or Enter.
            const iso = parseDayMonthYear(e.target.value);
            if (iso && (!min || iso >= min) && (!max || iso <= max) && iso !== value) {
              setOwnError(null);
              onChange(iso);
            }
          }}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit((e.target as HTMLInputElement).value);
            }
          }}
          className={`block min-h-11 w-full min-w-0 rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm ${
            shown ? 'border-red-500' : 'border-slate-300'
          }`}
        />
        <button
          type="button"
          disabled={disabled}
          aria-label={t('dateField.chooseFromCalendar', { label: label.toLowerCase() })}
          onClick={() => {
            const el = picker.current;
            if (!el) return;
            if (typeof el.showPicker === 'function') {
              try {
                el.showPicker();
                return;
              } catch {
                /* not allowed here: fall back to focusing the typed field */
              }
            }
            document.getElementById(id)?.focus();
          }}
          className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md bg-white ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-60"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 fill-slate-600">
            <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
          </svg>
        </button>
        <input
          ref={picker}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className="sr-only"
          value={value}
          min={min}
          max={max}
          onChange={(e) => {
            if (e.target.value) {
              setText(shownDate(e.target.value));
              setOwnError(null);
              onChange(e.target.value);
            }
          }}
        />
      </div>
    </FieldFrame>
  );
}
