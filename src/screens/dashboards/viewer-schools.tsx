/**
 * /viewer-school: the schools linked to this viewer, by name (spec part 1, Viewer screens).
 * Choosing one stores it in the session (and the saved sign-in) and opens /viewer-admin.
 */
import { useLocation } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { viewerSchoolsQuery } from '@/api/schools';
import { Card, PageHeader } from '@/ui/page';
import { useSessionActor, useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/format';
import { SchoolsSideBySide } from './schools-side-by-side';

export default function ViewerSchools() {
  const { t, lang } = useI18n();
  const { profile, school: chosen } = useSignedIn();
  const actor = useSessionActor();
  const [, navigate] = useLocation();
  const schools = useQuery(viewerSchoolsQuery(profile.id));

  function choose(id: number, school_name: string) {
    actor.send({ type: 'session.chooseSchool', school: { id, school_name } });
    navigate('/viewer-admin');
  }

  return (
    <>
      <PageHeader title={t('shell.dashboard.chooseSchool')} />
      <SchoolsSideBySide />
      <Card>
        <QueryState
          query={schools}
          what={t('shell.dashboard.yourSchoolsWhat')}
          loadingLabel={t('shell.dashboard.loadingSchools')}
          empty={t('shell.dashboard.noSchools')}
          isEmpty={(rows) => rows.length === 0}
        >
          {(rows) => (
            <ul className="divide-y divide-slate-100" aria-label={t('shell.dashboard.yourSchools')}>
              {rows.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => choose(s.id, s.school_name)}
                    aria-current={chosen?.id === s.id ? 'true' : undefined}
                    className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md px-3 py-3 text-left hover:bg-indigo-50"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-slate-900">{s.school_name}</span>
                      <span className="block text-xs text-slate-600">
                        {[s.address_upazilla, s.address_district].filter(Boolean).join(', ')}
                        {s.eiin ? ` · ${t('shell.dashboard.eiin', { eiin: localDigits(s.eiin, lang) })}` : ''}
                      </span>
                    </span>
                    {chosen?.id === s.id ? (
                      <span className="text-xs font-semibold text-indigo-700">{t('shell.dashboard.current')}</span>
                    ) : null}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Card>
    </>
  );
}
