/** /teacher-feature: the school admin's 'School Dashboard' for teachers (spec part 2, section 2). */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';
import { useI18n } from '@/i18n/i18n';

export default function TeacherFeature() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.schoolDashboard')} />
      <TileGrid dashboard="/teacher-feature" group="teachers" />
    </>
  );
}
