/**
 * Routes of the spec whose feature is not built yet: the page's title, one honest sentence and a
 * way back. Never sample data (the spec's sample tables are gaps, not requirements).
 */
import { Link } from 'wouter';
import { HOME_ROUTE } from '@/api/permissions';
import type { ScreenProps } from '@/routes';
import { useSession } from '@/ui/session';
import { Card, PageHeader } from '@/ui/page';
import { useI18n } from '@/i18n/i18n';

export default function NotAvailableScreen({ route }: ScreenProps) {
  const { t } = useI18n();
  const userType = useSession((s) => s.context.userType);
  const home = userType ? HOME_ROUTE[userType] : '/login';
  return (
    <>
      <PageHeader title={t(`shell.pages.${route.labelKey}`)} />
      <Card>
        <p className="text-slate-700">{t('shell.notAvailable.text')}</p>
        <Link
          href={home}
          className="mt-2 inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2"
        >
          {t('shell.notAvailable.back')}
        </Link>
      </Card>
    </>
  );
}
