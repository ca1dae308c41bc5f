/**
 * Routes of the spec whose feature is not built yet: the page's title, one honest sentence and a
 * way back. Never sample data (the spec's sample tables are gaps, not requirements).
 */
import { Link } from 'wouter';
import { HOME_ROUTE } from '@/api/permissions';
import type { ScreenProps } from '@/routes';
import { useSession } from '@/ui/session';
import { Card, PageHeader } from '@/ui/page';

export default function NotAvailableScreen({ route }: ScreenProps) {
  const userType = useSession((s) => s.context.userType);
  const home = userType ? HOME_ROUTE[userType] : '/login';
  return (
    <>
      <PageHeader title={route.label} />
      <Card>
        <p className="text-slate-700">This page is not available yet. It will open here once it is ready.</p>
        <Link
          href={home}
          className="mt-2 inline-flex min-h-11 items-center rounded font-semibold text-indigo-700 underline underline-offset-2"
        >
          Back to the dashboard
        </Link>
      </Card>
    </>
  );
}
