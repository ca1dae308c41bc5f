/**
 * The palette's jump to a notice by headline (see ./commands): one command per notice the user
 * reads, each opening the notice where that user reads it. Its own chunk, loaded when the palette
 * opens.
 */
import type { CommandContext, Command } from '@/ui/commands';
import type { NoticeRow } from '@/api/schemas/notices';
import { fetchCreatorNotices, fetchSchoolNotices, fetchStudentNotices } from '@/api/notices';
import { NOTICE_SCREEN } from './commands';
import { noticeDate } from './dates';

/** Where the palette opens a notice: the address with `?notice=<id>` that the screen acts on. */
export function noticeAddress(userType: number, notice: Pick<NoticeRow, 'id' | 'type'>): string | null {
  const editor = NOTICE_SCREEN[userType];
  if (editor) return `${editor}?notice=${notice.id}`;
  if (userType === 1) return `/student-notice-list?type=${notice.type}&notice=${notice.id}`;
  if (userType === 6) return `/show-notice?type=${notice.type}&notice=${notice.id}`;
  return null;
}

async function noticesFor(ctx: CommandContext): Promise<NoticeRow[]> {
  switch (ctx.userType) {
    case 2:
      return fetchCreatorNotices();
    case 4:
      return fetchSchoolNotices();
    case 1:
      return fetchStudentNotices({});
    case 6:
      return ctx.school ? fetchSchoolNotices({ school_info_id: ctx.school.id }) : [];
    default:
      return [];
  }
}

export async function loadNoticeJumps(ctx: CommandContext): Promise<Command[]> {
  const edits = NOTICE_SCREEN[ctx.userType] !== undefined;
  const rows = await noticesFor(ctx);
  return rows.flatMap((n): Command[] => {
    const to = noticeAddress(ctx.userType, n);
    if (!to) return [];
    const date = noticeDate(n.publishing_date);
    return [
      {
        id: `notice:${n.id}`,
        label: n.notice_headline,
        keywords: ['notice', date, n.class_name, n.section_default_name, n.creator_name],
        group: 'Notices',
        hint: edits ? `edit · ${date}` : date,
        perform: (c) => c.navigate(to),
      },
    ];
  });
}
