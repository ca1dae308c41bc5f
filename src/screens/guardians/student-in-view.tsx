/**
 * The student a student screen shows. A student sees themself (their profile); a
 * guardian sees the child named by `?student=` in the address, one of /api/guardian/children, with
 * a switcher between children. Screens render `<StudentInView>{(s) => …}</StudentInView>` and send
 * `s.queryId` as `student_id` (undefined for a student: the server takes their own). The server
 * checks the link on every call: this only chooses which child to ask about.
 */
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { can } from '@/api/permissions';
import { childrenQuery } from '@/api/guardians';
import type { GuardianChild } from '@/api/schemas/guardians';
import { useI18n } from '@/i18n/i18n';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { forChild } from './child-links';

export interface ViewedStudent {
  id: number;
  full_name: string;
  student_code: string;
  class_id: number | null;
  class_name: string | null;
  section_id: number | null;
  section_default_name: string | null;
  school_info_id: number | null;
  school_name: string | null;
  /** What to send as `student_id`: the child's id for a guardian, nothing for a student. */
  queryId: number | undefined;
  /** The guardian's child (null for a student viewing themself). */
  child: GuardianChild | null;
}

const fromChild = (c: GuardianChild): ViewedStudent => ({
  id: c.student_id,
  full_name: c.full_name,
  student_code: c.student_code,
  class_id: c.class_id,
  class_name: c.class_name,
  section_id: c.section_id,
  section_default_name: c.section_default_name,
  school_info_id: c.school_info_id,
  school_name: c.school_name,
  queryId: c.student_id,
  child: c,
});

export { forChild };

export function StudentInView({ children }: { children: (student: ViewedStudent) => ReactNode }) {
  const { profile, userType } = useSignedIn();
  if (!can(userType, 'page.guardian-dashboard')) {
    return (
      <>
        {children({
          id: profile.id,
          full_name: profile.full_name,
          student_code: profile.student_code ?? '',
          class_id: profile.class ?? null,
          class_name: profile.class_name ?? null,
          section_id: profile.section_id ?? null,
          section_default_name: profile.section_default_name ?? null,
          school_info_id: profile.school_info_id,
          school_name: profile.school_name,
          queryId: undefined,
          child: null,
        })}
      </>
    );
  }
  return <GuardianChildView>{children}</GuardianChildView>;
}

function GuardianChildView({ children }: { children: (student: ViewedStudent) => ReactNode }) {
  const { t } = useI18n();
  const [params] = useSearchState({ student: '' });
  const list = useQuery(childrenQuery());
  return (
    <QueryState
      query={list}
      what={t('guardians.childrenWhat')}
      loadingLabel={t('guardians.loadingChildren')}
      empty={t('guardians.noChildren')}
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => {
        const wanted = Number.parseInt(params.student, 10);
        const chosen = rows.find((c) => c.student_id === wanted) ?? (rows.length === 1 ? rows[0] : undefined);
        return (
          <>
            <ChildSwitcher rows={rows} current={chosen?.student_id} />
            {chosen ? (
              <div key={chosen.student_id}>{children(fromChild(chosen))}</div>
            ) : (
              <EmptyState>{params.student ? t('guardians.notYourChild') : t('guardians.chooseChild')}</EmptyState>
            )}
          </>
        );
      }}
    </QueryState>
  );
}

/** Links to the same page for each child; the current one is marked for screen readers too. */
export function ChildSwitcher({ rows, current }: { rows: readonly GuardianChild[]; current: number | undefined }) {
  const { t } = useI18n();
  const [path] = useLocation();
  if (rows.length < 2 && current !== undefined) return null;
  return (
    <nav aria-label={t('guardians.switcher')} className="mb-4 flex flex-wrap gap-2">
      {rows.map((c) => (
        <Link
          key={c.student_id}
          href={forChild(path, c.student_id)}
          aria-current={c.student_id === current ? 'page' : undefined}
          className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
            c.student_id === current
              ? 'border-indigo-600 bg-indigo-600 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
          }`}
        >
          {c.full_name}
        </Link>
      ))}
    </nav>
  );
}
