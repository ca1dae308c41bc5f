/** /schoolprofile: the school admin's card (name, admin code) and their school's details. */
import { useQuery } from '@tanstack/react-query';
import { visibleSchoolsQuery } from '@/api/schools';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/format';

export default function SchoolProfileScreen() {
  const { t, lang } = useI18n();
  const { profile } = useSignedIn();
  const schools = useQuery(visibleSchoolsQuery());
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
            {(rows) => {
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
      </div>
    </>
  );
}
