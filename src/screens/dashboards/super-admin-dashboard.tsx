import { PageHeader } from '@/ui/page';
import { TileGrid } from '@/ui/tile-grid';

export default function SuperAdminDashboard() {
  return (
    <>
      <PageHeader kicker="Pathshala setup" title="Super Admin Dashboard" />
      <TileGrid dashboard="/super-admin" label="Setup" />
    </>
  );
}
