/**
 * The palette's "Now" command for whoever takes attendance from their own routine: the period
 * under way or about to start. Loaded when the palette opens (src/ui/built-in-commands.ts), since
 * it formats times with luxon, which the app shell does not otherwise need.
 */
import type { RoutineTodayRow } from '@/api/schemas/routines';
import type { Command } from '@/ui/commands';
import { TAKE_ATTENDANCE, wordsOf } from '@/ui/built-in-commands';
import { formatClockTime } from '@/ui/format';
import { request } from '@/api/client';
import type { BanglaNames } from '@/api/schemas/names';
import { i18n, type Language } from '@/i18n/i18n';
import { localDigits } from '@/i18n/digits';
import { localName } from '@/i18n/names';
import { lookupsEndpoints } from '@/api/endpoints/lookups';

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

/**
 * The school's Bangla names (docs/i18n.md, "Bangla names") for the command's words, in Bangla;
 * without them (offline, a failed read) the names show as written.
 */
export function commandNames(lang: Language): Promise<BanglaNames | undefined> {
  if (lang !== 'bn') return Promise.resolve(undefined);
  return request(lookupsEndpoints.namesBn).catch(() => undefined);
}

/** "Take attendance: 3rd · Mathematics, Six A" for the due period (see duePeriod); `names` from commandNames. */
export function dueAttendanceCommand(
  periods: readonly RoutineTodayRow[],
  now: string,
  names?: BanglaNames,
): Command | null {
  const due = duePeriod(periods, now);
  if (!due) return null;
  const p = due.period;
  const lang = i18n.language === 'bn' ? 'bn' : 'en';
  const time = (value: string) => (lang === 'en' ? formatClockTime(value) : localDigits(formatClockTime(value), lang));
  return {
    id: 'now:take-attendance',
    label: i18n.t('shell.palette.takeAttendance', {
      period: localDigits(p.period_code, lang),
      subject: localName('subjects', p.subject_name, lang, names),
      class: localName('classes', p.class_name, lang, names),
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
