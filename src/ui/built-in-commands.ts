/**
 * The palette's own commands: every route the user may open ("Go to"), the session actions, and
 * what the moment asks for ("Now": for a teacher, the period being taught or about to start).
 * Who sees what is decided by the permission table (`can`, `canOpen`), never by user type.
 */
import { can, PROFILE_ROUTE } from '@/api/permissions';
import { findRoute, routesFor, canOpen } from '@/routes';
import type { Command, CommandContext, CommandLoader, CommandSource } from '@/ui/commands';
import { i18n, LANGUAGES } from '@/i18n/i18n';

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

// ---- tasks inside a page ------------------------------------------------------------------------

/** The fees desk (/payment): the school admin's tabs, each found by what the admin would type. */
const FEE_DESK = '/payment';
const FEE_TASKS = [
  { id: 'collect', to: `${FEE_DESK}?tab=collect`, english: ['collect', 'collection', 'payment', 'cash', 'receipt'] },
  { id: 'defaulters', to: `${FEE_DESK}?tab=reports&report=defaulters`, english: ['defaulters', 'overdue', 'unpaid'] },
  { id: 'adjust', to: `${FEE_DESK}?tab=adjust`, english: ['waiver', 'discount', 'refund', 'correction'] },
] as const;

/**
 * What is done inside a page rather than the page itself: the fees desk's collection,
 * defaulters and waivers (only for who may write fees: a viewer's /payment is the reports).
 */
export const taskCommands: CommandSource = () =>
  FEE_TASKS.map((task): Command => ({
    id: `task:fees-${task.id}`,
    label: i18n.t(`shell.palette.tasks.${task.id}`),
    keywords: [...task.english, ...wordsOf(i18n.t(`shell.palette.tasks.${task.id}Keywords`))],
    group: 'Actions',
    visible: (c) => {
      const desk = findRoute(FEE_DESK);
      return desk !== undefined && canOpen(desk, c.userType) && can(c.userType, 'fee.write');
    },
    perform: (c) => c.navigate(task.to),
  }));

// ---- the moment ------------------------------------------------------------------------------

export const TAKE_ATTENDANCE = '/teacherattendance';

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
    // These need luxon; they load when the palette first opens, not with the shell.
    const [{ fetchTeacherPeriods }, { schoolClockTime, schoolToday }, { dueAttendanceCommand, commandNames }] =
      await Promise.all([import('@/api/attendance'), import('@/api/school-time'), import('@/ui/due-attendance')]);
    const [periods, names] = await Promise.all([
      fetchTeacherPeriods({ teacherId: ctx.profile.id, date: schoolToday() }),
      commandNames(ctx.language),
    ]);
    const command = dueAttendanceCommand(periods, schoolClockTime(), names);
    return command ? [command] : [];
  },
};
