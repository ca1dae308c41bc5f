/**
 * /dueinvoice: the student's invoices with something still due (sector, session, amount, paid,
 * due, last date, late when past it), the total due, and "Pay Now" on each, which opens
 * /payoption for that invoice. Rows become cards on a phone.
 */
import { Link } from 'wouter';
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { StudentInView } from '@/screens/guardians/student-in-view';
import { PageHeader } from '@/ui/page';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { formatTaka } from '@/i18n/money';
import { invoiceDate, totalDue, useOwnInvoices } from './student-invoices';

export default function StudentDueInvoices() {
  return <StudentInView>{(s) => <Invoices studentId={s.queryId} kicker={s.child?.full_name} />}</StudentInView>;
}

/** A student's own invoices, or a guardian's child's. */
function Invoices({ studentId, kicker }: { studentId?: number; kicker?: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const list = useOwnInvoices('due', studentId);
  return (
    <>
      <PageHeader kicker={kicker} title={t('studentFees.due.title')} />
      <QueryState
        query={list}
        what={t('studentFees.due.what')}
        loadingLabel={t('studentFees.due.loading')}
        empty={t('studentFees.due.empty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <p className="mb-4 text-lg font-semibold text-slate-900" aria-live="polite">
              {t('studentFees.due.total', { amount: formatTaka(totalDue(data.rows), lang) })}
            </p>
            <DataTable
              caption={t('studentFees.due.caption')}
              cards
              minWidth="48rem"
              head={[
                t('studentFees.cols.sector'),
                t('studentFees.cols.session'),
                t('studentFees.cols.amount'),
                t('studentFees.cols.paid'),
                t('studentFees.cols.due'),
                t('studentFees.cols.lastDate'),
                t('studentFees.cols.status'),
                t('studentFees.cols.action'),
              ]}
            >
              {data.rows.map((r) => (
                <tr key={r.id}>
                  <Td label={t('studentFees.cols.sector')}>{name('fee_sectors', r.sector_name)}</Td>
                  <Td label={t('studentFees.cols.session')}>{localDigits(r.session_year, lang)}</Td>
                  <Td label={t('studentFees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
                  <Td label={t('studentFees.cols.paid')}>{formatTaka(r.paid, lang)}</Td>
                  <Td label={t('studentFees.cols.due')} className="font-semibold">
                    {formatTaka(r.due, lang)}
                  </Td>
                  <Td label={t('studentFees.cols.lastDate')}>{invoiceDate(r.last_date, lang)}</Td>
                  <Td label={t('studentFees.cols.status')}>
                    {r.overdue ? (
                      <span className="font-semibold text-red-700">{t('studentFees.due.late')}</span>
                    ) : (
                      <span className="text-slate-700">{t('studentFees.due.onTime')}</span>
                    )}
                  </Td>
                  <Td label={t('studentFees.cols.action')}>
                    <Link
                      href={`/payoption?invoice=${r.id}${studentId ? `&student=${studentId}` : ''}`}
                      aria-label={t('studentFees.due.payNowFor', {
                        sector: name('fee_sectors', r.sector_name),
                        session: localDigits(r.session_year, lang),
                      })}
                      className="inline-flex min-h-11 items-center justify-center rounded-md bg-indigo-600 px-4 text-sm font-semibold text-white hover:bg-indigo-700"
                    >
                      {t('studentFees.due.payNow')}
                    </Link>
                  </Td>
                </tr>
              ))}
            </DataTable>
            {data.total > data.rows.length ? (
              <p className="mt-3 text-sm text-slate-600">{t('studentFees.due.more', { count: data.rows.length })}</p>
            ) : null}
          </>
        )}
      </QueryState>
    </>
  );
}
