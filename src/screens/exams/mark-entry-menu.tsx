/**
 * /markentry: the teacher's Evaluation menu (spec part 2 §Exams: tiles Mark Entry -> /teacherevaluation
 * and Check Mark Sheet -> /teachermark). School admins, who may enter marks too, see the same tiles.
 */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { TileGrid } from '@/ui/tile-grid';
import { useI18n } from '@/i18n/i18n';

export default function MarkEntryMenu() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.evaluation')} />
      <TileGrid dashboard="/markentry" />
    </>
  );
}
