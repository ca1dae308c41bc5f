/** /student-notice_option: School Notice (type 2) and Teacher Notice (type 1), each opening the list. */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';
import { NoticeLinks } from './notice-links';

export default function StudentNoticeOptions() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('notices.title')} />
      <NoticeLinks
        label={t('notices.menu.kinds')}
        links={[
          {
            label: t('notices.menu.schoolNotice'),
            to: '/student-notice-list?type=2',
            hint: t('notices.menu.schoolNoticeHint'),
          },
          {
            label: t('notices.menu.teacherNotice'),
            to: '/student-notice-list?type=1',
            hint: t('notices.menu.teacherNoticeHint'),
          },
        ]}
      />
    </>
  );
}
