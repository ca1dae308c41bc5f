/**
 * /teacher-admin: 'Teacher Dashboard' tiles, then the teacher's name and code and their routine
 * (spec part 1, Teacher dashboard): day, period, start and end time, subject, class, section, room.
 */
import { useQuery } from '@tanstack/react-query';
import type { RoutineRow } from '@/api/schemas/routines';
import { teacherRoutineQuery } from '@/api/routines';
import { formatClockTime, useDayName } from '@/screens/routines/week-routine';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { QueryState } from '@/ui/status';
import { DataTable, Td } from '@/ui/table';
import { TileGrid } from '@/ui/tile-grid';
import { useI18n } from '@/i18n/i18n';
import { localDigits } from '@/i18n/format';

export default function TeacherDashboard() {
  const { t } = useI18n();
  const { profile } = useSignedIn();
  return (
    <>
      <PageHeader kicker={profile.school_name} title={t('shell.pages.teacherDashboard')} />
      <TileGrid dashboard="/teacher-admin" />
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
      {(rows) => <RoutineTable rows={rows} />}
    </QueryState>
  );
}

const HEAD = ['day', 'period', 'start', 'end', 'subject', 'class', 'section', 'room'] as const;

function RoutineTable({ rows }: { rows: readonly RoutineRow[] }) {
  const { t, lang } = useI18n();
  const dayName = useDayName();
  const head = HEAD.map((h) => t(`shell.routine.${h}`));
  const [day, period, start, end, subject, klass, section, room] = head;
  return (
    <DataTable caption={t('shell.dashboard.yourRoutine')} head={head} cards minWidth="40rem">
      {rows.map((row) => (
        <tr key={row.id}>
          <Td label={day}>{dayName(row.day_id, row.day)}</Td>
          <Td label={period}>{row.period_code}</Td>
          <Td label={start}>{formatClockTime(row.start_time, lang)}</Td>
          <Td label={end}>{formatClockTime(row.end_time, lang)}</Td>
          <Td label={subject}>{row.subject_name}</Td>
          <Td label={klass}>{row.class_name}</Td>
          <Td label={section}>{row.section_default_name}</Td>
          <Td label={room}>{localDigits(row.room, lang)}</Td>
        </tr>
      ))}
    </DataTable>
  );
}
