/**
 * /payoption: paying due invoices. The page first asks the server whether it offers online payment
 * at all (GET /api/payment/online/options): when it does not (no provider configured), it says so
 * and describes paying at the school office only. Otherwise the student ticks due invoices (the one
 * "Pay Now" came from is ticked), sets the amount (their due by default; part of it allowed, more
 * refused before anything is sent) and a mobile wallet (bKash, Nagad, Rocket), and is sent to the
 * provider's checkout page. Through the sandbox every payment is a test, and the page says so
 * before and after: no money moves and the invoices stay due. Back from the provider
 * (/payoption?payment=<token>) the page shows the server's record only: paid with the receipt (or
 * a TEST PAYMENT - NO MONEY RECEIVED), cancelled, failed or not yet confirmed. Paying at the school
 * office stays described beside it. The flow is online-payment.machine.ts.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { Link } from 'wouter';
import { downloadReceipt, onlineOptionsQuery } from '@/api/online-payments';
import { formatPoisha, parseTaka, type InvoiceRow } from '@/api/schemas/fees';
import { WALLETS, type OnlineOptions, type Wallet } from '@/api/schemas/online-payments';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/digits';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { onlinePaymentMachine, type OnlineDraft } from '@/machines/online-payment.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { Loading, QueryState } from '@/ui/status';
import { linkStyle } from '@/ui/table';
import { TextField } from '@/ui/field';
import { useSearchState } from '@/ui/use-search-state';
import { StudentInView } from '@/screens/guardians/student-in-view';
import { formatTaka } from '@/i18n/money';
import { invoiceDate, useOwnInvoices } from './student-invoices';

/** Leaving for the provider's checkout page (an object, so that tests can watch it). */
export const checkout = { open: (url: string) => window.location.assign(url) };

const sumDue = (rows: readonly InvoiceRow[], ids: readonly number[]) =>
  formatPoisha(rows.filter((r) => ids.includes(r.id)).reduce((s, r) => s + BigInt(parseTaka(r.due) ?? 0), 0n));

export default function StudentPayOption() {
  const { t } = useI18n();
  const [params, setParams] = useSearchState({ invoice: '', payment: '' });
  const [state, send] = useMachine(
    onlinePaymentMachine.provide({
      actions: {
        goToCheckout: ({ context }) => {
          if (context.started) checkout.open(context.started.checkout_url);
        },
        // "Pay again" after a cancelled, failed or test attempt starts from the same invoice (still
        // due); after a paid one, from the list (the student may hold other dues, and must not pay
        // them by surprise).
        forgetToken: ({ context }) =>
          setParams(
            {
              payment: '',
              invoice:
                context.record && (context.record.status !== 'paid' || context.record.test)
                  ? String(context.record.invoice_ids[0] ?? '')
                  : '',
            },
            { replace: true },
          ),
      },
    }),
    { input: { token: params.payment || null } },
  );
  const back = (
    <Link href="/dueinvoice" className={`inline-flex min-h-11 items-center ${linkStyle}`}>
      {t('studentFees.option.toDue')}
    </Link>
  );
  return (
    <>
      <PageHeader title={t('studentFees.option.title')} />
      {state.hasTag('chooser') ? (
        <StudentInView>
          {(s) => (
            <Chooser
              state={state}
              send={send}
              invoiceParam={params.invoice}
              studentId={s.queryId}
              studentCode={s.student_code}
              back={back}
            />
          )}
        </StudentInView>
      ) : (
        <Outcome state={state} send={send} back={back} />
      )}
    </>
  );
}

type Snapshot = ReturnType<typeof useMachine<typeof onlinePaymentMachine>>[0];
type Send = ReturnType<typeof useMachine<typeof onlinePaymentMachine>>[1];

function Chooser({
  state,
  send,
  invoiceParam,
  studentId,
  studentCode,
  back,
}: {
  state: Snapshot;
  send: Send;
  invoiceParam: string;
  /** A guardian's child; undefined for a student paying their own. */
  studentId: number | undefined;
  studentCode: string;
  back: React.ReactNode;
}) {
  const { t } = useI18n();
  const options = useQuery(onlineOptionsQuery());
  const list = useOwnInvoices('due', studentId);
  return (
    <QueryState
      query={options}
      what={t('payments.online.optionsWhat')}
      loadingLabel={t('payments.online.optionsLoading')}
    >
      {(offered) => (
        <QueryState
          query={list}
          what={t('studentFees.option.what')}
          loadingLabel={t('studentFees.option.loading')}
          empty={t('studentFees.due.empty')}
          isEmpty={(d) => d.total === 0}
        >
          {(data) =>
            offered.available ? (
              <PayForm
                rows={data.rows}
                options={offered}
                state={state}
                send={send}
                invoiceParam={invoiceParam}
                studentCode={studentCode}
                back={back}
              />
            ) : (
              <div className="grid gap-4">
                <Alert tone="info">{t('payments.online.unavailable')}</Alert>
                <OfficeSteps
                  first={data.rows.find((r) => r.id === Number(invoiceParam)) ?? data.rows[0]}
                  studentCode={studentCode}
                />
                {back}
              </div>
            )
          }
        </QueryState>
      )}
    </QueryState>
  );
}

/** Paying at the school office: always possible, and the only way when online payment is not offered. */
function OfficeSteps({ first, studentCode }: { first: InvoiceRow | undefined; studentCode: string }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  return (
    <Card title={t('studentFees.option.office')}>
      <p className="text-sm text-slate-700">
        {t('studentFees.option.officeSteps', {
          code: studentCode,
          sector: name('fee_sectors', first?.sector_name),
          session: localDigits(first?.session_year ?? '', lang),
        })}
      </p>
    </Card>
  );
}

function PayForm({
  rows,
  options,
  state,
  send,
  invoiceParam,
  studentCode,
  back,
}: {
  rows: InvoiceRow[];
  options: OnlineOptions;
  state: Snapshot;
  send: Send;
  invoiceParam: string;
  studentCode: string;
  back: React.ReactNode;
}) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const errorText = useErrorText();
  const wanted = Number(invoiceParam);
  const known = rows.some((r) => r.id === wanted);
  const [chosen, setChosen] = useState<number[]>(() => (known ? [wanted] : rows.map((r) => r.id)));
  const maxDue = useMemo(() => sumDue(rows, chosen), [rows, chosen]);
  const [amount, setAmount] = useState(maxDue);
  const [edited, setEdited] = useState(false);
  const [wallet, setWallet] = useState<Wallet>('bkash');
  useEffect(() => {
    if (!edited) setAmount(maxDue);
  }, [maxDue, edited]);
  const busy = state.hasTag('busy');
  const problems = state.context.problems;
  const first = rows.find((r) => chosen.includes(r.id)) ?? rows[0];
  const shownAmount =
    parseTaka(amount.trim()) !== null ? formatTaka(formatPoisha(parseTaka(amount.trim())!), lang) : amount;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const draft: OnlineDraft = { invoice_ids: chosen, amount, wallet };
    send({ type: 'pay.submit', draft, maxDue });
  };
  return (
    <div className="grid gap-4">
      {invoiceParam && !known ? <Alert tone="warning">{t('studentFees.option.notFound')}</Alert> : null}
      <Card title={t('payments.online.heading')}>
        {options.test ? (
          <p className="mb-4 rounded-md border-2 border-dashed border-red-400 bg-amber-50 p-3 text-sm font-semibold text-red-800">
            {t('payments.online.sandbox')}
          </p>
        ) : null}
        <form onSubmit={submit} noValidate className="grid gap-4">
          <fieldset aria-describedby={problems.invoices ? 'pay-invoices-error' : undefined}>
            <legend className="text-sm font-semibold text-slate-900">{t('payments.online.invoices')}</legend>
            <ul className="mt-2 grid gap-2">
              {rows.map((r) => (
                <li key={r.id}>
                  <label className="flex min-h-11 items-center gap-3 rounded-md border border-slate-200 px-3">
                    <input
                      type="checkbox"
                      className="h-5 w-5"
                      checked={chosen.includes(r.id)}
                      disabled={busy}
                      onChange={(e) =>
                        setChosen((c) => (e.target.checked ? [...c, r.id] : c.filter((id) => id !== r.id)))
                      }
                    />
                    <span>
                      {t('payments.online.invoiceLabel', {
                        sector: name('fee_sectors', r.sector_name),
                        session: localDigits(r.session_year, lang),
                        due: formatTaka(r.due, lang),
                      })}
                      <span className="block text-xs text-slate-600">
                        {t('studentFees.option.lastDate')}: {invoiceDate(r.last_date, lang)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {problems.invoices ? (
              <p id="pay-invoices-error" className="mt-1 text-sm font-semibold text-red-700">
                {t(`payments.online.${problems.invoices}`)}
              </p>
            ) : null}
          </fieldset>
          <TextField
            label={t('payments.online.amount')}
            inputMode="decimal"
            value={amount}
            disabled={busy}
            onChange={(e) => {
              setEdited(true);
              setAmount(e.target.value);
            }}
            hint={t('payments.online.amountHint', { max: formatTaka(maxDue, lang) })}
            error={problems.amount ? t(`payments.online.${problems.amount}`, { max: formatTaka(maxDue, lang) }) : null}
          />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">{t('payments.online.wallet')}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {WALLETS.map((w) => (
                <label
                  key={w}
                  className={`flex min-h-11 items-center gap-2 rounded-md border-2 px-4 ${
                    wallet === w ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200'
                  }`}
                >
                  <input
                    type="radio"
                    name="wallet"
                    value={w}
                    checked={wallet === w}
                    disabled={busy}
                    onChange={() => setWallet(w)}
                  />
                  {t(`studentFees.option.${w}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {state.hasTag('startFailed') ? (
            <Alert onRetry={() => send({ type: 'pay.retry' })}>
              {t('payments.online.startFailed', { reason: errorText(state.context.error) })}
            </Alert>
          ) : null}
          <div>
            {state.hasTag('startFailed') ? (
              <Button variant="secondary" onClick={() => send({ type: 'pay.edit' })}>
                {t('payments.online.payAgain')}
              </Button>
            ) : (
              <Button type="submit" disabled={busy}>
                {busy
                  ? t('payments.online.starting')
                  : t(options.test ? 'payments.online.payTest' : 'payments.online.pay', {
                      amount: shownAmount,
                      wallet: t(`studentFees.option.${wallet}`),
                    })}
              </Button>
            )}
          </div>
          {busy ? <Loading label={t('payments.online.starting')} /> : null}
        </form>
      </Card>
      <OfficeSteps first={first} studentCode={studentCode} />
      {back}
    </div>
  );
}

function Outcome({ state, send, back }: { state: Snapshot; send: Send; back: React.ReactNode }) {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const [receiptError, setReceiptError] = useState<unknown>(null);
  const r = state.context.record;
  const again = (
    <Button variant="secondary" onClick={() => send({ type: 'pay.again' })}>
      {t('payments.online.payAgain')}
    </Button>
  );
  if (state.hasTag('checking')) return <Loading label={t('payments.online.checking')} />;
  if (state.hasTag('checkFailed')) {
    return (
      <Alert onRetry={() => send({ type: 'pay.check' })} retryLabel={t('payments.online.checkAgain')}>
        {t('payments.online.checkFailed', { reason: errorText(state.context.error) })}
      </Alert>
    );
  }
  if (!r) return null;
  const wallet = t(`studentFees.option.${r.wallet}`);
  return (
    <div className="grid gap-4">
      {state.hasTag('paid') ? (
        // A test payment (the sandbox) is never shown as money received: the invoices stay due.
        <Alert
          tone={r.test ? 'warning' : 'success'}
          title={t(r.test ? 'payments.online.testPaid' : 'payments.online.paid', {
            receipt: localDigits(r.receipt_no ?? '', lang),
          })}
        >
          <p>
            {t(r.test ? 'payments.online.testPaidBody' : 'payments.online.paidBody', {
              amount: formatTaka(r.amount, lang),
              wallet,
              txn: r.provider_txn_id ?? '',
            })}
          </p>
          {r.payment_id && r.receipt_no ? (
            <Button
              variant="secondary"
              className="mt-3"
              onClick={() => {
                setReceiptError(null);
                downloadReceipt(r.payment_id!, r.receipt_no!).catch(setReceiptError);
              }}
            >
              {t(r.test ? 'payments.online.testReceipt' : 'payments.online.receipt', {
                receipt: localDigits(r.receipt_no, lang),
              })}
            </Button>
          ) : null}
        </Alert>
      ) : state.hasTag('cancelled') ? (
        <Alert tone="info">{t('payments.online.cancelled')}</Alert>
      ) : state.hasTag('declined') ? (
        <Alert tone="error">{t('payments.online.failed', { reason: r.failure })}</Alert>
      ) : (
        <Alert tone="warning" onRetry={() => send({ type: 'pay.check' })} retryLabel={t('payments.online.checkAgain')}>
          {t('payments.online.pending')}
        </Alert>
      )}
      {receiptError ? <Alert>{errorText(receiptError)}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        {state.hasTag('pending') ? null : again}
        {r.test ? null : (
          <Link href="/paidinvoice" className={`inline-flex min-h-11 items-center ${linkStyle}`}>
            {t('payments.online.toPaid')}
          </Link>
        )}
        {back}
      </div>
    </div>
  );
}
