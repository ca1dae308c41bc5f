import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** The ids that tie a control to its hint and error (aria-describedby), for every field primitive. */
export function useFieldIds(error: string | null | undefined, hint: string | null | undefined) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return { id, errorId, hintId, describedBy };
}

/** A field's frame: the label, the control, then its hint and its error. */
export function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  className = '',
  children,
}: {
  id: string;
  label: string;
  hint?: string | null;
  hintId: string;
  error?: string | null;
  errorId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  className = '',
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; hint?: string }) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error} className={className}>
      <input
        id={ids.id}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={`mt-1 block min-h-11 w-full rounded-md border px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm ${
          error ? 'border-red-500' : 'border-slate-300'
        }`}
        {...props}
      />
    </FieldFrame>
  );
}
