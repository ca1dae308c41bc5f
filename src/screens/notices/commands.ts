/**
 * The palette's notice commands, on every page (imported once by src/app.tsx, so this module is in
 * the first chunk and must stay tiny: no screen code, no API code).
 *
 * - "New notice" (teachers and school admins): opens their notice screen with the 'Create Note's'
 *   card open and the headline focused. The notice screen takes the request with
 *   `takeNewNoticeRequest` when it mounts and hears later ones (the palette used on the notice
 *   screen itself) through `onNewNoticeRequest`.
 * - A jump to each notice the user reads, by headline: loaded when the palette opens, by
 *   ./jumps (its own chunk). It opens the notice through the address (`?notice=<id>`), which the
 *   notice screens act on: the editor loads it for edit, the student and viewer lists show it.
 */
import { registerCommands, type Command, type CommandLoader } from '@/ui/commands';

export const NOTICE_SCREEN: Partial<Record<number, string>> = { 2: '/teachernotice', 4: '/schooladminnotice' };

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
    label: 'New notice',
    keywords: ['create note', 'notice', 'note', 'announcement', 'add notice'],
    group: 'Actions',
    visible: (ctx) => NOTICE_SCREEN[ctx.userType] !== undefined,
    perform: (ctx) => {
      requested = true;
      ctx.navigate(NOTICE_SCREEN[ctx.userType] ?? '/');
      for (const listener of listeners) listener();
    },
  },
];

/** Teachers, school admins, students, and viewers with a chosen school. */
export const noticeJumps: CommandLoader = {
  id: 'notices:jumps',
  label: 'notices',
  visible: (ctx) => [1, 2, 4].includes(ctx.userType) || (ctx.userType === 6 && ctx.school !== null),
  load: (ctx) => import('./jumps').then((m) => m.loadNoticeJumps(ctx)),
};

registerCommands(noticeCommands);
registerCommands(noticeJumps);
