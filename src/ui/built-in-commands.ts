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
import { i18n, LANGUAGES } from '@/i18n/i18n';
import { localDigits } from '@/i18n/format';

/** A catalogue's comma-separated palette words as a list. */
export function wordsOf(text: string): string[] {
  return text
    .split(/[,،]/)
    .map((w) => w.trim())
    .filter(Boolean);
}

// Commands are data built when the palette lists them: `i18n.t` gives the current language's
// texts (the context carries the language, so a switch rebuilds them). Group names stay the
// English ids other areas use too; the palette shows them translated.
export const builtInCommands: CommandSource = (ctx) => [
  ...routesFor(ctx.userType).map((route): Command => ({
    id: `go:${route.path}`,
    label: i18n.t(`shell.pages.${route.labelKey}`),
    // English words always match (people type either); the language adds its own.
    keywords: [...route.keywords, ...wordsOf(i18n.t(`shell.keywords.${route.labelKey}`)), route.path],
    group: 'Go to',
    hint: route.built ? undefined : i18n.t('shell.palette.notBuilt'),
    perform: (c) => c.navigate(route.path),
  })),
  {
    id: 'action:language',
    label: i18n.t('language.label'),
    keywords: ['language', 'bangla', 'bengali', 'english', ...wordsOf(i18n.t('shell.palette.languageKeywords'))],
    group: 'Actions',
    // The other language (two are offered): choosing the command switches to it.
    hint: i18n.t(`language.${LANGUAGES.find((l) => l !== ctx.language) ?? 'en'}`),
    perform: (c) => c.chooseLanguage(LANGUAGES.find((l) => l !== c.language) ?? 'en'),
  },
  {
    id: 'action:profile',
    label: i18n.t('shell.palette.profile'),
    keywords: ['my profile', 'account', ...wordsOf(i18n.t('shell.palette.profileKeywords'))],
    group: 'Actions',
    visible: (c) => PROFILE_ROUTE[c.userType] !== undefined,
    perform: (c) => c.navigate(PROFILE_ROUTE[c.userType] ?? '/'),
  },
  {
    id: 'action:switch-school',
    label: i18n.t('shell.palette.switchSchool'),
    keywords: ['choose school', 'change school', ...wordsOf(i18n.t('shell.palette.switchSchoolKeywords'))],
    group: 'Actions',
    visible: (c) => can(c.userType, 'session.choose-school'),
    perform: (c) => c.navigate('/viewer-school'),
  },
  {
    id: 'action:shortcuts',
    label: i18n.t('shell.palette.shortcuts'),
    keywords: ['help', 'keys', ...wordsOf(i18n.t('shell.palette.shortcutsKeywords'))],
    group: 'Actions',
    hint: '?',
    visible: (c) => !c.touch,
    perform: (c) => c.openShortcuts(),
  },
  {
    id: 'action:logout',
    label: i18n.t('shell.palette.logOut'),
    keywords: ['sign out', 'logout', 'exit', ...wordsOf(i18n.t('shell.palette.logOutKeywords'))],
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
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  const time = (value: string) => (lang === 'en' ? formatClockTime(value) : localDigits(formatClockTime(value), lang));
  return {
    id: 'now:take-attendance',
    label: i18n.t('shell.palette.takeAttendance', {
      period: localDigits(p.period_code, lang),
      subject: p.subject_name,
      class: localDigits(p.class_name, lang),
      section: p.section_default_name,
    }),
    keywords: [
      ...['attendance', 'roll call', 'roster', 'present', 'absent', 'now', 'next period'],
      ...wordsOf(i18n.t('shell.palette.takeAttendanceKeywords')),
    ],
    group: 'Now',
    hint:
      due.when === 'now'
        ? i18n.t('shell.palette.dueNow', { time: time(p.end_time) })
        : i18n.t('shell.palette.dueNext', { time: time(p.start_time) }),
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
  get label() {
    return i18n.t('shell.palette.todaysClasses');
  },
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
