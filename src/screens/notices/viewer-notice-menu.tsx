/** /viewer-notice: the chosen school's name, then School Notes (type 2) and School/Teacher Notes (type 1). */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { NoticeLinks } from './notice-links';

export default function ViewerNoticeMenu() {
  const { school } = useSignedIn();
  return (
    <>
      <PageHeader kicker={school?.school_name} title="Notices" />
      <NoticeLinks
        label="Kinds of notice"
        links={[
          { label: 'School Notes', to: '/show-notice?type=2', hint: "The school office's notices" },
          { label: 'School/Teacher Notes', to: '/show-notice?type=1', hint: "Teachers' notices to their classes" },
        ]}
      />
    </>
  );
}
