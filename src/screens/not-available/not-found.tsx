import { Link } from 'wouter';
import { HOME_ROUTE } from '@/api/permissions';
import { useSession } from '@/ui/session';
import { useI18n } from '@/i18n/i18n';

export default function NotFound() {
  const { t } = useI18n();
  const userType = useSession((s) => (s.hasTag('signedIn') ? s.context.userType : null));
  const home = userType ? HOME_ROUTE[userType] : '/login';
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('shell.notAvailable.notFound')}</h1>
      <p className="mt-2 text-slate-700">{t('shell.notAvailable.notFoundText')}</p>
      <Link
        href={home}
        className="mt-2 inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2"
      >
        {userType ? t('shell.notAvailable.back') : t('shell.notAvailable.toSignIn')}
      </Link>
    </div>
  );
}
