/**
 * /schoolprofile: the school admin's card (name, admin code), their school's details and its
 * contact details, which the school admin may change, and its working week (the weekly
 * off days, ./weekly-off-card.tsx). A school admin who signed in with
 * a one-time password chooses their own here first (the spec has no password page for them).
 */
import { TwoFactorCard } from '@/screens/profile/two-factor-card';
import { TwoFactorPolicyCard } from '@/screens/profile/two-factor-policy-card';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { schoolPageQuery } from '@/api/school-setup';
import { schoolToForm } from '@/machines/school-form.machine';
import { SchoolFormCard } from '@/screens/setup/add-school-form';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSession, useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/format';
import ChangePasswordScreen from './change-password';
import { WeeklyOffCard } from './weekly-off-card';

export default function SchoolProfileScreen() {
  const mustChange = useSession((s) => s.context.mustChangePassword === true);
  // Decided once: after the change the password screen stays to say it worked.
  const [changingPassword] = useState(mustChange);
  return changingPassword ? <ChangePasswordScreen /> : <SchoolProfile />;
}

function SchoolProfile() {
  const { t, lang } = useI18n();
  const { profile } = useSignedIn();
  const schools = useQuery(schoolPageQuery({ limit: 1, offset: 0 }));
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.profile.schoolProfile')} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t('shell.profile.administrator')}>
          <DetailList
            items={[
              [t('shell.profile.name'), `${profile.first_name} ${profile.last_name}`.trim()],
              [t('shell.profile.adminCode'), profile.admin_code],
              [t('shell.profile.userId'), profile.user_code],
            ]}
          />
        </Card>
        <Card title={t('shell.profile.school')}>
          <QueryState
            query={schools}
            what={t('shell.profile.theSchool')}
            loadingLabel={t('shell.profile.loadingSchool')}
          >
            {({ rows }) => {
              const school = rows.find((s) => s.id === profile.school_info_id);
              return !school ? (
                <EmptyState>{t('shell.profile.notLinked')}</EmptyState>
              ) : (
                <DetailList
                  items={[
                    [t('shell.profile.schoolName'), school.school_name],
                    [t('shell.profile.shortName'), school.short_name],
                    [t('shell.profile.eiin'), school.eiin && localDigits(school.eiin, lang)],
                    [t('shell.profile.upazilla'), school.address_upazilla],
                    [t('shell.profile.district'), school.address_district],
                    [t('shell.profile.division'), school.address_division],
                    [t('shell.profile.phone'), school.phone && localDigits(school.phone, lang)],
                    [t('shell.profile.email'), school.email],
                  ]}
                />
              );
            }}
          </QueryState>
        </Card>
        {schools.data?.rows.some((s) => s.id === profile.school_info_id) ? (
          <Card title={t('school_setup.contact.title')} className="lg:col-span-2">
            <p className="mb-4 text-sm text-slate-700">{t('school_setup.contact.intro')}</p>
            {schools.data.rows
              .filter((s) => s.id === profile.school_info_id)
              .map((s) => (
                <SchoolFormCard key={s.id} mode="contact" schoolId={s.id} initial={schoolToForm(s)} />
              ))}
          </Card>
        ) : null}
      </div>
      {schools.data?.rows
        .filter((s) => s.id === profile.school_info_id)
        .map((s) => (
          <WeeklyOffCard key={s.id} school={s} />
        ))}
      <TwoFactorCard />
      {profile.school_info_id != null ? (
        <TwoFactorPolicyCard scope={{ kind: 'school', schoolId: profile.school_info_id }} />
      ) : null}
    </>
  );
}
