import { PageHeader } from '@/ui/page';
import { TwoFactorCard } from '@/screens/profile/two-factor-card';
import { TileGrid } from '@/ui/tile-grid';
import { useI18n } from '@/i18n/i18n';

export default function SuperAdminDashboard() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={t('shell.dashboard.setupKicker')} title={t('shell.pages.superAdminDashboard')} />
      <TileGrid dashboard="/super-admin" group="setup" />
      <TwoFactorCard />
    </>
  );
}
