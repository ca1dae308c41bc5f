/** /viewer-notice: the chosen school's name, then School Notes (type 2) and School/Teacher Notes (type 1). */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';
import { NoticeLinks } from './notice-links';

export default function ViewerNoticeMenu() {
  const { school } = useSignedIn();
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={school?.school_name} title={t('notices.title')} />
      <NoticeLinks
        label={t('notices.menu.kinds')}
        links={[
          { label: t('notices.menu.schoolNotes'), to: '/show-notice?type=2', hint: t('notices.menu.schoolNotesHint') },
          {
            label: t('notices.menu.teacherNotes'),
            to: '/show-notice?type=1',
            hint: t('notices.menu.teacherNotesHint'),
          },
        ]}
      />
    </>
  );
}
