/**
 * The palette's own commands: every route the user may open ("Go to"), the session actions, and
 * what the moment asks for ("Now": for a teacher, the period being taught or about to start).
 * Who sees what is decided by the permission table (`can`, `canOpen`), never by user type.
 */
import { can, PROFILE_ROUTE } from '@/api/permissions';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { findRoute, routesFor, canOpen } from '@/routes';
import type { Command, CommandContext, CommandLoader, CommandSource } from '@/ui/commands';
import { formatClockTime } from '@/ui/format';

export const builtInCommands: CommandSource = (ctx) => [
  ...routesFor(ctx.userType).map((route): Command => ({
    id: `go:${route.path}`,
    label: route.label,
    keywords: [...route.keywords, route.path],
    group: 'Go to',
    hint: route.built ? undefined : 'not built yet',
    perform: (c) => c.navigate(route.path),
  })),
  {
    id: 'action:profile',
    label: 'Profile',
    keywords: ['my profile', 'account'],
    group: 'Actions',
    visible: (c) => PROFILE_ROUTE[c.userType] !== undefined,
    perform: (c) => c.navigate(PROFILE_ROUTE[c.userType] ?? '/'),
  },
  {
    id: 'action:switch-school',
    label: 'Switch school',
    keywords: ['choose school', 'change school'],
    group: 'Actions',
    visible: (c) => can(c.userType, 'session.choose-school'),
    perform: (c) => c.navigate('/viewer-school'),
  },
  {
    id: 'action:shortcuts',
    label: 'Keyboard shortcuts',
    keywords: ['help', 'keys'],
    group: 'Actions',
    hint: '?',
    visible: (c) => !c.touch,
    perform: (c) => c.openShortcuts(),
  },
  {
    id: 'action:logout',
    label: 'Log out',
    keywords: ['sign out', 'logout', 'exit'],
    group: 'Actions',
    perform: (c) => c.logout(),
  },
];

// ---- the moment ------------------------------------------------------------------------------

const TAKE_ATTENDANCE = '/teacherattendance';

/**
 * The period whose attendance is due: the one under way, else the next one today; periods already
 * taken are skipped. Times are the school's clock (HH:mm:ss), which sorts as text.
 */
export function duePeriod(
  periods: readonly RoutineTodayRow[],
  now: string,
): { period: RoutineTodayRow; when: 'now' | 'next' } | null {
  const open = periods.filter((p) => !p.attendance_taken).sort((a, b) => a.start_time.localeCompare(b.start_time));
  const current = open.find((p) => p.start_time <= now && now < p.end_time);
  if (current) return { period: current, when: 'now' };
  const next = open.find((p) => p.start_time > now);
  return next ? { period: next, when: 'next' } : null;
}

/** "Take attendance: 3rd · Mathematics, Six A" for the due period (see duePeriod). */
export function dueAttendanceCommand(periods: readonly RoutineTodayRow[], now: string): Command | null {
  const due = duePeriod(periods, now);
  if (!due) return null;
  const p = due.period;
  return {
    id: 'now:take-attendance',
    label: `Take attendance: ${p.period_code} · ${p.subject_name}, ${p.class_name} ${p.section_default_name}`,
    keywords: ['attendance', 'roll call', 'roster', 'present', 'absent', 'now', 'next period'],
    group: 'Now',
    hint: due.when === 'now' ? `now, until ${formatClockTime(p.end_time)}` : `next, ${formatClockTime(p.start_time)}`,
    priority: 10,
    // The attendance screen opens the first of today's periods that is not taken and has not
    // ended, which is the period named here.
    perform: (c) => c.navigate(`${TAKE_ATTENDANCE}?next=1`),
  };
}

/**
 * For whoever takes attendance from their own routine (teachers): today's periods, read when the
 * palette opens, give the "Now" command. Nothing during the weekend, after the last period, or
 * when every period is taken.
 */
export const momentCommands: CommandLoader = {
  id: 'moment:attendance',
  label: "today's classes",
  visible: (ctx: CommandContext) => {
    const page = findRoute(TAKE_ATTENDANCE);
    return page !== undefined && canOpen(page, ctx.userType) && can(ctx.userType, 'routine.teacher-today');
  },
  load: async (ctx) => {
    const [{ fetchTeacherPeriods }, { schoolClockTime, schoolToday }] = await Promise.all([
      import('@/api/attendance'),
      import('@/api/school-time'),
    ]);
    const periods = await fetchTeacherPeriods({ teacherId: ctx.profile.id, date: schoolToday() });
    const command = dueAttendanceCommand(periods, schoolClockTime());
    return command ? [command] : [];
  },
};
