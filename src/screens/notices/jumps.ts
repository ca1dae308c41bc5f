/**
 * The palette's jump to a notice by headline (see ./commands): one command per notice among the
 * newest the user reads (one page of the largest size), each opening the notice where that user
 * reads it. Its own chunk, loaded when the palette opens. Who goes where follows from what they may
 * do (src/api/permissions.ts), never from user-type numbers.
 */
import type { CommandContext, Command } from '@/ui/commands';
import { can, type UserType } from '@/api/permissions';
import { NOTICE_PAGE_MAX, NOTICE_PAGE_SIZE, type NoticeRow } from '@/api/schemas/notices';
import { fetchCreatorNotices, fetchSchoolNotices, fetchStudentNotices } from '@/api/notices';
import { i18n, isLanguage } from '@/i18n/i18n';
import { NOTICE_KEYWORDS, noticeEditorPath } from './commands';
import { noticeDate } from './dates';

/**
 * Where the palette opens a notice: the address with `?notice=<id>` that the screen acts on. A
 * reader's list is per kind and paged: `page` is where the notice is on its kind's list.
 */
export function noticeAddress(userType: UserType, notice: Pick<NoticeRow, 'id' | 'type'>, page = 1): string | null {
  const editor = noticeEditorPath(userType);
  if (editor) return `${editor}?notice=${notice.id}`;
  const at = page > 1 ? `&page=${page}` : '';
  if (can(userType, 'notice.student')) return `/student-notice-list?type=${notice.type}${at}&notice=${notice.id}`;
  if (can(userType, 'notice.school')) return `/show-notice?type=${notice.type}${at}&notice=${notice.id}`;
  return null;
}

async function noticesFor(ctx: CommandContext): Promise<NoticeRow[]> {
  const newest = { limit: NOTICE_PAGE_MAX };
  const u = ctx.userType;
  if (can(u, 'notice.write')) {
    return (can(u, 'notice.school') ? await fetchSchoolNotices(newest) : await fetchCreatorNotices(newest)).rows;
  }
  if (can(u, 'notice.student')) return (await fetchStudentNotices(newest)).rows;
  if (can(u, 'notice.school') && ctx.school) {
    return (await fetchSchoolNotices({ ...newest, school_info_id: ctx.school.id })).rows;
  }
  return [];
}

export async function loadNoticeJumps(ctx: CommandContext): Promise<Command[]> {
  const edits = noticeEditorPath(ctx.userType) !== null;
  const lang = isLanguage(i18n.language) ? i18n.language : 'en';
  const rows = await noticesFor(ctx);
  // Newest first, like each kind's own list: the position among the same kind gives the page.
  const seen: Record<number, number> = {};
  return rows.flatMap((n): Command[] => {
    const index = (seen[n.type] = (seen[n.type] ?? -1) + 1);
    const to = noticeAddress(ctx.userType, n, Math.floor(index / NOTICE_PAGE_SIZE) + 1);
    if (!to) return [];
    const date = noticeDate(n.publishing_date, lang);
    // Either way of writing the date finds it: "01-03-2026" and "১ মার্চ ২০২৬".
    const dates = lang === 'en' ? [date] : [date, noticeDate(n.publishing_date)];
    return [
      {
        id: `notice:${n.id}`,
        label: n.notice_headline,
        keywords: [...NOTICE_KEYWORDS, ...dates, n.class_name, n.section_default_name, n.creator_name],
        group: i18n.t('notices.commands.group'),
        hint: edits ? i18n.t('notices.commands.edit', { date }) : date,
        perform: (c) => c.navigate(to),
      },
    ];
  });
}
