/** /add-teacher: the school admin's teacher form, list and import. */
import { PersonAdmin } from './person-admin';

export default function AddTeacherScreen() {
  return <PersonAdmin kind="teacher" />;
}
