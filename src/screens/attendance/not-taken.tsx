import { useI18n } from '@/i18n/i18n';

/** Shown in place of counts for a section or period whose attendance is not taken yet. */
export function NotTaken() {
  const { t } = useI18n();
  return <span className="text-slate-500 italic">{t('attendance.common.notTakenYet')}</span>;
}
