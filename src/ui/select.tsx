/**
 * A labelled native select: the phone's own picker on touch screens, type-ahead on keyboards,
 * 44 px tall. Values are strings (as the DOM has them); callers convert ids.
 */
import { FieldFrame, useFieldIds } from '@/ui/field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  disabled,
  required,
  name,
  className = '',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first, empty choice ("Choose a class"); selecting it gives ''. */
  placeholder?: string;
  error?: string | null;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  name?: string;
  className?: string;
}) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <select
        id={ids.id}
        name={name}
        value={value}
        disabled={disabled}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm disabled:bg-slate-100 sm:text-sm ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
