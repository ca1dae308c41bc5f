import type { ReactNode } from 'react';

/** The title block of a screen. `kicker` is the small line above (e.g. the school name). */
export function PageHeader({
  title,
  kicker,
  children,
}: {
  title: string;
  kicker?: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        {kicker ? <p className="text-sm font-medium text-indigo-700">{kicker}</p> : null}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      </div>
      {children}
    </div>
  );
}

export function Card({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${className}`} aria-label={title}>
      {title ? <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2> : null}
      {children}
    </section>
  );
}
