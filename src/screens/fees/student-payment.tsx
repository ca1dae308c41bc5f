/** /student-payment: "Student's Invoice" with the Due Invoice and Paid Invoice tiles. */
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';
import { NoticeLinks } from '@/screens/notices/notice-links';

export default function StudentPayment() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('studentFees.menu.title')} />
      <NoticeLinks
        label={t('studentFees.menu.kinds')}
        links={[
          { label: t('studentFees.menu.due'), to: '/dueinvoice', hint: t('studentFees.menu.dueHint') },
          { label: t('studentFees.menu.paid'), to: '/paidinvoice', hint: t('studentFees.menu.paidHint') },
        ]}
      />
    </>
  );
}
