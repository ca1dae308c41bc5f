/**
 * What the fees desk's tabs (Collection, Adjustments) show alike: dates as DD-MM-YYYY (the
 * spec's list format, part 1 section 9) and an invoice's name, a late fee named as one.
 */
import type { InvoiceRow } from '@/api/schemas/fees';
import { formatDate } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';

/** "2026-01-31" as "31-01-2026" (Bangla digits in Bangla). */
export function deskDate(iso: string, lang: Language): string {
  return formatDate(iso, 'dd-LL-yyyy', lang);
}

/**
 * An invoice's name in one line of text (labels of buttons and checkboxes): a late fee is
 * "Late fee (Tuition)", never a second "Tuition". The fee head in the user's language (`name`
 * from useNames).
 */
export function invoiceText(
  row: Pick<InvoiceRow, 'kind' | 'sector_name'>,
  t: ReturnType<typeof useI18n>['t'],
  name: ReturnType<typeof useNames>['name'],
): string {
  const sector = name('fee_sectors', row.sector_name);
  return row.kind === 'late_fee' ? t('fees.lateFeeOf', { sector }) : sector;
}

/** An invoice's name in a table cell: "Late fee", and under it which fee it is late on. */
export function InvoiceName({ row }: { row: Pick<InvoiceRow, 'kind' | 'sector_name'> }) {
  const { t } = useI18n();
  const { name } = useNames();
  const sector = name('fee_sectors', row.sector_name);
  if (row.kind !== 'late_fee') return <>{sector}</>;
  return (
    <>
      <span className="font-semibold text-amber-800">{t('fees.cols.lateFee')}</span>
      <span className="block text-xs text-slate-600">{t('fees.lateFeeOn', { sector })}</span>
    </>
  );
}
