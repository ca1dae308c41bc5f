/**
 * The palette's "New notice" (teachers and school admins): opens their notice screen with the
 * 'Create Note's' card open and the headline focused. Imported once by the app (src/app.tsx) so
 * the command exists on every page; it must stay tiny (no screen code), since it is in the first
 * chunk. The notice screen takes the request with `takeNewNoticeRequest` when it mounts and hears
 * later ones (the palette used on the notice screen itself) through `onNewNoticeRequest`.
 */
import { registerCommands, type Command } from '@/ui/commands';

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

registerCommands(noticeCommands);
