/**
 * "Absence messages": the school's SMS outbox for absent students' guardians (school admins only).
 * Newest first, a page at a time, optionally one status; each row says how often delivery was tried
 * and the last error, so a failing gateway is visible rather than silent.
 */
import { useId, useState } from 'react';
import type { OutboxStatus } from '@/api/schemas/attendance';
import { Button } from '@/ui/button';
import { Card } from '@/ui/page';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { formatDayMonthYear, formatTimestamp } from './format';
import { useOutbox } from './queries';
import { cell, DataTable } from './table';

export const OUTBOX_PAGE_SIZE = 20;

const STATUS_STYLE: Record<OutboxStatus, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  cancelled: 'bg-slate-100 text-slate-700',
};

export function OutboxCard() {
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [page, setPage] = useState(0);
  const outbox = useOutbox({ status: status || undefined, limit: OUTBOX_PAGE_SIZE, offset: page * OUTBOX_PAGE_SIZE });
  const statusId = useId();

  return (
    <Card title="Absence messages">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OutboxStatus | '');
              setPage(0);
            }}
            className="mt-1 block rounded-md border border-slate-300 px-3 py-2 text-base sm:text-sm"
          >
            <option value="">All</option>
            <option value="queued">Queued</option>
            <option value="sent">Sent</option>
            <option value="failed">Failed</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </div>
        <Button variant="secondary" onClick={outbox.reload}>
          Refresh
        </Button>
      </div>
      {outbox.status === 'error' ? (
        <ErrorState error={outbox.error} onRetry={outbox.reload} what="the absence messages" />
      ) : outbox.status !== 'success' ? (
        <Loading label="Loading the absence messages…" />
      ) : outbox.data.rows.length === 0 ? (
        <EmptyState>{page === 0 ? 'No absence messages yet.' : 'No more messages.'}</EmptyState>
      ) : (
        <DataTable
          caption="Absence messages"
          head={['Date', 'Student', 'Phone', 'Status', 'Attempts', 'Error', 'Queued', 'Sent']}
          minWidth="52rem"
        >
          {outbox.data.rows.map((row) => (
            <tr key={row.id}>
              <td className={cell}>{formatDayMonthYear(row.date)}</td>
              <td className={cell}>{row.student_name}</td>
              <td className={cell}>{row.phone}</td>
              <td className={cell}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[row.status]}`}>
                  {row.status}
                </span>
              </td>
              <td className={cell}>{row.attempts}</td>
              <td
                className={`${cell} max-w-[16rem] break-words ${row.last_error && row.status !== 'cancelled' ? 'text-red-800' : ''}`}
              >
                {row.last_error ?? '—'}
              </td>
              <td className={cell}>{formatTimestamp(row.created_at)}</td>
              <td className={cell}>{formatTimestamp(row.sent_at)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <nav aria-label="Absence message pages" className="mt-3 flex items-center justify-between gap-3 text-sm">
        <Button variant="secondary" onClick={() => setPage((p) => Math.max(0, p - 1))} disabled={page === 0}>
          Previous
        </Button>
        <span className="text-slate-600">Page {page + 1}</span>
        <Button
          variant="secondary"
          onClick={() => setPage((p) => p + 1)}
          disabled={outbox.status !== 'success' || !outbox.data.hasMore}
        >
          Next
        </Button>
      </nav>
    </Card>
  );
}
