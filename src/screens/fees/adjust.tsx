/**
 * The Adjustments tab of /payment: a waiver or discount on one of a student's invoices,
 * and a refund or correction of one of their payments, each with a reason. Both are new ledger
 * entries (the server never edits an invoice or a payment); each is confirmed first and reported
 * only after the server answered (src/machines/fee-adjust.machine.ts). The student is in the
 * address (`student_code`), shared with the Collection tab.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { createActorContext } from '@xstate/react';
import { dueInvoicesQuery, feeKeys, paymentsQuery } from '@/api/fees';
import { formatPoisha, moneyProblem, parseTaka, type InvoiceRow, type PaymentRow } from '@/api/schemas/fees';
import { feeAdjustMachine, type AdjustRequest } from '@/machines/fee-adjust.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { TextField } from '@/ui/field';
import { Card } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatTaka } from '@/i18n/money';
import { InvoiceName, deskDate, invoiceText } from './desk-parts';
import { StudentFinder } from './student-finder';
import { useFlowLogic } from '@/ui/use-flow';

const AdjustFlow = createActorContext(feeAdjustMachine);

type Choice = { what: 'waiver'; invoice: InvoiceRow } | { what: 'reverse'; payment: PaymentRow; left: bigint };

const poishaOf = (amount: string) =>
  amount.startsWith('-') ? -BigInt(parseTaka(amount.slice(1)) ?? 0) : BigInt(parseTaka(amount) ?? 0);

/**
 * Each payment of the list with what of it is not yet refunded or corrected (poisha). A test
 * payment (the payment sandbox's) took no money: there is nothing of it to give back.
 */
export function reversible(rows: PaymentRow[]): Map<number, bigint> {
  const left = new Map<number, bigint>();
  for (const r of rows) if (r.kind === 'payment' && !r.test) left.set(r.id, poishaOf(r.amount));
  for (const r of rows) {
    if (r.kind !== 'payment' && r.reverses_payment_id && left.has(r.reverses_payment_id)) {
      left.set(r.reverses_payment_id, left.get(r.reverses_payment_id)! + poishaOf(r.amount));
    }
  }
  return left;
}

export function Adjustments() {
  const logic = useFlowLogic(feeAdjustMachine, { invalidates: [feeKeys.all], on: 'adjusted' });
  return (
    <AdjustFlow.Provider logic={logic}>
      <AdjustDesk />
    </AdjustFlow.Provider>
  );
}

function AdjustDesk() {
  const { t, lang } = useI18n();
  const names = useNames();
  const errorText = useErrorText();
  const send = AdjustFlow.useActorRef().send;
  const state = AdjustFlow.useSelector((s) => s);
  const [search, setSearch] = useSearchState({ student_code: '' });
  const [choice, setChoice] = useState<Choice | null>(null);
  const [kind, setKind] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const studentCode = search.student_code;
  const due = useQuery({ ...dueInvoicesQuery({ student_code: studentCode, limit: 100 }), enabled: !!studentCode });
  const ledger = useQuery({ ...paymentsQuery({ student_code: studentCode, limit: 500 }), enabled: !!studentCode });
  const name = due.data?.rows[0]?.full_name ?? ledger.data?.rows[0]?.full_name ?? studentCode;
  const left = useMemo(() => reversible(ledger.data?.rows ?? []), [ledger.data]);
  const busy = state.hasTag('busy');
  const result = state.context.result;
  useUnsavedChanges(!!choice && !result && (amount !== '' || reason.trim() !== ''), t('fees.unsaved'));

  const choose = (c: Choice) => {
    setChoice(c);
    setKind(c.what === 'waiver' ? 'waiver' : 'refund');
    setAmount(c.what === 'waiver' ? c.invoice.due : formatPoisha(c.left));
    setReason('');
    setTried(false);
  };
  const reset = () => {
    setChoice(null);
    setAmount('');
    setReason('');
    setTried(false);
  };
  const amountProblem =
    tried && (choice?.what === 'waiver' || amount.trim() !== '') && (!amount.trim() || moneyProblem(amount))
      ? t('fees.fee.money')
      : null;
  const reasonProblem = tried && !reason.trim() ? t('fees.adjust.reasonRequired') : null;
  const serverField = (f: string) =>
    (state.context.error as { fields?: Record<string, string> } | null)?.fields?.[f] ?? null;

  const submit = () => {
    setTried(true);
    if (!choice || !reason.trim()) return;
    if (choice.what === 'waiver' && (!amount.trim() || moneyProblem(amount))) return;
    if (choice.what === 'reverse' && amount.trim() && moneyProblem(amount)) return;
    const request: AdjustRequest =
      choice.what === 'waiver'
        ? { what: 'waiver', invoice_id: choice.invoice.id, kind: kind as 'waiver' | 'discount', amount, reason }
        : { what: 'reverse', payment_id: choice.payment.id, kind: kind as 'refund' | 'correction', amount, reason };
    send({ type: 'adjust.submit', request });
  };

  const draft = state.context.request;
  const confirmText = draft
    ? draft.what === 'waiver'
      ? t('fees.adjust.confirmWaiver', {
          kind: t(`fees.adjust.kinds.${draft.kind}`),
          amount: formatTaka(formatPoisha(parseTaka(draft.amount) ?? 0), lang),
          name,
        })
      : t('fees.adjust.confirmReverse', {
          kind: t(`fees.adjust.kinds.${draft.kind}`),
          amount: draft.amount
            ? formatTaka(formatPoisha(parseTaka(draft.amount) ?? 0), lang)
            : choice?.what === 'reverse'
              ? formatTaka(formatPoisha(choice.left), lang)
              : '',
          receipt: choice?.what === 'reverse' ? localDigits(choice.payment.receipt_no, lang) : '',
        })
    : '';

  return (
    <div className="space-y-4">
      <Card title={t('fees.adjust.title')}>
        <p className="mb-3 text-sm text-slate-700">{t('fees.adjust.intro')}</p>
        <StudentFinder
          onChoose={(student) => {
            reset();
            send({ type: 'adjust.next' });
            setSearch({ student_code: student.student_code });
          }}
        />
      </Card>

      {result ? (
        <Card>
          <div role="status">
            <Alert tone="success">
              {lang === 'en'
                ? result.message
                : result.receipt_no
                  ? t('fees.adjust.reversed', { receipt: localDigits(result.receipt_no, lang) })
                  : t('fees.adjust.waived')}
            </Alert>
          </div>
          <Button
            className="mt-3"
            onClick={() => {
              reset();
              send({ type: 'adjust.next' });
            }}
          >
            {t('fees.adjust.another')}
          </Button>
        </Card>
      ) : null}

      {choice && !result ? (
        <Card
          title={
            choice.what === 'waiver'
              ? t('fees.adjust.waiverTitle', { sector: invoiceText(choice.invoice, t, names.name) })
              : t('fees.adjust.reverseTitle', { receipt: localDigits(choice.payment.receipt_no, lang) })
          }
        >
          <form
            noValidate
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <p className="text-sm text-slate-700">
              {choice.what === 'waiver'
                ? t('fees.adjust.dueNow', { amount: formatTaka(choice.invoice.due, lang) })
                : t('fees.adjust.leftNow', { amount: formatTaka(formatPoisha(choice.left), lang) })}
            </p>
            <div className="grid gap-3 sm:grid-cols-3">
              <SelectField
                label={t('fees.adjust.kind')}
                value={kind}
                options={(choice.what === 'waiver'
                  ? (['waiver', 'discount'] as const)
                  : (['refund', 'correction'] as const)
                ).map((k) => ({
                  value: k,
                  label: t(`fees.adjust.kinds.${k}`),
                }))}
                onChange={setKind}
                disabled={busy}
              />
              <TextField
                label={t('fees.adjust.amount')}
                hint={choice.what === 'reverse' ? t('fees.adjust.amountAllHint') : t('fees.fee.amountHint')}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={amountProblem ?? serverField('amount')}
                required={choice.what === 'waiver'}
                disabled={busy}
              />
              <TextField
                label={t('fees.adjust.reason')}
                value={reason}
                maxLength={300}
                onChange={(e) => setReason(e.target.value)}
                error={reasonProblem ?? serverField('reason')}
                required
                disabled={busy}
              />
            </div>
            {state.hasTag('failed') ? (
              <div className="space-y-2">
                <Alert tone="error">
                  {t('fees.adjust.failed')} {errorText(state.context.error)}
                </Alert>
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => send({ type: 'adjust.retry' })}>{t('common.tryAgain')}</Button>
                  <Button variant="secondary" onClick={() => send({ type: 'adjust.cancel' })}>
                    {t('common.cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={busy}>
                  {choice.what === 'waiver' ? t('fees.adjust.saveWaiver') : t('fees.adjust.saveReverse')}
                </Button>
                <Button variant="secondary" onClick={reset} disabled={busy}>
                  {t('common.cancel')}
                </Button>
              </div>
            )}
          </form>
        </Card>
      ) : null}

      {studentCode ? (
        <Card title={t('fees.collect.dueTitle', { name })}>
          <QueryState
            query={due}
            what={t('fees.collect.what')}
            isEmpty={(d) => d.rows.length === 0}
            empty={t('fees.collect.noDue')}
          >
            {(data) => (
              <DataTable
                caption={t('fees.collect.dueTitle', { name })}
                head={[
                  t('fees.cols.sector'),
                  t('fees.cols.lastDate'),
                  t('fees.cols.amount'),
                  t('fees.cols.waived'),
                  t('fees.cols.paid'),
                  t('fees.cols.due'),
                  t('fees.adjust.action'),
                ]}
                cards
              >
                {data.rows.map((r) => (
                  <tr key={r.id} className="border-t border-slate-100">
                    <Td label={t('fees.cols.sector')}>
                      <InvoiceName row={r} />
                    </Td>
                    <Td label={t('fees.cols.lastDate')}>{deskDate(r.last_date, lang)}</Td>
                    <Td label={t('fees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
                    <Td label={t('fees.cols.waived')}>{formatTaka(r.waived, lang)}</Td>
                    <Td label={t('fees.cols.paid')}>{formatTaka(r.paid, lang)}</Td>
                    <Td label={t('fees.cols.due')}>{formatTaka(r.due, lang)}</Td>
                    <Td label={t('fees.adjust.action')}>
                      <Button
                        variant="secondary"
                        disabled={busy}
                        aria-label={`${t('fees.adjust.waive')}: ${invoiceText(r, t, names.name)} ${deskDate(r.last_date, lang)}`}
                        onClick={() => {
                          send({ type: 'adjust.next' });
                          choose({ what: 'waiver', invoice: r });
                        }}
                      >
                        {t('fees.adjust.waive')}
                      </Button>
                    </Td>
                  </tr>
                ))}
              </DataTable>
            )}
          </QueryState>
        </Card>
      ) : null}

      {studentCode ? (
        <Card title={t('fees.adjust.ledgerTitle', { name })}>
          <QueryState
            query={ledger}
            what={t('fees.adjust.ledgerWhat')}
            isEmpty={(d) => d.rows.length === 0}
            empty={t('fees.adjust.noPayments')}
          >
            {(data) => (
              <DataTable
                caption={t('fees.adjust.ledgerTitle', { name })}
                head={[
                  t('fees.adjust.receipt'),
                  t('fees.cols.date'),
                  t('fees.adjust.entry'),
                  t('fees.cols.amount'),
                  t('fees.adjust.reason'),
                  t('fees.adjust.action'),
                ]}
                cards
              >
                {data.rows.map((r) => {
                  const rest = left.get(r.id) ?? 0n;
                  return (
                    <tr key={r.id} className="border-t border-slate-100">
                      <Td label={t('fees.adjust.receipt')}>{localDigits(r.receipt_no, lang)}</Td>
                      <Td label={t('fees.cols.date')}>{deskDate(r.created_at.slice(0, 10), lang)}</Td>
                      <Td label={t('fees.adjust.entry')}>
                        {t(`fees.adjust.kinds.${r.kind}`)} · {t(`fees.collect.methods.${r.method}`)}
                        {r.test ? <strong className="block text-red-800">{t('fees.adjust.test')}</strong> : null}
                      </Td>
                      <Td label={t('fees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
                      <Td label={t('fees.adjust.reason')}>{r.reason || '—'}</Td>
                      <Td label={t('fees.adjust.action')}>
                        {r.kind === 'payment' && rest > 0n ? (
                          <Button
                            variant="secondary"
                            disabled={busy}
                            aria-label={`${t('fees.adjust.reverse')}: ${localDigits(r.receipt_no, lang)}`}
                            onClick={() => {
                              send({ type: 'adjust.next' });
                              choose({ what: 'reverse', payment: r, left: rest });
                            }}
                          >
                            {t('fees.adjust.reverse')}
                          </Button>
                        ) : r.kind === 'payment' && !r.test ? (
                          t('fees.adjust.fullyReversed')
                        ) : (
                          '—'
                        )}
                      </Td>
                    </tr>
                  );
                })}
              </DataTable>
            )}
          </QueryState>
        </Card>
      ) : null}

      <ConfirmDialog
        open={state.hasTag('confirm')}
        title={draft?.what === 'reverse' ? t('fees.adjust.confirmReverseTitle') : t('fees.adjust.confirmWaiverTitle')}
        confirmLabel={state.hasTag('busy') ? t('fees.adjust.saving') : t('fees.adjust.confirmButton')}
        tone="danger"
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'adjust.confirm' })}
        onCancel={() => send({ type: 'adjust.cancel' })}
      >
        <p>{confirmText}</p>
        {draft ? <p className="mt-2">{t('fees.adjust.confirmReason', { reason: draft.reason })}</p> : null}
        <p className="mt-2 text-sm">{t('fees.adjust.newEntry')}</p>
      </ConfirmDialog>
    </div>
  );
}
