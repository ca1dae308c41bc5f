/** What the SMS centre's screens share (docs/DOMAIN.md, "SMS centre"): its links, numbers and times. */
import { Link } from 'wouter';
import { DateTime } from 'luxon';
import { can } from '@/api/permissions';
import { schoolTimeZone } from '@/api/session';
import { formatDateTime, formatNumber } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useSignedIn } from '@/ui/session';
import { linkStyle } from '@/ui/table';

/** A number in the user's digits. */
export function useNum() {
  const { lang } = useI18n();
  return (n: number) => formatNumber(n, lang);
}

/** An instant (ISO) as the school's date and time, in the user's language. */
export function useWhen() {
  const { lang } = useI18n();
  return (iso: string) => formatDateTime(DateTime.fromISO(iso).setZone(schoolTimeZone()), 'd MMM yyyy, h:mm a', lang);
}

/** The SMS centre's pages the user may open, as a row of links (the one they are on is not a link). */
export function SmsLinks({ here }: { here: 'send' | 'report' | 'usage' }) {
  const { t } = useI18n();
  const { userType } = useSignedIn();
  const pages = [
    { key: 'send' as const, href: '/sms-send', ok: can(userType, 'sms.send') },
    { key: 'report' as const, href: '/sms-report', ok: can(userType, 'sms.send') },
    { key: 'usage' as const, href: '/sms-usage', ok: can(userType, 'sms.topup') },
  ].filter((p) => p.ok && p.key !== here);
  if (!pages.length) return null;
  return (
    <nav aria-label={t('sms.compose.title')} className="flex flex-wrap gap-x-4">
      {pages.map((p) => (
        <Link key={p.key} href={p.href} className={`${linkStyle} inline-flex min-h-11 items-center`}>
          {t(`sms.nav.${p.key}`)}
        </Link>
      ))}
    </nav>
  );
}
