/**
 * What the fees desk's tabs (Collection, Adjustments) show alike: dates as DD-MM-YYYY (the
 * spec's list format, part 1 section 9) and an invoice's name, a late fee named as one.
 */
import type { InvoiceRow } from '@/api/schemas/fees';
import { formatDate } from '@/i18n/format';
import { useI18n, type Language } from '@/i18n/i18n';

/** "2026-01-31" as "31-01-2026" (Bangla digits in Bangla). */
export function deskDate(iso: string, lang: Language): string {
  return formatDate(iso, 'dd-LL-yyyy', lang);
}

/**
 * An invoice's name in one line of text (labels of buttons and checkboxes): a late fee is
 * "Late fee (Tuition)", never a second "Tuition".
 */
export function invoiceText(row: Pick<InvoiceRow, 'kind' | 'sector_name'>, t: ReturnType<typeof useI18n>['t']): string {
  return row.kind === 'late_fee' ? t('fees.lateFeeOf', { sector: row.sector_name }) : row.sector_name;
}

/** An invoice's name in a table cell: "Late fee", and under it which fee it is late on. */
export function InvoiceName({ row }: { row: Pick<InvoiceRow, 'kind' | 'sector_name'> }) {
  const { t } = useI18n();
  if (row.kind !== 'late_fee') return <>{row.sector_name}</>;
  return (
    <>
      <span className="font-semibold text-amber-800">{t('fees.cols.lateFee')}</span>
      <span className="block text-xs text-slate-600">{t('fees.lateFeeOn', { sector: row.sector_name })}</span>
    </>
  );
}
