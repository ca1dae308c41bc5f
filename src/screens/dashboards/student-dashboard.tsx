import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';

export default function StudentDashboard() {
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title="Student Dashboard" />
      <TileGrid dashboard="/student-admin" />
    </>
  );
}
