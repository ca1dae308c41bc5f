/** /add-student: the school admin's student form, list and import. */
import { PersonAdmin } from './person-admin';

export default function AddStudentScreen() {
  return <PersonAdmin kind="student" />;
}
