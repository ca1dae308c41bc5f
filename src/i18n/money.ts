/**
 * Taka on screen: the server's decimal text ("1250.50") shown as "৳1,250.50", with Bangla digits
 * in Bangla ("৳১,২৫০.৫০"). Pure string work: an amount never passes through a float. Shared: the
 * fee screens and the server's sandbox checkout page (server/routes/payment-sandbox.ts) both write
 * amounts with it, so it lives with the other formats both sides import (docs/ARCHITECTURE.md,
 * "The shape"), not under a screen.
 */
import { localDigits } from '@/i18n/format';
import type { Language } from '@/i18n/i18n';

export function formatTaka(amount: string, lang: Language): string {
  const negative = amount.startsWith('-');
  const [whole, frac = '00'] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return localDigits(`${negative ? '-' : ''}৳${grouped}.${frac.padEnd(2, '0')}`, lang);
}
