/**
 * /two-factor-admins: the super admin's view of who signs in with a second factor. The
 * super admins' own requirement; the school admins of every school (paged, filtered by school, in
 * the URL) with their state and their school's requirement, each school's requirement switchable,
 * and the reset of a school admin's lost second factor after a confirmation (the server records it
 * in the security audit and signs that account out).
 */
import { useQuery } from '@tanstack/react-query';
import { schoolPageQuery } from '@/api/school-setup';
import { twoFactorAdminsQuery, twoFactorKeys } from '@/api/two-factor';
import { twoFactorAdminMachine } from '@/machines/two-factor-admin.machine';
import { TwoFactorPolicyCard } from '@/screens/profile/two-factor-policy-card';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useConfirm } from '@/ui/confirm';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import { useFlow } from '@/ui/use-flow';

const PAGE_SIZE = 20;

export default function TwoFactorAdminsScreen() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const ask = useConfirm();
  const [search, setSearch] = useSearchState({ school_id: '', page: '1' });
  const schoolId = Number(search.school_id) || undefined;
  const page = Math.max(1, Number(search.page) || 1);
  const schools = useQuery(schoolPageQuery({ limit: 200, offset: 0 }));
  const admins = useQuery(
    twoFactorAdminsQuery({ school_id: schoolId, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
  );
  const [state, send] = useFlow(twoFactorAdminMachine, { invalidates: [twoFactorKeys.all], on: 'saved' });
  const { done, error } = state.context;
  const busy = state.hasTag('busy');

  const reset = async (userCode: string, name: string) => {
    const ok = await ask({
      title: t('two_factor.admins.confirmTitle', { name }),
      body: t('two_factor.admins.confirmBody'),
      confirmLabel: t('two_factor.admins.confirmButton'),
      tone: 'danger',
    });
    if (ok) send({ type: 'admin.reset', userCode, name });
  };

  return (
    <>
      <PageHeader title={t('shell.pages.twoFactorAdmins')} />
      <TwoFactorPolicyCard scope={{ kind: 'system' }} />
      <Card title={t('two_factor.admins.admin')} className="mt-4">
        <p className="mb-3 text-sm text-slate-700">{t('two_factor.admins.intro')}</p>
        <div className="mb-3 max-w-sm">
          <SelectField
            label={t('two_factor.admins.school')}
            name="school_id"
            value={schoolId ? String(schoolId) : ''}
            onChange={(v) => setSearch({ school_id: v, page: '1' })}
            options={[
              { value: '', label: t('two_factor.admins.allSchools') },
              ...(schools.data?.rows ?? []).map((s) => ({ value: String(s.id), label: s.school_name })),
            ]}
          />
        </div>
        {done?.kind === 'reset' ? (
          <Alert tone="success" className="mb-3">
            {t('two_factor.admins.resetDone', { name: done.name })}
          </Alert>
        ) : null}
        {error ? (
          <Alert tone="error" className="mb-3">
            {errorText(error)}
          </Alert>
        ) : null}
        <QueryState
          query={admins}
          what={t('two_factor.admins.what')}
          loadingLabel={t('two_factor.admins.loading')}
          empty={t('two_factor.admins.empty')}
          isEmpty={(p) => p.rows.length === 0}
        >
          {(p) => (
            <>
              <ul className="divide-y divide-slate-200" aria-label={t('two_factor.admins.admin')}>
                {p.rows.map((r) => (
                  <li key={r.user_code} className="flex flex-wrap items-center justify-between gap-3 py-3">
                    <div>
                      <p className="font-semibold">
                        {r.full_name} <span className="font-mono text-sm text-slate-600">({r.user_code})</span>
                      </p>
                      <p className="text-sm text-slate-700">{r.school_name}</p>
                      <p className="text-sm">
                        {t('two_factor.admins.state')}:{' '}
                        <strong>{r.enabled ? t('two_factor.admins.on') : t('two_factor.admins.off')}</strong>
                        {' · '}
                        {t('two_factor.admins.requiredBySchool')}:{' '}
                        <strong>
                          {!r.required
                            ? t('two_factor.admins.no')
                            : r.required_by === 'school_admin'
                              ? t('two_factor.admins.requiredBySchoolAdmin')
                              : r.required_by === 'super_admin'
                                ? t('two_factor.admins.requiredBySuperAdmin')
                                : t('two_factor.admins.yes')}
                        </strong>
                      </p>
                    </div>
                    {r.enabled ? (
                      <Button
                        type="button"
                        variant="secondary"
                        aria-label={t('two_factor.admins.resetLabel', { name: r.full_name })}
                        disabled={busy}
                        onClick={() => void reset(r.user_code, r.full_name)}
                      >
                        {busy ? t('two_factor.admins.resetting') : t('two_factor.admins.reset')}
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={PAGE_SIZE}
                total={p.total}
                onPage={(n) => setSearch({ page: String(n) })}
                label={t('two_factor.admins.admin')}
              />
            </>
          )}
        </QueryState>
      </Card>
      {schoolId ? <TwoFactorPolicyCard scope={{ kind: 'school', schoolId }} /> : null}
    </>
  );
}
