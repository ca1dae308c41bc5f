/**
 * /teacherprofile: a teacher's card (spec part 2: name, initial, contact, email, Reset Password).
 * A teacher sees their own (this is their profile page); a school admin or viewer arriving from a
 * teacher link passes ?teacher_id= (the server checks the teacher belongs to a school they may see).
 */
import { Link, useSearchParams } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { PROFILE_ROUTE } from '@/api/permissions';
import { teacherProfileQuery } from '@/api/people';
import type { ScreenProps } from '@/routes';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/format';
import { TwoFactorCard } from './two-factor-card';

export default function TeacherProfileScreen({ route }: ScreenProps) {
  const { t } = useI18n();
  const { profile, userType } = useSignedIn();
  const [params] = useSearchParams();
  const own = PROFILE_ROUTE[userType] === route.path;
  const asked = Number(params.get('teacher_id'));
  const teacherId = own ? profile.id : Number.isInteger(asked) && asked > 0 ? asked : null;

  return (
    <>
      <PageHeader
        kicker={profile.school_name}
        title={own ? t('shell.profile.myProfile') : t('shell.profile.teacherProfile')}
      />
      <Card>
        {teacherId === null ? (
          <EmptyState>{t('shell.profile.openTeacher')}</EmptyState>
        ) : (
          <TeacherCard teacherId={teacherId} own={own} />
        )}
      </Card>
      {own ? <TwoFactorCard /> : null}
    </>
  );
}

function TeacherCard({ teacherId, own }: { teacherId: number; own: boolean }) {
  const { t, lang } = useI18n();
  const teacher = useQuery(teacherProfileQuery(teacherId));
  return (
    <QueryState query={teacher} what={t('shell.profile.theProfile')} loadingLabel={t('shell.profile.loadingProfile')}>
      {(data) => (
        <>
          <h2 className="mb-4 text-xl font-semibold break-words text-slate-900">{data.full_name}</h2>
          <DetailList
            items={[
              [t('shell.profile.teacherCode'), data.teacher_code],
              [t('shell.profile.initial'), data.initial],
              [t('shell.profile.designation'), data.designation],
              [t('shell.profile.mobile'), data.mobile && localDigits(data.mobile, lang)],
              [t('shell.profile.email'), data.email],
            ]}
          />
          {own ? (
            <div className="mt-4 flex flex-wrap gap-x-6">
              <Link
                href="/myprofile"
                className="inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2"
              >
                {t('profiles.editLink')}
              </Link>
              <Link
                href="/teacherpassword"
                className="inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2"
              >
                {t('shell.profile.resetPassword')}
              </Link>
            </div>
          ) : null}
        </>
      )}
    </QueryState>
  );
}
