/**
 * /two-factor: one's own two-factor sign-in, for every account. An account its school
 * (or the installation) requires it of, that has none yet, is sent here right after signing in and
 * can open nothing else until it is on (the server refuses the rest too). A school admin also finds
 * their school's requirement here.
 */
import { useCallback } from 'react';
import { can } from '@/api/permissions';
import { Alert } from '@/ui/alert';
import { PageHeader } from '@/ui/page';
import { useSession, useSessionActor, useSignedIn } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';
import { TwoFactorCard } from './two-factor-card';
import { TwoFactorPolicyCard } from './two-factor-policy-card';

export default function TwoFactorScreen() {
  const { t } = useI18n();
  const { profile, userType } = useSignedIn();
  const session = useSessionActor();
  const held = useSession((s) => s.context.twoFactorSetupRequired === true);
  const onEnabled = useCallback(() => session.send({ type: 'session.twoFactorEnabled' }), [session]);
  const schoolId = profile.school_info_id;
  return (
    <>
      <PageHeader kicker={profile.school_name ?? undefined} title={t('two_factor.card.title')} />
      {held ? (
        <Alert tone="warning" title={t('two_factor.setupPage.requiredTitle')}>
          {t('two_factor.setupPage.requiredBody')}
        </Alert>
      ) : null}
      <TwoFactorCard onEnabled={onEnabled} />
      {!held && schoolId != null && can(userType, 'school.two-factor-policy') ? (
        <TwoFactorPolicyCard scope={{ kind: 'school', schoolId }} />
      ) : null}
    </>
  );
}
