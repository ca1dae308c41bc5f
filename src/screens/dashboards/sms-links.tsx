/**
 * The SMS centre's pages a dashboard leads to (docs/DOMAIN.md, "SMS centre"), those the user may
 * open, by their page names; on the dashboards rather than as tiles, which the first download pays for.
 */
import { Link } from 'wouter';
import { useI18n } from '@/i18n/i18n';
import { canOpen, findRoute } from '@/routes';
import { useSignedIn } from '@/ui/session';
import { linkStyle } from '@/ui/table';

const PAGES = ['/sms-send', '/sms-report', '/sms-usage', '/sms-limits'] as const;

export function SmsLinks() {
  const { t } = useI18n();
  const { userType } = useSignedIn();
  const open = PAGES.map((p) => findRoute(p)!).filter((r) => canOpen(r, userType));
  if (!open.length) return null;
  return (
    <p className="mt-3 flex flex-wrap gap-x-4">
      {open.map((r) => (
        <Link key={r.path} href={r.path} className={`inline-flex min-h-11 items-center ${linkStyle}`}>
          {t(`shell.pages.${r.labelKey}`)}
        </Link>
      ))}
    </p>
  );
}
