/** The two big cards of the notice menus (student and viewer): school notices and teacher notices. */
import { Link } from 'wouter';

export interface NoticeLink {
  label: string;
  to: string;
  hint: string;
}

export function NoticeLinks({ links, label }: { links: readonly NoticeLink[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="grid gap-4 sm:grid-cols-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              href={link.to}
              className="flex h-full flex-col gap-1 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:bg-indigo-50 hover:ring-indigo-300"
            >
              <span className="text-lg font-semibold text-slate-900">{link.label}</span>
              <span className="text-sm text-slate-600">{link.hint}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
