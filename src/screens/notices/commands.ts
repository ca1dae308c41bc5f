/**
 * The palette's notice commands, on every page (imported once by src/app.tsx, so this module is in
 * the first chunk and must stay tiny: no screen code, no API code).
 *
 * - "New notice" (teachers and school admins): opens their notice screen with the 'Create notice'
 *   card open and the headline focused. The notice screen takes the request with
 *   `takeNewNoticeRequest` when it mounts and hears later ones (the palette used on the notice
 *   screen itself) through `onNewNoticeRequest`.
 * - A jump to each notice the user reads, by headline: loaded when the palette opens, by
 *   ./jumps (its own chunk). It opens the notice through the address (`?notice=<id>`), which the
 *   notice screens act on: the editor loads it for edit, the student and viewer lists show it.
 */
import { can, type UserType } from '@/api/permissions';
import { registerCommands, type Command, type CommandLoader } from '@/ui/commands';
import { i18n } from '@/i18n/i18n';

/**
 * Words that find the notice commands in either language, whatever the one shown: a Bangla
 * reader types "নোটিশ" (or the older "বিজ্ঞপ্তি"), an English one "notice".
 */
export const NOTICE_KEYWORDS = ['notice', 'note', 'নোটিশ', 'বিজ্ঞপ্তি', 'ঘোষণা'] as const;

/**
 * Where a user writes notices, decided by what they may do: those who also read the whole
 * school's notices (the school admin) manage them all on /schooladminnotice, other writers
 * (teachers) their own on /teachernotice; null for users who write none.
 */
export function noticeEditorPath(userType: UserType): string | null {
  if (!can(userType, 'notice.write')) return null;
  return can(userType, 'notice.school') ? '/schooladminnotice' : '/teachernotice';
}

let requested = false;
const listeners = new Set<() => void>();

/** True once after "New notice" was chosen: the caller handles the request. */
export function takeNewNoticeRequest(): boolean {
  const was = requested;
  requested = false;
  return was;
}

export function onNewNoticeRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const noticeCommands: readonly Command[] = [
  {
    id: 'action:new-notice',
    // Read when the palette draws it: in the language of that moment.
    get label() {
      return i18n.t('notices.commands.newNotice');
    },
    keywords: [...NOTICE_KEYWORDS, 'create note', 'announcement', 'add notice', 'নতুন নোটিশ', 'নোটিশ লিখুন'],
    group: 'Actions',
    visible: (ctx) => noticeEditorPath(ctx.userType) !== null,
    perform: (ctx) => {
      requested = true;
      ctx.navigate(noticeEditorPath(ctx.userType) ?? '/');
      for (const listener of listeners) listener();
    },
  },
];

/** Whoever writes or reads notices; a reader of a school's notices once a school is chosen. */
export const noticeJumps: CommandLoader = {
  id: 'notices:jumps',
  get label() {
    return i18n.t('notices.commands.loader');
  },
  visible: (ctx) =>
    can(ctx.userType, 'notice.creator') ||
    can(ctx.userType, 'notice.student') ||
    (can(ctx.userType, 'notice.school') && ctx.school !== null),
  load: (ctx) => import('./jumps').then((m) => m.loadNoticeJumps(ctx)),
};

registerCommands(noticeCommands);
registerCommands(noticeJumps);
