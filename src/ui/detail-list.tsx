/** A read-only list of labelled values; empty values show a dash rather than disappearing. */
export function DetailList({
  items,
}: {
  items: ReadonlyArray<[label: string, value: string | number | null | undefined]>;
}) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-medium break-words text-slate-900">
            {value === null || value === undefined || value === '' ? '—' : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
