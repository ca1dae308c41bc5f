/**
 * "Two-factor sign-in for school admins" (a school's requirement) or "... for super admins" (the
 * installation's): the state, and requiring it after a confirmation or no longer
 * requiring it. The write goes through the two-factor admin machine; a success is said only after
 * the server confirmed it, and a refusal (own second factor first) in the user's language. A
 * school's requirement says who set it; one the super admin set cannot be lifted by a school admin,
 * so for them the button is disabled and says why (the server refuses it too).
 */
import { useQuery } from '@tanstack/react-query';
import { twoFactorKeys, twoFactorPolicyQuery, type PolicyScope } from '@/api/two-factor';
import { twoFactorAdminMachine } from '@/machines/two-factor-admin.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { useConfirm } from '@/ui/confirm';
import { Card } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { useErrorText } from '@/i18n/errors';
import { useFlow } from '@/ui/use-flow';

export function TwoFactorPolicyCard({ scope }: { scope: PolicyScope }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const ask = useConfirm();
  const query = useQuery(twoFactorPolicyQuery(scope));
  const [state, send] = useFlow(twoFactorAdminMachine, { invalidates: [twoFactorKeys.all], on: 'saved' });
  const { done, error } = state.context;
  const busy = state.hasTag('busy');

  const change = async (required: boolean) => {
    if (required) {
      const ok = await ask({
        title: t('two_factor.policy.confirmTitle'),
        body: scope.kind === 'school' ? t('two_factor.policy.confirmBody') : t('two_factor.policy.confirmSystemBody'),
        confirmLabel: t('two_factor.policy.confirmButton'),
      });
      if (!ok) return;
    }
    send({ type: 'policy.set', scope, required });
  };

  const title = scope.kind === 'school' ? t('two_factor.policy.schoolTitle') : t('two_factor.policy.systemTitle');
  return (
    <Card title={title} className="mt-4">
      <p className="mb-3 text-sm text-slate-700">
        {scope.kind === 'school' ? t('two_factor.policy.schoolIntro') : t('two_factor.policy.systemIntro')}
      </p>
      {done?.kind === 'policy' ? (
        <Alert tone="success" className="mb-3">
          {done.required ? t('two_factor.policy.savedOn') : t('two_factor.policy.savedOff')}
        </Alert>
      ) : null}
      {error ? (
        <Alert tone="error" className="mb-3">
          {errorText(error)}
        </Alert>
      ) : null}
      <QueryState query={query} what={title} loadingLabel={t('two_factor.policy.loading')}>
        {({ required, set_by, may_change }) => (
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-medium">
              {required ? t('two_factor.policy.isRequired') : t('two_factor.policy.notRequired')}
              {required && set_by ? (
                <span className="ml-1 font-normal">
                  {set_by === 'super_admin'
                    ? t('two_factor.policy.setBySuperAdmin')
                    : t('two_factor.policy.setBySchoolAdmin')}
                </span>
              ) : null}
            </p>
            {may_change === false ? (
              <p id="two-factor-policy-locked" className="w-full text-sm text-slate-700">
                {t('two_factor.policy.onlySuperAdmin')}
              </p>
            ) : null}
            <Button
              type="button"
              variant={required ? 'secondary' : 'primary'}
              disabled={busy || may_change === false || !state.can({ type: 'policy.set', scope, required: !required })}
              aria-describedby={may_change === false ? 'two-factor-policy-locked' : undefined}
              onClick={() => void change(!required)}
            >
              {busy
                ? t('two_factor.policy.saving')
                : required
                  ? t('two_factor.policy.stopRequiring')
                  : t('two_factor.policy.require')}
            </Button>
          </div>
        )}
      </QueryState>
    </Card>
  );
}
