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
import { i18n } from '@/i18n/i18n';
import { canOpen, findRoute } from '@/routes';
import { registerCommands, type Command } from '@/ui/commands';

const TAKE_ATTENDANCE = '/teacherattendance';

/**
 * Both languages' words, whatever the interface language: a teacher may type "উপস্থিতি" in an
 * English interface, or "attendance" in a Bangla one.
 */
const NEXT_PERIOD_KEYWORDS = [
  'attendance',
  'next class',
  'next period',
  'roll call',
  'present',
  'absent',
  'উপস্থিতি',
  'হাজিরা',
  'হাজিরা খাতা',
  'রোল কল',
  'পরের ক্লাস',
  'পরের পিরিয়ড',
  'পরবর্তী ক্লাস',
  'পরবর্তী পিরিয়ড',
  'উপস্থিত',
  'অনুপস্থিত',
];

/** The commands in the language in use (the palette asks each time it lists them). */
export const attendanceCommands = (): readonly Command[] => [
  {
    id: 'action:attendance-next-period',
    label: i18n.t('attendance.commands.nextPeriod'),
    keywords: NEXT_PERIOD_KEYWORDS,
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
