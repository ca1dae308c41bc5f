/**
 * /student-notice-list?type=1|2: the signed-in student's teacher (1) or school (2) notices, newest
 * first, a page at a time, filtered by Start Date and End Date when Search is pressed. The kind,
 * the dates and the page are in the address (Back, reload and a shared link keep them). Unread
 * notices are marked; opening one tells the server it was read (POST /api/notice/read).
 * `&notice=<id>` (the palette's jump, with the page it is on) opens that notice and brings it
 * into view. A guardian reads a linked child's (`&student=`), read-only: opening a
 * notice does not mark it read for the child.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { NOTICE_PAGE_SIZE, type StudentNoticeRow } from '@/api/schemas/notices';
import { pageParams, parseNoticeType, studentNoticesQuery } from '@/api/notices';
import { Button } from '@/ui/button';
import { DateField } from '@/ui/date-field';
import { Card, PageHeader } from '@/ui/page';
import { Pagination } from '@/ui/pagination';
import { forChild, StudentInView, type ViewedStudent } from '@/screens/guardians/student-in-view';
import { QueryState } from '@/ui/status';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { editedDate, noticeDate } from './dates';
import { useNoticeJump, useNoticeReads, type NoticeJump } from './reading';

const TITLES = { 1: 'notices.menu.teacherNotice', 2: 'notices.menu.schoolNotice' } as const;

export default function StudentNoticeList() {
  return <StudentInView>{(s) => <NoticeList student={s} />}</StudentInView>;
}

const noRead = () => {};

function NoticeList({ student }: { student: ViewedStudent }) {
  const { t } = useI18n();
  const [params, setParams] = useSearchState({ type: '', start: '', end: '', page: '1' });
  const type = parseNoticeType(params.type);
  const [draft, setDraft] = useState({ start: params.start, end: params.end });
  // Back or a link changed the dates in the address: the fields follow.
  useEffect(() => setDraft({ start: params.start, end: params.end }), [params.start, params.end]);
  const paging = pageParams(params.page, NOTICE_PAGE_SIZE);
  const notices = useQuery(
    studentNoticesQuery({
      type: type ?? undefined,
      start_date: params.start || undefined,
      end_date: params.end || undefined,
      ...paging,
      student_id: student.queryId,
    }),
  );
  const reads = useNoticeReads();
  // Only the student marks their notices read; a guardian's opening one changes nothing.
  const markRead = student.child ? noRead : reads.markRead;
  const jump = useNoticeJump(notices.isPlaceholderData ? undefined : notices.data?.rows.map((n) => n.id));
  const filtered = !!(params.start || params.end);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setParams({ start: draft.start, end: draft.end, page: '1' });
  };

  return (
    <>
      <PageHeader kicker={student.school_name} title={type ? t(TITLES[type]) : t('notices.title')}>
        <Link
          href={student.child ? forChild('/student-notice_option', student.id) : '/student-notice_option'}
          className="inline-flex min-h-11 items-center rounded text-sm font-semibold text-indigo-700 underline underline-offset-2"
        >
          {t('notices.reader.allKinds')}
        </Link>
      </PageHeader>
      <Card>
        <form
          onSubmit={search}
          noValidate
          className="flex flex-wrap items-end gap-3"
          aria-label={t('notices.reader.filter')}
        >
          <DateField
            label={t('notices.reader.start')}
            value={draft.start}
            max={draft.end || undefined}
            onChange={(start) => setDraft((d) => ({ ...d, start }))}
            className="w-full sm:w-auto"
          />
          <DateField
            label={t('notices.reader.end')}
            value={draft.end}
            min={draft.start || undefined}
            onChange={(end) => setDraft((d) => ({ ...d, end }))}
            className="w-full sm:w-auto"
          />
          <div className="flex gap-2 sm:mb-5">
            <Button type="submit">{t('notices.reader.search')}</Button>
            {filtered ? (
              <Button variant="ghost" onClick={() => setParams({ start: '', end: '', page: '1' })}>
                {t('notices.reader.showAll')}
              </Button>
            ) : null}
          </div>
        </form>
      </Card>
      <div className="mt-6">
        <QueryState
          query={notices}
          what={t('notices.reader.what')}
          loadingLabel={t('notices.list.loading')}
          empty={filtered ? t('notices.reader.emptyFiltered') : t('notices.reader.empty')}
          isEmpty={(d) => d.total === 0}
        >
          {(data) => (
            <>
              <ul className="space-y-3" aria-label={t('notices.reader.list')}>
                {data.rows.map((n) => (
                  <StudentNoticeCard
                    key={n.id}
                    notice={n}
                    read={n.read || reads.opened.has(n.id)}
                    markRead={markRead}
                    jump={jump?.id === n.id ? jump : null}
                  />
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
  const { t, lang } = useI18n();
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
        className="flex min-h-11 w-full flex-wrap items-start justify-between gap-2 rounded-xl p-4 text-left hover:bg-slate-50"
      >
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            {!read ? (
              <span className="rounded-full bg-indigo-700 px-2 py-0.5 text-xs font-semibold text-white">
                {t('notices.reader.new')}
                <span className="sr-only">{t('notices.reader.notRead')}</span>
              </span>
            ) : null}
            <span className="break-words font-semibold text-slate-900">{notice.notice_headline}</span>
          </span>
          {!open ? (
            <span className="line-clamp-1 break-words text-sm text-slate-600">{notice.notice_description}</span>
          ) : null}
        </span>
        <span className="whitespace-nowrap text-sm text-slate-600">
          {t('notices.reader.date', { date: noticeDate(notice.publishing_date, lang) })}
        </span>
      </button>
      {open ? (
        <div id={bodyId} className="border-t border-slate-100 px-4 pb-4 pt-3 text-sm text-slate-800">
          <p className="whitespace-pre-line break-words">
            {notice.notice_description || t('notices.reader.noDescription')}
          </p>
          <p className="mt-2 text-xs text-slate-500">
            {t('notices.reader.from', { name: notice.creator_name })}
            {notice.edited_by_name && notice.edited_at
              ? t('notices.editedBy', { name: notice.edited_by_name, date: editedDate(notice.edited_at, lang) })
              : ''}
          </p>
        </div>
      ) : null}
    </li>
  );
}
