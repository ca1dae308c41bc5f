/**
 * /payment (the viewer's Payment tile opens it read-only: the chosen school's reports).
 * The school admin's Payment Sector screen (spec part 2, Payments) grown into the fees
 * desk: sectors (form + list, reloaded after each save), fee setup (a confirmation
 * showing how many students get an invoice), collection at the counter (a student's due invoices,
 * a payment, the receipt number once the server confirmed) and reports with CSV export. Writes
 * are the fee machines; reads are TanStack Query; the tab is in the address.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { createActorContext } from '@xstate/react';
import { can } from '@/api/permissions';
import { dueInvoicesQuery, feeKeys, feesQuery, sectorsQuery } from '@/api/fees';
import { personFormLookupsQuery } from '@/api/people';
import {
  PAYMENT_METHODS,
  moneyProblem,
  parseTaka,
  formatPoisha,
  type InvoiceRow,
  type PaymentMethod,
} from '@/api/schemas/fees';
import type { StudentListRow } from '@/api/schemas/people';
import { feePaymentMachine } from '@/machines/fee-payment.machine';
import { feeSectorMachine, type Feedback } from '@/machines/fee-sector.machine';
import { feeFormErrors, feeSetupMachine, type FeeField } from '@/machines/fee-setup.machine';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { DateField } from '@/ui/date-field';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useToast } from '@/ui/toast';
import { useUnsavedChanges } from '@/ui/unsaved';
import { useSearchState } from '@/ui/use-search-state';
import { useErrorText } from '@/i18n/errors';
import { localDigits } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatTaka } from '@/i18n/money';
import { ReceiptButton } from './receipt-button';
import { InvoiceName, deskDate, invoiceText } from './desk-parts';
import { StudentFinder } from './student-finder';
import { Adjustments } from './adjust';
import { FeeReports } from './reports';
import { useFlowLogic } from '@/ui/use-flow';
import { RecordDeleteButton, useRecordDelete } from '@/screens/deletes/record-delete';
import { lookupKeys } from '@/api/lookups';

const TABS = ['sectors', 'fees', 'collect', 'adjust', 'reports'] as const;
type Tab = (typeof TABS)[number];

const SectorFlow = createActorContext(feeSectorMachine);
const FeeFlow = createActorContext(feeSetupMachine);
const PaymentFlow = createActorContext(feePaymentMachine);

export default function PaymentScreen() {
  const { userType, school } = useSignedIn();
  const { t } = useI18n();
  // A viewer (the dashboard's Payment tile) reads the chosen school's reports only; the guard sends
  // a viewer with no school chosen to the school list first (src/app.tsx), and the header's school
  // link changes it.
  if (!can(userType, 'fee.write')) {
    return (
      <>
        <PageHeader kicker={school?.school_name ?? undefined} title={t('fees.viewerTitle')}>
          <Link href="/viewer-school" className={`${linkStyle} inline-flex min-h-11 items-center`}>
            {school ? t('fees.changeSchool') : t('fees.chooseSchool')}
          </Link>
        </PageHeader>
        {school ? (
          <FeeReports key={school.id} schoolId={school.id} />
        ) : (
          <EmptyState>{t('fees.chooseSchool')}</EmptyState>
        )}
      </>
    );
  }
  return <FeesDesk />;
}

function FeesDesk() {
  const { profile } = useSignedIn();
  const { t } = useI18n();
  const [search, setSearch] = useSearchState({ tab: 'sectors' });
  const tab: Tab = (TABS as readonly string[]).includes(search.tab) ? (search.tab as Tab) : 'sectors';
  const sectorLogic = useFlowLogic(feeSectorMachine, { invalidates: [feeKeys.all], on: 'saved' });
  const feeLogic = useFlowLogic(feeSetupMachine, { invalidates: [feeKeys.all], on: 'saved' });
  const payLogic = useFlowLogic(feePaymentMachine, { invalidates: [feeKeys.all], on: 'paid' });
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('fees.title')} />
      <nav aria-label={t('fees.title')} className="mb-4 flex flex-wrap gap-2">
        {TABS.map((k) => (
          <Button
            key={k}
            variant={k === tab ? 'primary' : 'secondary'}
            aria-current={k === tab ? 'page' : undefined}
            onClick={() => setSearch({ tab: k })}
          >
            {t(`fees.tabs.${k}`)}
          </Button>
        ))}
      </nav>
      {tab === 'sectors' ? (
        <SectorFlow.Provider logic={sectorLogic}>
          <Sectors />
        </SectorFlow.Provider>
      ) : null}
      {tab === 'fees' ? (
        <FeeFlow.Provider logic={feeLogic}>
          <FeeSetup />
        </FeeFlow.Provider>
      ) : null}
      {tab === 'collect' ? (
        <PaymentFlow.Provider logic={payLogic}>
          <Collection />
        </PaymentFlow.Provider>
      ) : null}
      {tab === 'adjust' ? <Adjustments /> : null}
      {tab === 'reports' ? <FeeReports /> : null}
    </>
  );
}

/** The server's message after a save, once. */
function useFeedback<F extends Feedback>(feedback: F | null, text: (f: F) => string) {
  const toast = useToast();
  useEffect(() => {
    if (feedback) toast.show(text(feedback), 'success');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedback]);
}

function ErrorAlert({ error }: { error: unknown }) {
  const errorText = useErrorText();
  return error ? <Alert tone="error">{errorText(error)}</Alert> : null;
}

const fieldErrorOf = (error: unknown, field: string): string | null => {
  const fields = (error as { fields?: Record<string, string> } | null)?.fields;
  return fields?.[field] ?? null;
};

// ---------------------------------------------------------------- sectors

function Sectors() {
  const { t, lang } = useI18n();
  const send = SectorFlow.useActorRef().send;
  const form = SectorFlow.useSelector((s) => s.context.form);
  const error = SectorFlow.useSelector((s) => s.context.error);
  const busy = SectorFlow.useSelector((s) => s.hasTag('busy'));
  const feedback = SectorFlow.useSelector((s) => s.context.feedback);
  useUnsavedChanges(
    form.sector_code !== '' || form.sector_name !== '' || form.sector_name_bn !== '',
    t('fees.unsaved'),
  );
  useFeedback(feedback, (f) => (lang === 'en' ? f.text : t('fees.sector.saved')));
  const list = useQuery(sectorsQuery({ limit: 500 }));
  // Deleting a fee head made by mistake (docs/DOMAIN.md, "Deleting"); the names' cache reads them too.
  const deletes = useRecordDelete([feeKeys.all, lookupKeys.all]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('fees.sector.formTitle')}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'sector.submit' });
          }}
        >
          <ErrorAlert error={error} />
          <TextField
            label={t('fees.sector.code')}
            value={form.sector_code}
            maxLength={20}
            required
            disabled={busy}
            error={fieldErrorOf(error, 'sector_code')}
            onChange={(e) => send({ type: 'sector.change', field: 'sector_code', value: e.target.value })}
          />
          <TextField
            label={t('fees.sector.name')}
            value={form.sector_name}
            maxLength={100}
            required
            disabled={busy}
            error={fieldErrorOf(error, 'sector_name')}
            onChange={(e) => send({ type: 'sector.change', field: 'sector_name', value: e.target.value })}
          />
          <TextField
            label={t('fees.sector.nameBn')}
            hint={t('fees.sector.nameBnHint')}
            value={form.sector_name_bn}
            maxLength={100}
            disabled={busy}
            error={fieldErrorOf(error, 'sector_name_bn')}
            onChange={(e) => send({ type: 'sector.change', field: 'sector_name_bn', value: e.target.value })}
          />
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {t('common.submit')}
          </Button>
        </form>
      </Card>
      <Card title={t('fees.sector.listTitle')}>
        {deletes.element}
        <QueryState
          query={list}
          what={t('fees.sector.what')}
          isEmpty={(d) => d.rows.length === 0}
          empty={t('fees.sector.empty')}
        >
          {(data) => (
            <DataTable
              caption={t('fees.sector.listTitle')}
              head={[t('fees.sector.code'), t('fees.sector.name'), t('deletes.action')]}
              minWidth="16rem"
            >
              {data.rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <Td label={t('fees.sector.code')}>{r.sector_code}</Td>
                  <Td label={t('fees.sector.name')}>
                    {r.sector_name}
                    {r.sector_name_bn ? <span className="block text-sm text-slate-600">{r.sector_name_bn}</span> : null}
                  </Td>
                  <Td label={t('deletes.action')}>
                    <RecordDeleteButton
                      deletes={deletes}
                      kind="fee_head"
                      id={r.id}
                      label={`${r.sector_name} (${r.sector_code})`}
                    />
                  </Td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------- fee setup

function FeeSetup() {
  const { t, lang } = useI18n();
  const send = FeeFlow.useActorRef().send;
  const form = FeeFlow.useSelector((s) => s.context.form);
  const error = FeeFlow.useSelector((s) => s.context.error);
  const busy = FeeFlow.useSelector((s) => s.hasTag('busy'));
  const counting = FeeFlow.useSelector((s) => s.hasTag('counting'));
  const confirming = FeeFlow.useSelector((s) => s.hasTag('confirm'));
  const saving = FeeFlow.useSelector((s) => s.hasTag('confirm') && s.hasTag('busy'));
  const count = FeeFlow.useSelector((s) => s.context.count);
  const feedback = FeeFlow.useSelector((s) => s.context.feedback);
  const [tried, setTried] = useState(false);
  useUnsavedChanges(form.amount !== '' || form.class_id !== '' || form.last_date !== '', t('fees.unsaved'));
  useFeedback(feedback, (f) => t('fees.fee.created', { count: f.created, n: localDigits(String(f.created), lang) }));
  const sectors = useQuery(sectorsQuery({ limit: 500 }));
  const lookups = useQuery(personFormLookupsQuery());
  const fees = useQuery(feesQuery({ limit: 100 }));
  const { name } = useNames();
  const current = lookups.data?.sessions.find((s) => s.current);
  useEffect(() => {
    if (!form.session_id && current) send({ type: 'fee.change', field: 'session_id', value: String(current.id) });
  }, [current, form.session_id, send]);
  const classes = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of lookups.data?.sections ?? []) seen.set(s.class_id, name('classes', s.class_name));
    return [...seen].map(([value, label]) => ({ value: String(value), label }));
  }, [lookups.data, name]);
  const sections = (lookups.data?.sections ?? []).filter((s) => String(s.class_id) === form.class_id);
  const local = tried ? feeFormErrors(form) : {};
  const problem = (f: FeeField) =>
    local[f] ? t(`fees.fee.${local[f]}`) : fieldErrorOf(error, f === 'late_fee' ? 'late_fee' : f);
  const change = (field: FeeField, value: string) => send({ type: 'fee.change', field, value });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('fees.fee.formTitle')}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            send({ type: 'fee.submit' });
          }}
        >
          <ErrorAlert error={error} />
          <SelectField
            label={t('fees.fee.sector')}
            value={form.sector_id}
            placeholder={t('fees.fee.chooseSector')}
            options={(sectors.data?.rows ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.sector_code} · ${name('fee_sectors', s.sector_name)}`,
            }))}
            onChange={(v) => change('sector_id', v)}
            error={problem('sector_id')}
            required
            disabled={busy}
          />
          <SelectField
            label={t('fees.fee.session')}
            value={form.session_id}
            options={(lookups.data?.sessions ?? []).map((s) => ({
              value: String(s.id),
              label: localDigits(s.session_year, lang),
            }))}
            onChange={(v) => change('session_id', v)}
            error={problem('session_id')}
            required
            disabled={busy}
          />
          <SelectField
            label={t('fees.fee.class')}
            value={form.class_id}
            placeholder={t('fees.fee.chooseClass')}
            options={classes}
            onChange={(v) => change('class_id', v)}
            error={problem('class_id')}
            required
            disabled={busy}
          />
          <SelectField
            label={t('fees.fee.section')}
            value={form.section_id}
            placeholder={t('fees.fee.wholeClass')}
            options={sections.map((s) => ({ value: String(s.id), label: s.section_default_name }))}
            onChange={(v) => change('section_id', v)}
            error={problem('section_id')}
            disabled={busy || !form.class_id}
          />
          <TextField
            label={t('fees.fee.amount')}
            hint={t('fees.fee.amountHint')}
            inputMode="decimal"
            value={form.amount}
            onChange={(e) => change('amount', e.target.value)}
            error={problem('amount')}
            required
            disabled={busy}
          />
          <DateField
            label={t('fees.fee.lastDate')}
            value={form.last_date}
            onChange={(v) => change('last_date', v)}
            error={problem('last_date')}
            required
            disabled={busy}
          />
          <TextField
            label={t('fees.fee.lateFee')}
            inputMode="decimal"
            value={form.late_fee}
            onChange={(e) => change('late_fee', e.target.value)}
            error={problem('late_fee')}
            disabled={busy}
          />
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {counting ? t('fees.fee.counting') : t('fees.fee.generate')}
          </Button>
        </form>
        <ConfirmDialog
          open={confirming}
          title={t('fees.fee.confirmTitle')}
          confirmLabel={saving ? t('fees.fee.saving') : t('fees.fee.confirmButton')}
          busy={saving}
          onConfirm={() => send({ type: 'fee.confirm' })}
          onCancel={() => send({ type: 'fee.cancel' })}
        >
          {count ? (
            <>
              <p>
                {t('fees.fee.confirmText', {
                  count: count.students - count.existing,
                  n: localDigits(String(count.students - count.existing), lang),
                  amount: moneyProblem(form.amount)
                    ? form.amount
                    : formatTaka(formatPoisha(parseTaka(form.amount)!), lang),
                })}
              </p>
              {count.existing ? (
                <p className="mt-2">
                  {t('fees.fee.confirmExisting', { existing: localDigits(String(count.existing), lang) })}
                </p>
              ) : null}
              <p className="mt-2 text-sm">{t('fees.fee.confirmNothingSaved')}</p>
            </>
          ) : null}
        </ConfirmDialog>
      </Card>
      <Card title={t('fees.fee.listTitle')}>
        <QueryState
          query={fees}
          what={t('fees.fee.what')}
          isEmpty={(d) => d.rows.length === 0}
          empty={t('fees.fee.empty')}
        >
          {(data) => (
            <DataTable
              caption={t('fees.fee.listTitle')}
              head={[
                t('fees.cols.sector'),
                t('fees.fee.target'),
                t('fees.cols.amount'),
                t('fees.cols.lastDate'),
                t('fees.fee.invoices'),
              ]}
              cards
            >
              {data.rows.map((r) => (
                <tr key={r.id} className="border-t border-slate-100">
                  <Td label={t('fees.cols.sector')}>{name('fee_sectors', r.sector_name)}</Td>
                  <Td label={t('fees.fee.target')}>
                    {[r.class_name && name('classes', r.class_name), r.section_default_name]
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </Td>
                  <Td label={t('fees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
                  <Td label={t('fees.cols.lastDate')}>{deskDate(r.last_date, lang)}</Td>
                  <Td label={t('fees.fee.invoices')}>{localDigits(String(r.invoices), lang)}</Td>
                </tr>
              ))}
            </DataTable>
          )}
        </QueryState>
      </Card>
    </div>
  );
}

// ---------------------------------------------------------------- collection

function Collection() {
  const { t, lang } = useI18n();
  const names = useNames();
  const send = PaymentFlow.useActorRef().send;
  const state = PaymentFlow.useSelector((s) => s);
  const [search, setSearch] = useSearchState({ student_code: '' });
  const [chosen, setChosen] = useState<number[]>([]);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [reference, setReference] = useState('');
  const [tried, setTried] = useState(false);
  const due = useQuery({
    ...dueInvoicesQuery({ student_code: search.student_code, limit: 100 }),
    enabled: search.student_code !== '',
  });
  const name = due.data?.rows[0]?.full_name ?? search.student_code;
  const busy = state.hasTag('busy');
  // Cancelling an unpaid invoice made by mistake, with a reason (docs/DOMAIN.md, "Deleting").
  const invoiceDeletes = useRecordDelete([feeKeys.all]);
  const amountProblem = tried && (!amount || moneyProblem(amount)) ? t('fees.fee.money') : null;
  const refProblem = tried && method === 'mobile_wallet' && !reference.trim() ? t('fees.fee.required') : null;
  const choiceProblem = tried && chosen.length === 0 ? t('fees.collect.chooseInvoice') : null;
  const receipt = state.context.receipt;
  useUnsavedChanges(!receipt && (amount !== '' || chosen.length > 0), t('fees.unsaved'));
  const choose = (student: StudentListRow) => {
    setChosen([]);
    setAmount('');
    setReference('');
    setTried(false);
    if (receipt) send({ type: 'payment.next' });
    setSearch({ student_code: student.student_code });
  };
  // Ticking invoices fills in what they leave due (integer poisha); the amount can then be
  // lowered for a partial payment.
  const tick = (rows: readonly InvoiceRow[], id: number, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((x) => x !== id);
    setChosen(next);
    const due = rows.filter((r) => next.includes(r.id)).reduce((sum, r) => sum + BigInt(parseTaka(r.due) ?? 0), 0n);
    setAmount(due > 0n ? formatPoisha(due) : '');
  };
  return (
    <div className="space-y-4">
      <Card title={t('fees.collect.title')}>
        <StudentFinder onChoose={choose} />
      </Card>
      {receipt ? (
        <Card>
          <div role="status">
            <Alert tone="success">
              {t('fees.collect.receipt', { receipt: localDigits(receipt.receipt_no, lang) })}
            </Alert>
          </div>
          <ReceiptButton paymentId={receipt.payment_id} receiptNo={receipt.receipt_no} />
          <Button
            className="mt-3"
            onClick={() => {
              setAmount('');
              setReference('');
              setChosen([]);
              setTried(false);
              send({ type: 'payment.next' });
            }}
          >
            {t('fees.collect.next')}
          </Button>
        </Card>
      ) : null}
      {search.student_code ? (
        <Card title={t('fees.collect.dueTitle', { name })}>
          {invoiceDeletes.element}
          <QueryState
            query={due}
            what={t('fees.collect.what')}
            isEmpty={(d) => d.rows.length === 0}
            empty={t('fees.collect.noDue')}
          >
            {(data) => (
              <form
                noValidate
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  setTried(true);
                  if (!chosen.length || !amount || moneyProblem(amount)) return;
                  if (method === 'mobile_wallet' && !reference.trim()) return;
                  send({ type: 'payment.submit', invoice_ids: chosen, amount, method, reference });
                }}
              >
                <DataTable
                  caption={t('fees.collect.dueTitle', { name })}
                  head={[
                    t('fees.cols.choose'),
                    t('fees.cols.sector'),
                    t('fees.cols.lastDate'),
                    t('fees.cols.amount'),
                    t('fees.cols.paid'),
                    t('fees.cols.due'),
                  ]}
                  cards
                >
                  {data.rows.map((r) => (
                    <tr key={r.id} className="border-t border-slate-100">
                      <Td label={t('fees.cols.choose')}>
                        {/* The label is the 44 px target around the box. */}
                        <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                          <input
                            type="checkbox"
                            className="h-6 w-6"
                            aria-label={`${invoiceText(r, t, names.name)} ${deskDate(r.last_date, lang)}`}
                            checked={chosen.includes(r.id)}
                            disabled={busy || !!receipt}
                            onChange={(e) => tick(data.rows, r.id, e.target.checked)}
                          />
                        </label>
                      </Td>
                      <Td label={t('fees.cols.sector')}>
                        <InvoiceName row={r} />
                      </Td>
                      <Td label={t('fees.cols.lastDate')}>
                        {deskDate(r.last_date, lang)}
                        {r.overdue ? (
                          <span className="ml-2 font-semibold text-red-700">{t('fees.overdue')}</span>
                        ) : null}
                      </Td>
                      <Td label={t('fees.cols.amount')}>{formatTaka(r.amount, lang)}</Td>
                      <Td label={t('fees.cols.paid')}>{formatTaka(r.paid, lang)}</Td>
                      <Td label={t('fees.cols.due')}>
                        {formatTaka(r.due, lang)}
                        {parseTaka(r.paid) ? null : (
                          <RecordDeleteButton
                            deletes={invoiceDeletes}
                            kind="invoice"
                            id={r.id}
                            label={`${invoiceText(r, t, names.name)} ${deskDate(r.last_date, lang)}`}
                          />
                        )}
                      </Td>
                    </tr>
                  ))}
                </DataTable>
                {choiceProblem ? <Alert tone="error">{choiceProblem}</Alert> : null}
                <div className="grid gap-3 sm:grid-cols-3">
                  <TextField
                    label={t('fees.collect.amount')}
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    error={amountProblem ?? fieldErrorOf(state.context.error, 'amount')}
                    disabled={busy || !!receipt}
                    required
                  />
                  <SelectField
                    label={t('fees.collect.method')}
                    value={method}
                    options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`fees.collect.methods.${m}`) }))}
                    onChange={(v) => setMethod(v as PaymentMethod)}
                    disabled={busy || !!receipt}
                  />
                  <TextField
                    label={t('fees.collect.reference')}
                    value={reference}
                    maxLength={60}
                    onChange={(e) => setReference(e.target.value)}
                    error={refProblem ?? fieldErrorOf(state.context.error, 'reference')}
                    disabled={busy || !!receipt}
                    required={method === 'mobile_wallet'}
                  />
                </div>
                {state.hasTag('failed') ? (
                  <div className="space-y-2">
                    <Alert tone="error">{t('fees.collect.failed')}</Alert>
                    <ErrorAlert error={state.context.error} />
                    <div className="flex gap-2">
                      <Button onClick={() => send({ type: 'payment.retry' })}>{t('common.tryAgain')}</Button>
                      <Button variant="secondary" onClick={() => send({ type: 'payment.cancel' })}>
                        {t('common.cancel')}
                      </Button>
                    </div>
                  </div>
                ) : (
                  <Button
                    type="submit"
                    disabled={
                      busy ||
                      !!receipt ||
                      !state.can({ type: 'payment.submit', invoice_ids: [], amount: '', method: 'cash', reference: '' })
                    }
                  >
                    {t('fees.collect.record')}
                  </Button>
                )}
              </form>
            )}
          </QueryState>
        </Card>
      ) : null}
      <ConfirmDialog
        open={state.hasTag('confirm')}
        title={t('fees.collect.confirmTitle')}
        confirmLabel={state.hasTag('busy') ? t('fees.collect.saving') : t('fees.collect.record')}
        busy={state.hasTag('busy')}
        onConfirm={() => send({ type: 'payment.confirm' })}
        onCancel={() => send({ type: 'payment.cancel' })}
      >
        {state.context.draft ? (
          <p>
            {t('fees.collect.confirmText', {
              amount: formatTaka(formatPoisha(parseTaka(state.context.draft.amount) ?? 0), lang),
              method: t(`fees.collect.methods.${state.context.draft.method}`),
              name,
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
