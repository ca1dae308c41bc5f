/**
 * "Absence messages": the school's SMS outbox for absent students' guardians (school admins only).
 * Newest first, a page at a time, optionally one status (both in the address); each row says how
 * often delivery was tried and the last error, so a failing gateway is visible rather than silent.
 */
import { useQuery } from '@tanstack/react-query';
import { outboxListQuery } from '@/api/attendance';
import { outboxStatus, type OutboxStatus } from '@/api/schemas/attendance';
import { Button } from '@/ui/button';
import { Card } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { SelectField } from '@/ui/select';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { formatDayMonthYear, formatTimestamp, num } from './format';

export const OUTBOX_PAGE_SIZE = 20;

const STATUS_STYLE: Record<OutboxStatus, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  delivered: 'bg-emerald-200 text-emerald-950',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

const STATUSES = ['queued', 'sent', 'delivered', 'failed', 'cancelled'] as const;

export function OutboxCard() {
  const [params, setParams] = useSearchState({ outbox_status: '', outbox_page: '1' });
  const status = outboxStatus.safeParse(params.outbox_status).data;
  const page = Math.max(1, Number.parseInt(params.outbox_page, 10) || 1);
  const outbox = useQuery(outboxListQuery({ status, limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE }));
  const { t, lang } = useI18n();
  const statusText = (s: OutboxStatus) => t(`attendance.outbox.${s}`);
  const head = [
    t('attendance.common.date'),
    t('attendance.outbox.student'),
    t('attendance.outbox.phone'),
    t('attendance.outbox.message'),
    t('attendance.common.status'),
    t('attendance.outbox.attempts'),
    t('attendance.outbox.error'),
    t('attendance.outbox.queued'),
    t('attendance.outbox.sent'),
  ];

  return (
    <Card title={t('attendance.outbox.title')}>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t('attendance.outbox.status')}
          value={status ?? ''}
          placeholder={t('attendance.outbox.all')}
          options={STATUSES.map((s) => ({ value: s, label: statusText(s) }))}
          onChange={(v) => setParams({ outbox_status: v, outbox_page: '1' })}
        />
        <Button variant="secondary" onClick={() => void outbox.refetch()}>
          {t('attendance.outbox.refresh')}
        </Button>
      </div>
      <QueryState
        query={outbox}
        what={t('attendance.outbox.theMessages')}
        loadingLabel={t('attendance.outbox.loadingMessages')}
        isEmpty={(p) => p.rows.length === 0}
        empty={page === 1 ? t('attendance.outbox.none') : t('attendance.outbox.noMore')}
      >
        {(p) => (
          <>
            <DataTable caption={t('attendance.outbox.title')} head={head} minWidth="64rem" cards>
              {p.rows.map((row) => (
                <tr key={row.id}>
                  <Td label={head[0]}>{formatDayMonthYear(row.date, lang)}</Td>
                  <Td label={head[1]}>{row.student_name}</Td>
                  <Td label={head[2]}>{row.phone}</Td>
                  {/* The text exactly as the guardian gets it, and what it costs in SMS parts. */}
                  <Td label={head[3]} className="max-w-[22rem] break-words">
                    <span lang={/[\u0980-\u09FF]/.test(row.body) ? 'bn' : 'en'}>{row.body}</span>
                    <span className="mt-1 block text-xs text-slate-600" data-testid="sms-parts">
                      {t('attendance.outbox.parts', {
                        count: row.parts,
                        n: num(row.parts, lang),
                        length: num(row.length, lang),
                        encoding: t(`attendance.outbox.${row.encoding}`),
                      })}
                    </span>
                  </Td>
                  <Td label={head[4]}>
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>
                      {lang === 'en' ? row.status : statusText(row.status)}
                    </span>
                  </Td>
                  <Td label={head[5]}>{num(row.attempts, lang)}</Td>
                  <Td
                    label={head[6]}
                    className={`max-w-[16rem] break-words ${row.last_error && row.status !== 'cancelled' ? 'text-red-800' : ''}`}
                  >
                    {row.last_error ?? '—'}
                  </Td>
                  <Td label={head[7]}>{formatTimestamp(row.created_at, lang)}</Td>
                  <Td label={head[8]}>{formatTimestamp(row.sent_at, lang)}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={OUTBOX_PAGE_SIZE}
              total={p.total}
              onPage={(n) => setParams({ outbox_page: String(n) })}
              label={t('attendance.outbox.pages')}
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
