/**
 * Pieces the student's fee screens share: the student's own invoices (the signed-in
 * profile's id; the server refuses any other), dates and taka in the user's language, and the
 * total due summed in integer poisha (never through a float).
 */
import { useQuery } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { feeKeys, fetchDueInvoices, fetchPaidInvoices } from '@/api/fees';
import { FEE_PAGE, formatPoisha, parseTaka, type InvoiceRow } from '@/api/schemas/fees';
import { formatDate } from '@/i18n/format';
import type { Language } from '@/i18n/i18n';
import { useSignedIn } from '@/ui/session';

/** All of a student's invoices fit one page: a student has far fewer than the page's maximum. */
export const STUDENT_INVOICE_LIMIT = FEE_PAGE.maxLimit;

/** `studentId`: a guardian's child (the server checks the link); else the student's own. */
export function useOwnInvoices(status: 'due' | 'paid', studentId?: number) {
  const { profile } = useSignedIn();
  const q = { student_id: studentId ?? profile.id, limit: STUDENT_INVOICE_LIMIT };
  return useQuery({
    queryKey: status === 'due' ? feeKeys.due(q) : feeKeys.paid(q),
    queryFn: () => (status === 'due' ? fetchDueInvoices(q) : fetchPaidInvoices(q)),
  });
}

const FORMATS: Record<Language, string> = { en: 'dd-LL-yyyy', bn: 'd MMMM yyyy' };

export function invoiceDate(iso: string, lang: Language): string {
  return DateTime.fromISO(iso).isValid ? formatDate(iso, FORMATS[lang], lang) : iso;
}

/** The sum of the invoices' dues as decimal text ("1500.75"). */
export function totalDue(rows: readonly InvoiceRow[]): string {
  return formatPoisha(rows.reduce((sum, r) => sum + BigInt(parseTaka(r.due) ?? 0), 0n));
}
