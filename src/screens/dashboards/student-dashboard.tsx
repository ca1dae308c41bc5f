import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';
import { useI18n } from '@/i18n/i18n';

export default function StudentDashboard() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.studentDashboard')} />
      <TileGrid dashboard="/student-admin" />
    </>
  );
}
