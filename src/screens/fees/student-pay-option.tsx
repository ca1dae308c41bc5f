/**
 * /payoption?invoice=<id>: the chosen due invoice and its due amount, and how to pay it: at the
 * school office (with what to bring and say), or by mobile wallet (bKash, Nagad, Rocket), which is
 * not offered yet: the wallets are shown as coming soon, and nothing here records a payment.
 */
import { Link } from 'wouter';
import { useI18n } from '@/i18n/i18n';
import { Alert } from '@/ui/alert';
import { DetailList } from '@/ui/detail-list';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { formatTaka } from './money';
import { invoiceDate, useOwnInvoices } from './student-invoices';

const WALLETS = ['bkash', 'nagad', 'rocket'] as const;

export default function StudentPayOption() {
  const { t, lang } = useI18n();
  const { profile } = useSignedIn();
  const [params] = useSearchState({ invoice: '' });
  const invoiceId = Number(params.invoice);
  const chosen = Number.isInteger(invoiceId) && invoiceId > 0;
  const list = useOwnInvoices('due');
  const back = (
    <Link href="/dueinvoice" className={`inline-flex min-h-11 items-center ${linkStyle}`}>
      {t('studentFees.option.toDue')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('studentFees.option.title')} />
      {!chosen ? (
        <Alert tone="info">
          <p>{t('studentFees.option.noInvoice')}</p>
          {back}
        </Alert>
      ) : (
        <QueryState query={list} what={t('studentFees.option.what')} loadingLabel={t('studentFees.option.loading')}>
          {(data) => {
            const invoice = data.rows.find((r) => r.id === invoiceId);
            if (!invoice) {
              return (
                <Alert tone="warning">
                  <p>{t('studentFees.option.notFound')}</p>
                  {back}
                </Alert>
              );
            }
            return (
              <div className="grid gap-4">
                <Card title={t('studentFees.option.invoice')}>
                  <DetailList
                    items={[
                      [t('studentFees.option.invoice'), `${invoice.sector_name} · ${invoice.session_year}`],
                      [t('studentFees.option.dueAmount'), formatTaka(invoice.due, lang)],
                      [t('studentFees.option.lastDate'), invoiceDate(invoice.last_date, lang)],
                    ]}
                  />
                </Card>
                <Card title={t('studentFees.option.choices')}>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <section
                      aria-labelledby="pay-office"
                      className="rounded-lg border-2 border-indigo-300 bg-indigo-50 p-4"
                    >
                      <h3 id="pay-office" className="font-semibold text-slate-900">
                        {t('studentFees.option.office')}
                      </h3>
                      <p className="mt-2 text-sm text-slate-700">
                        {t('studentFees.option.officeSteps', {
                          code: profile.student_code ?? '',
                          sector: invoice.sector_name,
                          session: invoice.session_year,
                        })}
                      </p>
                    </section>
                    <section aria-labelledby="pay-wallets" className="rounded-lg border border-slate-200 p-4">
                      <h3 id="pay-wallets" className="font-semibold text-slate-900">
                        {t('studentFees.option.wallets')}
                      </h3>
                      <ul className="mt-2 flex flex-wrap gap-2">
                        {WALLETS.map((w) => (
                          <li
                            key={w}
                            className="rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-600"
                          >
                            {t(`studentFees.option.${w}`)}
                          </li>
                        ))}
                      </ul>
                      <p className="mt-2 text-sm text-slate-700">{t('studentFees.option.comingSoon')}</p>
                    </section>
                  </div>
                </Card>
                {back}
              </div>
            );
          }}
        </QueryState>
      )}
    </>
  );
}
