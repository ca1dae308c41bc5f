/** /teacher-feature: the school admin's 'School Dashboard' for teachers (spec part 2, section 2). */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';

export default function TeacherFeature() {
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title="School Dashboard" />
      <TileGrid dashboard="/teacher-feature" label="Teachers" />
    </>
  );
}
