import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';

export default function SchoolAdminDashboard() {
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title="School Admin Dashboard" />
      <TileGrid dashboard="/school-admin" />
    </>
  );
}
