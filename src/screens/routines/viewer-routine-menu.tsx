/** /viewerRoutine: the chosen school's routine pages (spec part 1: View Teacher Routine, Student Routine). */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';
import { NoticeLinks } from '@/screens/notices/notice-links';

export default function ViewerRoutineMenu() {
  const { school } = useSignedIn();
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={school?.school_name} title={t('routines.viewer.menuTitle')} />
      <NoticeLinks
        label={t('routines.viewer.menuLabel')}
        links={[
          {
            label: t('routines.viewer.teacherRoutine'),
            to: '/viewershowstudentroutine',
            hint: t('routines.viewer.teacherRoutineHint'),
          },
          {
            label: t('routines.viewer.studentRoutine'),
            to: '/teacherdata',
            hint: t('routines.viewer.studentRoutineHint'),
          },
        ]}
      />
    </>
  );
}
