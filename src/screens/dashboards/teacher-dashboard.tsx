/**
 * /teacher-admin: 'Teacher Dashboard' tiles, then the teacher's name and code and their routine
 * (spec part 1, Teacher dashboard): day, period, start and end time, subject, class, section, room.
 * One day at a time, today's first (or the next day with classes), with a button per day and one
 * for the whole week: a week of periods as phone cards was several thousand pixels long.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RoutineRow } from '@/api/schemas/routines';
import { teacherRoutineQuery } from '@/api/routines';
import { formatClockTime, todayDayId, useDayName } from '@/screens/routines/week-routine';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { TileGrid } from '@/ui/tile-grid';
import { SmsLinks } from './sms-links';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { localDigits } from '@/i18n/format';
import { MissingRegisters } from './missing-registers';
import { TeacherSummary } from './teacher-summary';

export default function TeacherDashboard() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.teacherDashboard')} />
      <MissingRegisters teacherId={profile.id} />
      <TeacherSummary />
      <div className="mt-8">
        <TileGrid dashboard="/teacher-admin" />
        <SmsLinks />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card title={t('shell.dashboard.myProfile')}>
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-slate-500">{t('shell.dashboard.name')}</dt>
              <dd className="font-semibold text-slate-900">{profile.full_name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t('shell.dashboard.teacherCode')}</dt>
              <dd className="font-semibold text-slate-900">{profile.teacher_code ?? profile.user_code}</dd>
            </div>
          </dl>
        </Card>
        <Card title={t('shell.dashboard.myRoutine')} className="min-w-0 lg:col-span-2">
          <TeacherRoutine teacherId={profile.id} />
        </Card>
      </div>
    </>
  );
}

function TeacherRoutine({ teacherId }: { teacherId: number }) {
  const { t } = useI18n();
  const routine = useQuery(teacherRoutineQuery(teacherId));
  return (
    <QueryState
      query={routine}
      what={t('shell.dashboard.yourRoutineWhat')}
      loadingLabel={t('shell.dashboard.loadingRoutine')}
      empty={t('shell.dashboard.noClasses')}
      isEmpty={(rows) => rows.length === 0}
    >
      {(rows) => <RoutineByDay rows={rows} />}
    </QueryState>
  );
}

/** The day shown first: today when it has classes, else the next day (round the week) that has. */
export function firstDayShown(dayIds: readonly number[], today: number): number | 'week' {
  for (let step = 0; step < 7; step++) {
    const day = ((today - 1 + step) % 7) + 1;
    if (dayIds.includes(day)) return day;
  }
  return 'week';
}

function RoutineByDay({ rows }: { rows: readonly RoutineRow[] }) {
  const { t } = useI18n();
  const dayName = useDayName();
  const days = [...new Map(rows.map((r) => [r.day_id, r.day])).entries()].sort(([a], [b]) => a - b);
  const today = todayDayId();
  const [shown, setShown] = useState<number | 'week'>(() =>
    firstDayShown(
      days.map(([id]) => id),
      today,
    ),
  );
  const chosen = shown === 'week' ? rows : rows.filter((r) => r.day_id === shown);
  const button = (pressed: boolean) =>
    `min-h-11 rounded-md px-3 text-sm font-medium ring-1 ${
      pressed ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
    }`;
  return (
    <>
      <div role="group" aria-label={t('shell.dashboard.routineDays')} className="mb-3 flex flex-wrap gap-2">
        {days.map(([id, name]) => (
          <button
            key={id}
            type="button"
            aria-pressed={shown === id}
            className={button(shown === id)}
            onClick={() => setShown(id)}
          >
            {dayName(id, name)}
            {id === today ? ` · ${t('shell.routine.today')}` : ''}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={shown === 'week'}
          className={button(shown === 'week')}
          onClick={() => setShown('week')}
        >
          {t('shell.dashboard.wholeWeek')}
        </button>
      </div>
      <RoutineTable
        rows={[...chosen].sort((a, b) => a.day_id - b.day_id || a.start_time.localeCompare(b.start_time))}
      />
    </>
  );
}

const HEAD = ['day', 'period', 'start', 'end', 'subject', 'class', 'section', 'room'] as const;

function RoutineTable({ rows }: { rows: readonly RoutineRow[] }) {
  const { t, lang } = useI18n();
  const { name } = useNames();
  const dayName = useDayName();
  const head = HEAD.map((h) => t(`shell.routine.${h}`));
  const [day, period, start, end, subject, klass, section, room] = head;
  return (
    <DataTable caption={t('shell.dashboard.yourRoutine')} head={head} cards minWidth="40rem">
      {rows.map((row) => (
        <tr key={row.id}>
          <Td label={day}>{dayName(row.day_id, row.day)}</Td>
          <Td label={period}>{localDigits(row.period_code, lang)}</Td>
          <Td label={start}>{formatClockTime(row.start_time, lang)}</Td>
          <Td label={end}>{formatClockTime(row.end_time, lang)}</Td>
          <Td label={subject}>{name('subjects', row.subject_name)}</Td>
          <Td label={klass}>{name('classes', row.class_name)}</Td>
          <Td label={section}>{row.section_default_name}</Td>
          <Td label={room}>{localDigits(row.room, lang)}</Td>
        </tr>
      ))}
    </DataTable>
  );
}
