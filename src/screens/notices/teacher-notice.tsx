/** /teachernotice: a teacher's 'Create notice' card and their own notices (spec part 1, Teacher notice screen). */
import { NoticeManager } from './notice-manager';

export default function TeacherNoticeScreen() {
  return <NoticeManager variant="teacher" />;
}
