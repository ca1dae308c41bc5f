/** A plain data table in the portal's style: caption (visible or not), header row, body rows. */
import type { ReactNode } from 'react';

export function DataTable({
  caption,
  captionHidden = true,
  head,
  children,
  minWidth = '36rem',
}: {
  caption: string;
  captionHidden?: boolean;
  head: readonly string[];
  children: ReactNode;
  minWidth?: string;
}) {
  return (
    <div className="-mx-5 overflow-x-auto px-5">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className={captionHidden ? 'sr-only' : 'mb-2 text-left font-semibold text-slate-900'}>
          {caption}
        </caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

export const cell = 'py-2 pr-3 align-top';

export const linkStyle = 'rounded font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900';

/** Shown in place of counts for a section or period whose attendance is not taken yet. */
export function NotTaken() {
  return <span className="text-slate-500 italic">Not taken yet</span>;
}
