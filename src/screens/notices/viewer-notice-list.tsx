/**
 * /show-notice?type=1|2: the chosen school's notices of a kind, newest first, a page at a time,
 * read-only (viewers); the kind and the page are in the address. `&notice=<id>` (the palette's
 * jump, with the page it is on) brings that notice into view. Who read a notice is its author's
 * business: the read counts are not shown here.
 */
import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { NOTICE_PAGE_SIZE, type SchoolNoticeRow } from '@/api/schemas/notices';
import { pageParams, parseNoticeType, schoolNoticesQuery } from '@/api/notices';
import { PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { editedDate, noticeDate } from './dates';
import { useNoticeJump, type NoticeJump } from './reading';

const TITLES = { 1: 'notices.menu.teacherNotes', 2: 'notices.menu.schoolNotes' } as const;

export default function ViewerNoticeList() {
  const { school } = useSignedIn();
  const { t } = useI18n();
  const [params, setParams] = useSearchState({ type: '', page: '1' });
  const type = parseNoticeType(params.type);
  const paging = pageParams(params.page, NOTICE_PAGE_SIZE);
  const notices = useQuery({
    ...schoolNoticesQuery({ school_info_id: school?.id, type: type ?? undefined, ...paging }),
    enabled: school !== null,
  });
  const jump = useNoticeJump(notices.isPlaceholderData ? undefined : notices.data?.rows.map((n) => n.id));
  return (
    <>
      <PageHeader kicker={school?.school_name} title={type ? t(TITLES[type]) : t('notices.reader.notes')}>
        <Link
          href="/viewer-notice"
          className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          {t('notices.reader.allNotes')}
        </Link>
      </PageHeader>
      <QueryState
        query={notices}
        what={t('notices.list.what')}
        loadingLabel={t('notices.list.loading')}
        empty={t('notices.reader.viewerEmpty')}
        isEmpty={(d) => d.total === 0}
      >
        {(data) => (
          <>
            <ul className="space-y-3" aria-label={t('notices.reader.list')}>
              {data.rows.map((n) => (
                <ViewerNoticeCard key={n.id} notice={n} jump={jump?.id === n.id ? jump : null} />
              ))}
            </ul>
            <Pagination
              page={paging.offset / NOTICE_PAGE_SIZE + 1}
              pageSize={NOTICE_PAGE_SIZE}
              total={data.total}
              onPage={(p) => setParams({ page: String(p) })}
              label={t('notices.list.pages')}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

function ViewerNoticeCard({ notice: n, jump }: { notice: SchoolNoticeRow; jump: NoticeJump | null }) {
  const ref = useRef<HTMLLIElement>(null);
  const { t, lang } = useI18n();
  const { name } = useNames();
  // "ALL": the notice is for every class (or section).
  const all = (text: string, shown = text) => (text === 'ALL' ? t('notices.all') : shown);
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
        <h2 className="min-w-0 break-words font-semibold text-slate-900">{n.notice_headline}</h2>
        <span className="whitespace-nowrap text-sm text-slate-600">
          {t('notices.reader.date', { date: noticeDate(n.publishing_date, lang) })}
        </span>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">{n.notice_description}</p>
      <p className="mt-2 text-xs text-slate-500">
        {t('notices.reader.classSection', {
          class: all(n.class_name, name('classes', n.class_name)),
          section: all(n.section_default_name),
          name: n.creator_name,
        })}
        {n.edited_by_name && n.edited_at
          ? t('notices.reader.viewerEdited', { name: n.edited_by_name, date: editedDate(n.edited_at, lang) })
          : ''}
      </p>
    </li>
  );
}
