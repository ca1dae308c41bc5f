/**
 * The portal's data table. It never makes the page scroll sideways: a wide table scrolls inside
 * its own region, which is labelled by the caption and reachable by keyboard (Tab, then arrows);
 * with `cards`, rows become stacked cards below 640 px, each cell showing its column label
 * (cells are `<Td label="…">`).
 */
import { createContext, useContext, useId, type ReactNode, type TdHTMLAttributes } from 'react';

const CardsContext = createContext(false);

export function DataTable({
  caption,
  captionHidden = true,
  head,
  children,
  minWidth = '36rem',
  cards = false,
}: {
  caption: string;
  captionHidden?: boolean;
  head: readonly string[];
  children: ReactNode;
  /** The width below which the table scrolls inside its region (ignored by cards on phones). */
  minWidth?: string;
  cards?: boolean;
}) {
  const captionId = useId();
  return (
    <CardsContext.Provider value={cards}>
      <div
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
        className={`-mx-5 overflow-x-auto px-5 ${cards ? 'max-sm:mx-0 max-sm:px-0' : ''}`}
      >
        <table
          className={`w-full text-left text-sm ${cards ? 'max-sm:block max-sm:!min-w-0' : ''}`}
          style={{ minWidth }}
        >
          <caption id={captionId} className={captionHidden ? 'sr-only' : 'mb-2 text-left font-semibold text-slate-900'}>
            {caption}
          </caption>
          <thead
            className={`border-b border-slate-200 text-xs uppercase text-slate-500 ${cards ? 'max-sm:sr-only' : ''}`}
          >
            <tr>
              {head.map((h, i) => (
                <th key={`${h}-${i}`} scope="col" className="py-2 pr-3 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody
            className={`divide-y divide-slate-100 ${
              cards
                ? 'max-sm:block max-sm:space-y-3 max-sm:divide-y-0 [&>tr]:max-sm:block [&>tr]:max-sm:rounded-lg [&>tr]:max-sm:border [&>tr]:max-sm:border-slate-200 [&>tr]:max-sm:p-3'
                : ''
            }`}
          >
            {children}
          </tbody>
        </table>
      </div>
    </CardsContext.Provider>
  );
}

/** A body cell; `label` is its column's name, shown beside the value when rows are cards. */
export function Td({
  label,
  className = '',
  children,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & { label: string; children?: ReactNode }) {
  const cards = useContext(CardsContext);
  return (
    <td
      data-label={label}
      className={`${cell} ${
        cards
          ? 'max-sm:flex max-sm:justify-between max-sm:gap-4 max-sm:py-1 max-sm:pr-0 max-sm:before:font-semibold max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]'
          : ''
      } ${className}`}
      {...props}
    >
      {children}
    </td>
  );
}

export const cell = 'py-2 pr-3 align-top';

export const linkStyle = 'rounded font-semibold text-indigo-700 underline underline-offset-2 hover:text-indigo-900';
