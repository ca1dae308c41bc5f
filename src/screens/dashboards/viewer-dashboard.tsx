/** /viewer-admin: 'Administrator Dashboard' for the chosen school (the guard sends viewers without one to /viewer-school). */
import { Link } from 'wouter';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';
import { useI18n } from '@/i18n/i18n';

export default function ViewerDashboard() {
  const { t } = useI18n();
  const { school } = useSignedIn();
  return (
    <>
      <PageHeader kicker={school?.school_name} title={t('shell.pages.administratorDashboard')}>
        <Link
          href="/viewer-school"
          className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          {t('shell.dashboard.switchSchool')}
        </Link>
      </PageHeader>
      <TileGrid dashboard="/viewer-admin" />
    </>
  );
}
