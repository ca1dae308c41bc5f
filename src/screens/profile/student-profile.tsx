/** /studentprofile: the student's own card from GET /api/student/profile (the spec's placeholder values are not repeated). */
import { TwoFactorCard } from '@/screens/profile/two-factor-card';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { studentProfileQuery } from '@/api/people';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatNumber, localDigits } from '@/i18n/format';

const textLink = 'inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2';

export default function StudentProfileScreen() {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const { profile } = useSignedIn();
  const student = useQuery(studentProfileQuery(profile.id));
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.profile.myProfile')} />
      <Card>
        <QueryState
          query={student}
          what={t('shell.profile.yourProfile')}
          loadingLabel={t('shell.profile.loadingYourProfile')}
          empty={t('shell.profile.noStudentRecord')}
          isEmpty={(data) => data === null}
        >
          {(data) =>
            data ? (
              <>
                <h2 className="mb-4 text-xl font-semibold break-words text-slate-900">{data.full_name}</h2>
                <DetailList
                  items={[
                    [t('shell.profile.studentCode'), data.student_code],
                    [t('shell.profile.class'), data.class_name && name('classes', data.class_name)],
                    [t('shell.profile.section'), data.section_default_name],
                    [
                      t('shell.profile.roll'),
                      data.class_roll_no === null ? null : formatNumber(data.class_roll_no, lang),
                    ],
                    [t('shell.profile.school'), data.school_name],
                    [t('shell.profile.district'), data.address_district],
                    [t('shell.profile.division'), data.address_division],
                    [t('shell.profile.mobile'), data.mobile_no && localDigits(data.mobile_no, lang)],
                    [t('shell.profile.email'), data.email],
                  ]}
                />
                <div className="mt-4 flex flex-wrap gap-x-6">
                  <Link href="/myprofile" className={textLink}>
                    {t('profiles.editLink')}
                  </Link>
                  <Link href="/studentprofileedit" className={textLink}>
                    {t('shell.profile.editContact')}
                  </Link>
                  <Link href="/studentpassword" className={textLink}>
                    {t('shell.profile.changePassword')}
                  </Link>
                </div>
              </>
            ) : null
          }
        </QueryState>
      </Card>
      <TwoFactorCard />
    </>
  );
}
