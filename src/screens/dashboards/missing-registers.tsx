/**
 * The teacher's reminder of their registers not taken (docs/DOMAIN.md, "Attendance": a period's
 * register is missing 15 minutes after it ends): today's periods of theirs whose attendance nobody
 * took by then, with a link to Take Attendance (a past period of today is taken there too). Looked at again every minute while the page is open;
 * nothing is shown when none is missing.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { DateTime } from 'luxon';
import { useQuery } from '@tanstack/react-query';
import { teacherTodayQuery } from '@/api/attendance';
import { UNTAKEN_AFTER_MINUTES } from '@/api/schemas/attendance';
import type { RoutineTodayRow } from '@/api/schemas/routines';
import { schoolClockTime, schoolToday } from '@/api/school-time';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { Alert } from '@/ui/alert';
import { linkStyle } from '@/ui/table';
import { formatClockTime } from '@/screens/routines/week-routine';
import { localDigits } from '@/i18n/format';

/** The periods whose register is missing at `now` (HH:mm:ss, the school's clock). */
export function missingRegisters(rows: readonly RoutineTodayRow[], now: string): RoutineTodayRow[] {
  return rows
    .filter((r) => {
      // A period a substitute takes that day is not its own teacher's to take.
      if (r.attendance_taken || r.covered_by) return false;
      const due = DateTime.fromFormat(r.end_time, 'HH:mm:ss').plus({ minutes: UNTAKEN_AFTER_MINUTES });
      return due.isValid && due.toFormat('HH:mm:ss') <= now;
    })
    .sort((a, b) => a.start_time.localeCompare(b.start_time));
}

/** The school's clock time now, moved on every minute. */
function useClockTime(): string {
  const [now, setNow] = useState(() => schoolClockTime());
  useEffect(() => {
    const timer = setInterval(() => setNow(schoolClockTime()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function MissingRegisters({ teacherId }: { teacherId: number }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const date = schoolToday();
  const today = useQuery(teacherTodayQuery({ teacherId, date }));
  const now = useClockTime();
  const missing = today.data ? missingRegisters(today.data, now) : [];
  if (!missing.length) return null;
  return (
    <Alert tone="warning" className="mt-6">
      <p className="font-semibold">
        {t('attendance.untaken.reminder', { n: localDigits(String(missing.length), lang) })}
      </p>
      <ul className="mt-2 space-y-1">
        {missing.map((r) => (
          <li key={r.id}>
            {t('attendance.untaken.reminderPeriod', {
              period: localDigits(r.period_code, lang),
              subject: name('subjects', r.subject_name),
              class: name('classes', r.class_name),
              section: r.section_default_name,
              end: formatClockTime(r.end_time, lang),
            })}{' '}
            <Link href="/teacherattendance" className={linkStyle}>
              {t('attendance.untaken.takeNow')}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
