/** /submitdetails: "Home Work Submitted Details" for the school admin and viewers. */
import { useI18n } from '@/i18n/i18n';
import { SubmissionList } from './submission-list';

export default function SubmitDetails() {
  const { t } = useI18n();
  return <SubmissionList title={t('homework.submitList.adminTitle')} backHref="/showhomework" />;
}
