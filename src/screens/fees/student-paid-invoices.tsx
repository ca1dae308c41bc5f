/**
 * /paidinvoice: the student's fully settled invoices, each with the receipt number(s) and day of
 * the payments that settled it (refunds and corrections named as such). Rows become cards on a phone.
 */
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { StudentInView } from '@/screens/guardians/student-in-view';
import { PageHeader } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import type { InvoiceReceipt } from '@/api/schemas/fees';
import { formatTaka } from '@/i18n/money';
import { ReceiptButton } from './receipt-button';
import { invoiceDate, useOwnInvoices } from './student-invoices';

export default function StudentPaidInvoices() {
  return <StudentInView>{(s) => <Invoices studentId={s.queryId} kicker={s.child?.full_name} />}</StudentInView>;
}

/** A student's own invoices, or a guardian's child's. */
function Invoices({ studentId, kicker }: { studentId?: number; kicker?: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const list = useOwnInvoices('paid', studentId);
  const receiptText = (r: InvoiceReceipt) =>
    `${t('studentFees.paid.receipt', {
      receipt: r.receipt_no,
      date: invoiceDate(r.date, lang),
      amount: formatTaka(r.amount, lang),
    })}${r.kind === 'payment' ? '' : ` · ${t(`studentFees.paid.${r.kind}`)}`}`;
  return (
    <>
      <PageHeader kicker={kicker} title={t('studentFees.paid.title')} />
      <QueryState
        query={list}
        what={t('studentFees.paid.what')}
        loadingLabel={t('studentFees.paid.loading')}
        empty={t('studentFees.paid.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <DataTable
            caption={t('studentFees.paid.caption')}
            cards
            minWidth="44rem"
            head={[
              t('studentFees.cols.sector'),
              t('studentFees.cols.session'),
              t('studentFees.cols.amount'),
              t('studentFees.cols.paid'),
              t('studentFees.cols.lastDate'),
              t('studentFees.cols.receipts'),
            ]}
          >
            {data.rows.map((r) => (
              <tr key={r.id}>
                <Td label={t('studentFees.cols.sector')}>{name('fee_sectors', r.sector_name)}</Td>
                <Td label={t('studentFees.cols.session')}>{localDigits(r.session_year, lang)}</Td>
                <Td label={t('studentFees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
                <Td label={t('studentFees.cols.paid')}>{formatTaka(r.paid, lang)}</Td>
                <Td label={t('studentFees.cols.lastDate')}>{invoiceDate(r.last_date, lang)}</Td>
                <Td label={t('studentFees.cols.receipts')}>
                  {r.receipts.length ? (
                    <ul className="space-y-1 max-sm:text-right">
                      {r.receipts.map((rc, i) => (
                        <li key={`${rc.receipt_no}-${i}`}>
                          <span>{receiptText(rc)}</span>
                          {rc.payment_id ? (
                            <>
                              {' '}
                              <ReceiptButton paymentId={rc.payment_id} receiptNo={rc.receipt_no} />
                            </>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    t('studentFees.paid.noReceipt')
                  )}
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </>
  );
}
