/** /schooladminnotice: the school admin's 'Create notice' form and the school's notices under 'Information'. */
import { NoticeManager } from './notice-manager';

export default function AdminNoticeScreen() {
  return <NoticeManager variant="admin" />;
}
