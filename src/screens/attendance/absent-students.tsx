/**
 * /studentabsence: "Absence Student Information" (Name, Class, Section, Phone Number) for one
 * period (?routine_id=) or the whole day of a section (?section_id=&date=). The phone is the
 * guardian's number the absence message goes to.
 */
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { sectionAbsenteesQuery } from '@/api/attendance';
import { schoolToday } from '@/api/school-time';
import { Card, PageHeader } from '@/ui/page';
import { useSignedIn } from '@/ui/session';
import { EmptyState, QueryState } from '@/ui/status';
import { DataTable, Td, linkStyle } from '@/ui/table';
import { useSearchState } from '@/ui/use-search-state';
import { useI18n } from '@/i18n/i18n';
import { useNames } from '@/i18n/names';
import { formatDayMonthYear, num } from './format';
import { dashboardPath, dateParam, positiveId } from './section-today';

export default function AbsentStudentsScreen() {
  const { userType } = useSignedIn();
  const [params] = useSearchState({ section_id: '', routine_id: '', date: '' });
  const sectionId = positiveId(params.section_id);
  const routineId = positiveId(params.routine_id) ?? undefined;
  const date = dateParam(params.date, schoolToday());
  const { t, lang } = useI18n();

  return (
    <>
      <PageHeader title={t('attendance.absentees.title')} kicker={formatDayMonthYear(date, lang)}>
        <Link href={dashboardPath(userType)} className={`${linkStyle} inline-flex min-h-11 items-center`}>
          {t('attendance.common.backToAttendance')}
        </Link>
      </PageHeader>
      <Card>
        {sectionId === null ? (
          <EmptyState>{t('attendance.absentees.openPeriod')}</EmptyState>
        ) : (
          <Absentees sectionId={sectionId} routineId={routineId} date={date} />
        )}
      </Card>
    </>
  );
}

function Absentees({ sectionId, routineId, date }: { sectionId: number; routineId?: number; date: string }) {
  const absent = useQuery(sectionAbsenteesQuery({ section_id: sectionId, routine_id: routineId, date }));
  const { t, lang } = useI18n();
  const { name } = useNames();
  const head = [
    t('attendance.common.name'),
    t('attendance.common.roll'),
    t('attendance.common.class'),
    t('attendance.common.section'),
    t('attendance.absentees.phoneNumber'),
    t('attendance.absentees.absentIn'),
  ];
  return (
    <QueryState
      query={absent}
      what={t('attendance.absentees.theAbsent')}
      loadingLabel={t('attendance.absentees.loadingAbsent')}
      isEmpty={(rows) => rows.length === 0}
      empty={routineId ? t('attendance.absentees.noneInPeriod') : t('attendance.absentees.noneOnDay')}
    >
      {(rows) => (
        <DataTable caption={t('attendance.absentees.caption')} head={head} cards>
          {rows.map((s) => (
            <tr key={s.student_id}>
              <Td label={head[0]}>{s.full_name}</Td>
              <Td label={head[1]}>{num(s.class_roll_no, lang)}</Td>
              <Td label={head[2]}>{name('classes', s.class_name)}</Td>
              <Td label={head[3]}>{s.section_default_name}</Td>
              <Td label={head[4]}>
                {s.mobile_no ? (
                  <a href={`tel:${s.mobile_no}`} className={linkStyle}>
                    {s.mobile_no}
                  </a>
                ) : (
                  '—'
                )}
              </Td>
              <Td label={head[5]}>{s.period_codes.join(', ')}</Td>
            </tr>
          ))}
        </DataTable>
      )}
    </QueryState>
  );
}
