/** /student-resource: the Resource page with its Library, eBook and Important Link tiles (spec part 2 §Student self-service). */
import { PageHeader } from '@/ui/page';
import { useI18n } from '@/i18n/i18n';
import { NoticeLinks } from '@/screens/notices/notice-links';
import { useResourceSchool } from './parts';

export default function ResourcesHub() {
  const { schoolName } = useResourceSchool();
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={schoolName} title={t('resources.hub.title')} />
      <NoticeLinks
        label={t('resources.hub.kinds')}
        links={[
          { label: t('resources.hub.library'), to: '/studentlibrary', hint: t('resources.hub.libraryHint') },
          { label: t('resources.hub.ebooks'), to: '/studentebook', hint: t('resources.hub.ebooksHint') },
          { label: t('resources.hub.links'), to: '/studentimportantlink', hint: t('resources.hub.linksHint') },
        ]}
      />
    </>
  );
}
