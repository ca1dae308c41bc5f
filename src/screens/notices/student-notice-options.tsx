/** /student-notice_option: School Notice (type 2) and Teacher Notice (type 1), each opening the list. */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { NoticeLinks } from './notice-links';

export default function StudentNoticeOptions() {
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title="Notices" />
      <NoticeLinks
        label="Kinds of notice"
        links={[
          { label: 'School Notice', to: '/student-notice-list?type=2', hint: 'Notices from the school office' },
          { label: 'Teacher Notice', to: '/student-notice-list?type=1', hint: 'Notes from your teachers' },
        ]}
      />
    </>
  );
}
