/**
 * Palette actions of the attendance feature. "Take attendance for the next period" opens
 * /teacherattendance?next=1, which starts the first of today's periods that is not taken and has
 * not ended (else the first not taken).
 *
 * Importing this module registers the action. src/app.tsx imports it up front so the action is
 * offered on every page, before any attendance screen has loaded; keep it tiny (no screen code,
 * only the command registry) so it adds nothing of the screens to the first chunk.
 */
import { can } from '@/api/permissions';
import { canOpen, findRoute } from '@/routes';
import { registerCommands, type Command } from '@/ui/commands';

const TAKE_ATTENDANCE = '/teacherattendance';

export const attendanceCommands: readonly Command[] = [
  {
    id: 'action:attendance-next-period',
    label: 'Take attendance for the next period',
    keywords: ['attendance', 'next class', 'roll call', 'present', 'absent'],
    group: 'Actions',
    // Whoever may take attendance and open the teacher's screen (the route table decides the latter).
    visible: (ctx) => {
      const route = findRoute(TAKE_ATTENDANCE);
      return can(ctx.userType, 'attendance.take') && !!route && canOpen(route, ctx.userType);
    },
    perform: (ctx) => ctx.navigate(`${TAKE_ATTENDANCE}?next=1`),
  },
];

registerCommands(attendanceCommands);
