/**
 * /sms-usage: the school admin's SMS quota (docs/DOMAIN.md, "SMS centre"): this month's limit,
 * use, bought SMS, what is left and what waits; buying SMS through the payment provider (only the
 * provider's verified confirmation adds them; a test provider's, the sandbox's, adds nothing and
 * the page says so, as for fees); the top-ups; usage by month and purpose with its CSV and XLSX;
 * and the automatic messages' settings.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SMS_PURPOSES } from '@/api/schemas/sms';
import { downloadSmsUsage, smsQuotaQuery, smsTopupsQuery, smsUsageQuery, startSmsTopup } from '@/api/sms';
import { useErrorText } from '@/i18n/errors';
import { useI18n } from '@/i18n/i18n';
import { formatTaka } from '@/i18n/money';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, linkStyle, Td } from '@/ui/table';
import { useDownload } from '@/ui/use-download';
import { AutoSettings } from './auto-settings';
import { SmsLinks, useNum, useWhen } from './shared';

/** Leaving for the provider's checkout page (an object, so that tests can watch it). */
export const checkout = { open: (url: string) => window.location.assign(url) };

const TOPUP_PAGE = 10;
const WALLETS = ['bkash', 'nagad', 'rocket'] as const;

export default function SmsUsageScreen() {
  const { t } = useI18n();
  const { profile, school } = useSignedIn();
  return (
    <>
      <PageHeader title={t('sms.usage.title')} kicker={school?.school_name ?? profile.school_name}>
        <SmsLinks here="usage" />
      </PageHeader>
      <div className="space-y-4">
        <Quota />
        <Topups />
        <Usage />
        <AutoSettings />
      </div>
    </>
  );
}

function Quota() {
  const { t } = useI18n();
  const num = useNum();
  const quota = useQuery(smsQuotaQuery());
  return (
    <QueryState query={quota} what={t('sms.usage.title')}>
      {(q) => (
        <Card title={t('sms.usage.quota', { month: q.month })}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
            {(
              [
                ['limit', q.sms_limit],
                ['used', q.used],
                ['bought', q.bought],
                ['left', q.left],
                ['waitingCount', q.waiting],
              ] as const
            ).map(([k, v]) => (
              <div key={k} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs font-semibold text-slate-600">{t(`sms.usage.${k}`)}</dt>
                <dd className="text-xl font-bold text-slate-900">{v === null ? t('sms.usage.unlimited') : num(v)}</dd>
              </div>
            ))}
          </dl>
          {q.sms_limit === null ? <p className="mt-3 text-sm">{t('sms.usage.noLimitNote')}</p> : null}
          {q.waiting > 0 ? (
            <Alert tone="warning" className="mt-3">
              {t('sms.usage.waitingNote', { count: q.waiting, n: num(q.waiting) })}
            </Alert>
          ) : null}
        </Card>
      )}
    </QueryState>
  );
}

function Topups() {
  const { t, lang } = useI18n();
  const num = useNum();
  const when = useWhen();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [quantity, setQuantity] = useState('500');
  const [wallet, setWallet] = useState<(typeof WALLETS)[number]>('bkash');
  const [invalid, setInvalid] = useState(false);
  const list = useQuery(smsTopupsQuery({ limit: TOPUP_PAGE, offset: (page - 1) * TOPUP_PAGE }));
  const start = useMutation({
    mutationFn: () => startSmsTopup({ sms_quantity: Number(quantity), wallet }),
    // A real provider: straight to its checkout. The sandbox: say first that it adds nothing.
    onSuccess: (answer) => (answer.test ? undefined : checkout.open(answer.checkout_url)),
  });
  return (
    <Card title={t('sms.usage.buy')}>
      <form
        className="grid gap-4 sm:grid-cols-3"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(quantity);
          const ok = /^\d+$/.test(quantity.trim()) && n >= 100 && n <= 1_000_000;
          setInvalid(!ok);
          if (ok) start.mutate();
        }}
      >
        <TextField
          label={t('sms.usage.quantity')}
          inputMode="numeric"
          value={quantity}
          onChange={(e) => {
            setQuantity(e.target.value);
            start.reset();
          }}
          error={invalid ? t('sms.usage.quantityInvalid') : null}
        />
        <SelectField
          label={t('sms.usage.wallet')}
          value={wallet}
          onChange={(v) => setWallet(v as (typeof WALLETS)[number])}
          options={WALLETS.map((w) => ({ value: w, label: t(`sms.usage.wallets.${w}`) }))}
        />
        <Button type="submit" className="self-end" disabled={start.isPending}>
          {start.isPending ? t('sms.usage.buying') : t('sms.usage.buyButton')}
        </Button>
      </form>
      {start.isError ? (
        <Alert tone="error" className="mt-3">
          {errorText(start.error)}
        </Alert>
      ) : null}
      {start.data?.test ? (
        <Alert tone="warning" className="mt-3">
          <p>{t('sms.usage.sandbox')}</p>
          <a href={start.data.checkout_url} className={`${linkStyle} inline-flex min-h-11 items-center`}>
            {t('sms.usage.sandboxContinue')} ({formatTaka(start.data.amount, lang)})
          </a>
        </Alert>
      ) : null}
      <h3 className="mt-6 text-base font-semibold text-slate-900">{t('sms.usage.topups')}</h3>
      <QueryState
        query={list}
        what={t('sms.usage.topups')}
        empty={t('sms.usage.topupsEmpty')}
        isEmpty={(p) => p.total === 0}
      >
        {(p) => (
          <>
            <DataTable
              caption={t('sms.usage.topups')}
              cards
              minWidth="28rem"
              head={[t('sms.report.when'), t('sms.report.partsCol'), t('sms.usage.amount'), t('sms.report.status')]}
            >
              {p.rows.map((r) => (
                <tr key={r.id}>
                  <Td label={t('sms.report.when')}>{when(r.created_at)}</Td>
                  <Td label={t('sms.report.partsCol')}>{num(r.sms_quantity)}</Td>
                  <Td label={t('sms.usage.amount')}>{formatTaka(r.amount, lang)}</Td>
                  <Td label={t('sms.report.status')}>
                    {r.test && r.status === 'paid' ? (
                      <strong className="text-amber-900">{t('sms.usage.testTopup')}</strong>
                    ) : (
                      t(`sms.usage.topupStatus.${r.status}`)
                    )}
                  </Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={TOPUP_PAGE}
              total={p.total}
              onPage={setPage}
              label={t('sms.usage.topupPages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}

function Usage() {
  const { t } = useI18n();
  const num = useNum();
  const [typeId, setTypeId] = useState(0);
  const report = useQuery(smsUsageQuery(typeId || undefined));
  const csv = useDownload();
  const xlsx = useDownload();
  const purposeName = (p: string) =>
    (SMS_PURPOSES as readonly string[]).includes(p) ? t(`sms.purposes.${p as (typeof SMS_PURPOSES)[number]}`) : p;
  return (
    <Card title={t('sms.usage.report')}>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <SelectField
          label={t('sms.report.purpose')}
          value={typeId ? String(typeId) : ''}
          placeholder={t('sms.usage.allPurposes')}
          onChange={(v) => setTypeId(Number(v) || 0)}
          options={SMS_PURPOSES.map((p, i) => ({ value: String(i + 1), label: t(`sms.purposes.${p}`) }))}
        />
        <Button
          variant="secondary"
          disabled={csv.busy}
          onClick={() => void csv.run(() => downloadSmsUsage('csv', typeId || undefined))}
        >
          {csv.busy ? t('sms.usage.downloading') : t('sms.usage.downloadCsv')}
        </Button>
        <Button
          variant="secondary"
          disabled={xlsx.busy}
          onClick={() => void xlsx.run(() => downloadSmsUsage('xlsx', typeId || undefined))}
        >
          {xlsx.busy ? t('sms.usage.downloading') : t('sms.usage.downloadXlsx')}
        </Button>
      </div>
      {csv.error || xlsx.error ? (
        <Alert tone="error" className="mb-3">
          {csv.error ?? xlsx.error}
        </Alert>
      ) : null}
      <QueryState
        query={report}
        what={t('sms.usage.report')}
        empty={t('sms.usage.reportEmpty')}
        isEmpty={(r) => !r.rows.length}
      >
        {(r) => (
          <DataTable
            caption={t('sms.usage.report')}
            cards
            minWidth="30rem"
            head={[
              t('sms.usage.month'),
              t('sms.report.purpose'),
              t('sms.usage.messagesCol'),
              t('sms.report.partsCol'),
              t('sms.usage.delivered'),
              t('sms.usage.failedCol'),
            ]}
          >
            {r.rows.map((row) => (
              <tr key={`${row.month}-${row.purpose}`}>
                <Td label={t('sms.usage.month')}>{row.month}</Td>
                <Td label={t('sms.report.purpose')}>{purposeName(row.purpose)}</Td>
                <Td label={t('sms.usage.messagesCol')}>{num(row.messages)}</Td>
                <Td label={t('sms.report.partsCol')}>{num(row.parts)}</Td>
                <Td label={t('sms.usage.delivered')}>{num(row.delivered)}</Td>
                <Td label={t('sms.usage.failedCol')}>{num(row.failed)}</Td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </Card>
  );
}
