/**
 * /show-notice?type=1|2: the chosen school's notices of a kind, newest first, read-only (viewers).
 * `&notice=<id>` (the palette's jump) brings that notice into view. Who read a notice is its
 * author's business: the read counts are not shown here.
 */
import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import type { SchoolNoticeRow } from '@/api/schemas/notices';
import { parseNoticeType } from '@/api/notices';
import { PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, ErrorState, Loading } from '@/ui/status';
import { noticeDate } from './dates';
import { useNoticeJump, useSchoolNotices, type NoticeJump } from './queries';

const TITLES = { 1: 'School/Teacher Notes', 2: 'School Notes' } as const;

export default function ViewerNoticeList() {
  const { school } = useSignedIn();
  const type = parseNoticeType(new URLSearchParams(useSearch()).get('type'));
  const notices = useSchoolNotices(school?.id ?? null, type);
  const jump = useNoticeJump(notices.status === 'success' ? notices.data.map((n) => n.id) : undefined);
  return (
    <>
      <PageHeader kicker={school?.school_name} title={type ? TITLES[type] : 'Notes'}>
        <Link
          href="/viewer-notice"
          className="rounded text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          All kinds of notes
        </Link>
      </PageHeader>
      {notices.status === 'error' ? (
        <ErrorState error={notices.error} onRetry={notices.reload} what="the notices" />
      ) : notices.status !== 'success' ? (
        <Loading label="Loading notices…" />
      ) : notices.data.length === 0 ? (
        <EmptyState>This school has no notices of this kind yet.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Notices">
          {notices.data.map((n) => (
            <ViewerNoticeCard key={n.id} notice={n} jump={jump?.id === n.id ? jump : null} />
          ))}
        </ul>
      )}
    </>
  );
}

function ViewerNoticeCard({ notice: n, jump }: { notice: SchoolNoticeRow; jump: NoticeJump | null }) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!jump) return;
    ref.current?.scrollIntoView?.({ block: 'center' });
    ref.current?.focus();
  }, [jump]);
  return (
    <li
      ref={ref}
      tabIndex={-1}
      aria-current={jump ? 'true' : undefined}
      className={`rounded-xl bg-white p-4 shadow-sm ring-1 ${jump ? 'ring-2 ring-indigo-400' : 'ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{n.notice_headline}</h2>
        <span className="whitespace-nowrap text-sm text-slate-600">Date: {noticeDate(n.publishing_date)}</span>
      </div>
      <p className="mt-2 whitespace-pre-line text-sm text-slate-800">{n.notice_description}</p>
      <p className="mt-2 text-xs text-slate-500">
        Class {n.class_name} · Section {n.section_default_name} · {n.creator_name}
      </p>
    </li>
  );
}
