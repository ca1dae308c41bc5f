import { Link } from 'wouter';
import { PageHeader } from '@/ui/page';
import { linkStyle } from '@/ui/table';
import { TwoFactorCard } from '@/screens/profile/two-factor-card';
import { TileGrid } from '@/ui/tile-grid';
import { SmsLinks } from './sms-links';
import { useI18n } from '@/i18n/i18n';
import { SchoolsSideBySide } from './schools-side-by-side';

export default function SuperAdminDashboard() {
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={t('shell.dashboard.setupKicker')} title={t('shell.pages.superAdminDashboard')} />
      <SchoolsSideBySide />
      <TileGrid dashboard="/super-admin" group="setup" />
      <TwoFactorCard />
      <SmsLinks />
      <p className="mt-3">
        <Link href="/two-factor-admins" className={`inline-flex min-h-11 items-center ${linkStyle}`}>
          {t('shell.pages.twoFactorAdmins')}
        </Link>
      </p>
    </>
  );
}
