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
import { formatDayMonthYear, formatTimestamp } from './format';

export const OUTBOX_PAGE_SIZE = 20;

const STATUS_STYLE: Record<OutboxStatus, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

const STATUS_OPTIONS = [
  { value: 'queued', label: 'Queued' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function OutboxCard() {
  const [params, setParams] = useSearchState({ outbox_status: '', outbox_page: '1' });
  const status = outboxStatus.safeParse(params.outbox_status).data;
  const page = Math.max(1, Number.parseInt(params.outbox_page, 10) || 1);
  const outbox = useQuery(outboxListQuery({ status, limit: OUTBOX_PAGE_SIZE, offset: (page - 1) * OUTBOX_PAGE_SIZE }));

  return (
    <Card title="Absence messages">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label="Status"
          value={status ?? ''}
          placeholder="All"
          options={STATUS_OPTIONS}
          onChange={(v) => setParams({ outbox_status: v, outbox_page: '1' })}
        />
        <Button variant="secondary" onClick={() => void outbox.refetch()}>
          Refresh
        </Button>
      </div>
      <QueryState
        query={outbox}
        what="the absence messages"
        loadingLabel="Loading the absence messages…"
        isEmpty={(p) => p.rows.length === 0}
        empty={page === 1 ? 'No absence messages yet.' : 'No more messages.'}
      >
        {(p) => (
          <>
            <DataTable
              caption="Absence messages"
              head={['Date', 'Student', 'Phone', 'Status', 'Attempts', 'Error', 'Queued', 'Sent']}
              minWidth="52rem"
              cards
            >
              {p.rows.map((row) => (
                <tr key={row.id}>
                  <Td label="Date">{formatDayMonthYear(row.date)}</Td>
                  <Td label="Student">{row.student_name}</Td>
                  <Td label="Phone">{row.phone}</Td>
                  <Td label="Status">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>
                      {row.status}
                    </span>
                  </Td>
                  <Td label="Attempts">{row.attempts}</Td>
                  <Td
                    label="Error"
                    className={`max-w-[16rem] break-words ${row.last_error && row.status !== 'cancelled' ? 'text-red-800' : ''}`}
                  >
                    {row.last_error ?? '—'}
                  </Td>
                  <Td label="Queued">{formatTimestamp(row.created_at)}</Td>
                  <Td label="Sent">{formatTimestamp(row.sent_at)}</Td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pageSize={OUTBOX_PAGE_SIZE}
              total={p.total}
              onPage={(n) => setParams({ outbox_page: String(n) })}
              label="Absence message pages"
            />
          </>
        )}
      </QueryState>
    </Card>
  );
}
