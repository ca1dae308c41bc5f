/**
 * /student-notice_option: School Notice (type 2) and Teacher Notice (type 1), each opening the list;
 * a guardian's for the chosen child (`?student=`).
 */
import { PageHeader } from '@/ui/page';
import { useI18n } from '@/i18n/i18n';
import { StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { NoticeLinks } from './notice-links';

export default function StudentNoticeOptions() {
  return <StudentInView>{(s) => <Options student={s} />}</StudentInView>;
}

function Options({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const child = student.child ? `&student=${student.id}` : '';
  return (
    <>
      <PageHeader kicker={student.school_name} title={t('notices.title')} />
      <NoticeLinks
        label={t('notices.menu.kinds')}
        links={[
          {
            label: t('notices.menu.schoolNotice'),
            to: `/student-notice-list?type=2${child}`,
            hint: t('notices.menu.schoolNoticeHint'),
          },
          {
            label: t('notices.menu.teacherNotice'),
            to: `/student-notice-list?type=1${child}`,
            hint: t('notices.menu.teacherNoticeHint'),
          },
        ]}
      />
    </>
  );
}
