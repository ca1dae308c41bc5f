/**
 * Palette actions of the attendance feature. "Take attendance for the next period" opens
 * /teacherattendance?next=1, which starts the first of today's periods that is not taken and has
 * not ended (else the first not taken).
 *
 * Importing this module registers the action; it is tiny (no screen code) so that the app can
 * import it up front (`import '@/screens/attendance/commands'` in src/app.tsx) and offer the action
 * on every page. The take-attendance screen imports it too, so it is there once that has loaded.
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
