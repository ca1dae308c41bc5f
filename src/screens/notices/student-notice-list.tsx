/**
 * /student-notice-list?type=1|2: the signed-in student's teacher (1) or school (2) notices, newest
 * first, filtered by Start Date and End Date when Search is pressed. Unread notices are marked;
 * opening one tells the server it was read (POST /api/notice/read). `&notice=<id>` (the palette's
 * jump) opens that notice and brings it into view.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import type { StudentNoticeRow } from '@/api/schemas/notices';
import { parseNoticeType } from '@/api/notices';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { noticeDate } from './dates';
import { useNoticeJump, useNoticeReads, useStudentNotices, type DateRange, type NoticeJump } from './queries';

const TITLES = { 1: 'Teacher Notice', 2: 'School Notice' } as const;

export default function StudentNoticeList() {
  const { profile } = useSignedIn();
  const type = parseNoticeType(new URLSearchParams(useSearch()).get('type'));
  const [draft, setDraft] = useState<DateRange>({ start: '', end: '' });
  const [range, setRange] = useState<DateRange>(draft);
  const notices = useStudentNotices(type, range);
  const reads = useNoticeReads();
  const ids = notices.status === 'success' ? notices.data.map((n) => n.id) : undefined;
  const jump = useNoticeJump(ids);

  // A jump shows the notice whatever dates were chosen.
  const jumping = new URLSearchParams(useSearch()).has('notice');
  useEffect(() => {
    if (!jumping) return;
    const all = { start: '', end: '' };
    setDraft(all);
    setRange(all);
  }, [jumping]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setRange(draft);
  };

  return (
    <>
      <PageHeader kicker={profile.school_name} title={type ? TITLES[type] : 'Notices'}>
        <Link
          href="/student-notice_option"
          className="rounded text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          All kinds of notice
        </Link>
      </PageHeader>
      <Card>
        <form onSubmit={search} noValidate className="flex flex-wrap items-end gap-3" aria-label="Filter by date">
          <TextField
            label="Start Date"
            type="date"
            value={draft.start}
            max={draft.end || undefined}
            onChange={(e) => setDraft({ ...draft, start: e.target.value })}
          />
          <TextField
            label="End Date"
            type="date"
            value={draft.end}
            min={draft.start || undefined}
            onChange={(e) => setDraft({ ...draft, end: e.target.value })}
          />
          <Button type="submit">Search</Button>
          {range.start || range.end ? (
            <Button
              variant="ghost"
              onClick={() => {
                const all = { start: '', end: '' };
                setDraft(all);
                setRange(all);
              }}
            >
              Show all
            </Button>
          ) : null}
        </form>
      </Card>
      <div className="mt-6">
        {notices.status === 'error' ? (
          <ErrorState error={notices.error} onRetry={notices.reload} what="your notices" />
        ) : notices.status !== 'success' ? (
          <Loading label="Loading notices…" />
        ) : notices.data.length === 0 ? (
          <EmptyState>{range.start || range.end ? 'No notices in these dates.' : 'No notices yet.'}</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Notices">
            {notices.data.map((n) => (
              <StudentNoticeCard
                key={n.id}
                notice={n}
                read={n.read || reads.opened.has(n.id)}
                markRead={reads.markRead}
                jump={jump?.id === n.id ? jump : null}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function StudentNoticeCard({
  notice,
  read,
  markRead,
  jump,
}: {
  notice: StudentNoticeRow;
  read: boolean;
  markRead: (id: number) => void;
  jump: NoticeJump | null;
}) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toggle = () => {
    if (!open && !notice.read) markRead(notice.id);
    setOpen(!open);
  };
  // Jumped to from the palette: open it (which is reading it) and bring it into view.
  useEffect(() => {
    if (!jump) return;
    setOpen(true);
    if (!notice.read) markRead(notice.id);
    buttonRef.current?.scrollIntoView?.({ block: 'center' });
    buttonRef.current?.focus();
  }, [jump, notice.id, notice.read, markRead]);
  return (
    <li
      className={`rounded-xl bg-white shadow-sm ring-1 ${read ? 'ring-slate-200' : 'ring-indigo-300'}`}
      data-read={read ? 'true' : 'false'}
    >
      <button
        ref={buttonRef}
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={bodyId}
        className="flex w-full flex-wrap items-start justify-between gap-2 rounded-xl p-4 text-left hover:bg-slate-50"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex items-center gap-2">
            {!read ? (
              <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-xs font-semibold text-white">
                New<span className="sr-only">, not read yet</span>
              </span>
            ) : null}
            <span className="font-semibold text-slate-900">{notice.notice_headline}</span>
          </span>
          {!open ? <span className="line-clamp-1 text-sm text-slate-600">{notice.notice_description}</span> : null}
        </span>
        <span className="whitespace-nowrap text-sm text-slate-600">Date: {noticeDate(notice.publishing_date)}</span>
      </button>
      {open ? (
        <div id={bodyId} className="border-t border-slate-100 px-4 pb-4 pt-3 text-sm text-slate-800">
          <p className="whitespace-pre-line">{notice.notice_description || 'No description.'}</p>
          <p className="mt-2 text-xs text-slate-500">From {notice.creator_name}</p>
        </div>
      ) : null}
    </li>
  );
}
