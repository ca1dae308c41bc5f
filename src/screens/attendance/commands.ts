/**
 * Palette actions of the attendance feature. "Take attendance for the next period" opens
 * /teacherattendance?next=1, which starts the first of today's periods that is not taken and has
 * not ended (else the first not taken).
 *
 * Importing this module registers the action. src/app.tsx imports it up front so the action is
 * offered on every page, before any attendance screen has loaded; keep it tiny (no screen code,
 * only the command registry) so it adds nothing of the screens to the first chunk.
 */
import { registerCommands, type Command } from '@/ui/commands';

export const attendanceCommands: readonly Command[] = [
  {
    id: 'action:attendance-next-period',
    label: 'Take attendance for the next period',
    keywords: ['attendance', 'next class', 'roll call', 'present', 'absent'],
    group: 'Actions',
    visible: (ctx) => ctx.userType === 2,
    perform: (ctx) => ctx.navigate('/teacherattendance?next=1'),
  },
];

registerCommands(attendanceCommands);
