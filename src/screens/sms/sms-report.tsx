/**
 * /sms-report: what became of the messages (docs/DOMAIN.md, "SMS centre"): the messages written
 * here, each with how many wait, were sent, delivered, failed or were not sent; and each message
 * with its delivery state and, for a failure, the gateway's reason. Paged; a teacher sees their own,
 * the school admin everyone's (the server narrows it). The gateway's delivery reports arrive later:
 * Refresh reads them again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SMS_PURPOSES, type SmsPurpose } from '@/api/schemas/sms';
import { smsCampaignsQuery, smsKeys, smsMessagesQuery } from '@/api/sms';
import { useI18n } from '@/i18n/i18n';
import { Button } from '@/ui/button';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { SmsLinks, useNum, useWhen } from './shared';

const CAMPAIGN_PAGE = 10;
const MESSAGE_PAGE = 25;
const STATUSES = ['queued', 'sent', 'delivered', 'failed', 'cancelled'] as const;
type Status = (typeof STATUSES)[number];
const SEARCH = { cpage: '1', mpage: '1', campaign: '', status: '', kind: '' };

export default function SmsReportScreen() {
  const { t } = useI18n();
  const { profile, school } = useSignedIn();
  const queryClient = useQueryClient();
  const num = useNum();
  const when = useWhen();
  const [f, setF] = useSearchState(SEARCH);
  const cpage = Math.max(1, Number(f.cpage) || 1);
  const mpage = Math.max(1, Number(f.mpage) || 1);
  const campaignId = Number(f.campaign) || undefined;
  const status = (STATUSES as readonly string[]).includes(f.status) ? (f.status as Status) : undefined;
  const kind = (SMS_PURPOSES as readonly string[]).includes(f.kind) ? (f.kind as SmsPurpose) : undefined;
  const campaigns = useQuery(smsCampaignsQuery({ limit: CAMPAIGN_PAGE, offset: (cpage - 1) * CAMPAIGN_PAGE }));
  const messages = useQuery(
    smsMessagesQuery({
      limit: MESSAGE_PAGE,
      offset: (mpage - 1) * MESSAGE_PAGE,
      campaign_id: campaignId,
      status,
      kind,
    }),
  );
  const chosen = campaigns.data?.rows.find((c) => c.id === campaignId);

  return (
    <>
      <PageHeader title={t('sms.report.title')} kicker={school?.school_name ?? profile.school_name}>
        <div className="flex flex-wrap items-center gap-3">
          <SmsLinks here="report" />
          <Button variant="secondary" onClick={() => void queryClient.invalidateQueries({ queryKey: smsKeys.all })}>
            {t('sms.refresh')}
          </Button>
        </div>
      </PageHeader>
      <Card title={t('sms.report.campaigns')}>
        <QueryState
          query={campaigns}
          what={t('sms.report.campaigns')}
          empty={t('sms.report.campaignsEmpty')}
          isEmpty={(p) => p.total === 0}
        >
          {(page) => (
            <>
              <DataTable
                caption={t('sms.report.campaigns')}
                cards
                head={[t('sms.report.when'), t('sms.report.text'), t('sms.report.reach'), t('sms.report.state'), '']}
              >
                {page.rows.map((c) => (
                  <tr key={c.id} aria-current={c.id === campaignId ? 'true' : undefined}>
                    <Td label={t('sms.report.when')}>
                      {when(c.created_at)}
                      {c.send_after ? (
                        <span className="block text-xs text-slate-600">
                          {t('sms.report.scheduled', { time: when(c.send_after) })}
                        </span>
                      ) : null}
                    </Td>
                    <Td label={t('sms.report.text')} className="max-w-xs">
                      <span lang={c.language} className="line-clamp-3">
                        {c.template}
                      </span>
                    </Td>
                    <Td label={t('sms.report.reach')}>
                      {num(c.recipients)} · {t('sms.report.partsCol')} {num(c.parts)}
                    </Td>
                    <Td label={t('sms.report.state')}>
                      {t('sms.report.counts', {
                        queued: num(c.queued),
                        sent: num(c.sent),
                        delivered: num(c.delivered),
                        failed: num(c.failed),
                        cancelled: num(c.cancelled),
                      })}
                    </Td>
                    <Td label="">
                      <Button variant="secondary" onClick={() => setF({ campaign: String(c.id), mpage: '1' })}>
                        {t('sms.report.showMessages')}
                      </Button>
                    </Td>
                  </tr>
                ))}
              </DataTable>
              <Pagination
                page={cpage}
                pageSize={CAMPAIGN_PAGE}
                total={page.total}
                onPage={(p) => setF({ cpage: String(p) })}
                label={t('sms.report.campaignPages')}
              />
            </>
          )}
        </QueryState>
      </Card>

      <Card
        title={chosen ? t('sms.report.messagesOf', { when: when(chosen.created_at) }) : t('sms.report.messages')}
        className="mt-4"
      >
        <div className="mb-3 grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t('sms.report.status')}
            value={status ?? ''}
            placeholder={t('sms.report.anyStatus')}
            onChange={(v) => setF({ status: v, mpage: '1' })}
            options={STATUSES.map((s) => ({ value: s, label: t(`sms.report.statuses.${s}`) }))}
          />
          <SelectField
            label={t('sms.report.purpose')}
            value={kind ?? ''}
            placeholder={t('sms.report.anyPurpose')}
            onChange={(v) => setF({ kind: v, mpage: '1' })}
            options={SMS_PURPOSES.map((p) => ({ value: p, label: t(`sms.purposes.${p}`) }))}
          />
          {campaignId ? (
            <Button variant="secondary" className="self-end" onClick={() => setF({ campaign: '', mpage: '1' })}>
              {t('sms.report.allMessages')}
            </Button>
          ) : null}
        </div>
        <QueryState
          query={messages}
          what={t('sms.report.messages')}
          empty={t('sms.report.messagesEmpty')}
          isEmpty={(p) => p.total === 0}
        >
          {(page) => (
            <>
              <DataTable
                caption={t('sms.report.messages')}
                cards
                head={[
                  t('sms.report.phone'),
                  t('sms.report.purpose'),
                  t('sms.report.status'),
                  t('sms.report.partsCol'),
                  t('sms.report.text'),
                ]}
              >
                {page.rows.map((m) => (
                  <tr key={m.id}>
                    <Td label={t('sms.report.phone')}>{m.phone}</Td>
                    <Td label={t('sms.report.purpose')}>
                      {(SMS_PURPOSES as readonly string[]).includes(m.kind)
                        ? t(`sms.purposes.${m.kind as SmsPurpose}`)
                        : m.kind}
                    </Td>
                    <Td label={t('sms.report.status')}>
                      <span className="font-semibold">{t(`sms.report.statuses.${m.status}`)}</span>
                      {m.waiting === 'quota' || m.waiting === 'quiet_hours' ? (
                        <span className="block text-xs">{t(`sms.report.waiting.${m.waiting}`)}</span>
                      ) : null}
                      {m.delivered_at ? (
                        <span className="block text-xs text-slate-600">{when(m.delivered_at)}</span>
                      ) : m.sent_at ? (
                        <span className="block text-xs text-slate-600">{when(m.sent_at)}</span>
                      ) : null}
                      {m.reason && m.status !== 'delivered' ? (
                        <span className="block text-xs text-red-800">
                          {t('sms.report.reason')}: {m.reason}
                        </span>
                      ) : null}
                    </Td>
                    <Td label={t('sms.report.partsCol')}>{num(m.parts)}</Td>
                    <Td label={t('sms.report.text')} className="max-w-sm">
                      <span className="line-clamp-2">{m.body}</span>
                    </Td>
                  </tr>
                ))}
              </DataTable>
              <Pagination
                page={mpage}
                pageSize={MESSAGE_PAGE}
                total={page.total}
                onPage={(p) => setF({ mpage: String(p) })}
                label={t('sms.report.messagePages')}
              />
            </>
          )}
        </QueryState>
      </Card>
    </>
  );
}
